import { Button, Card, Col, Descriptions, Modal, Result, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { Phone } from '../../../shared/components/Phone';
import { useFieldList, useRecycleDetail } from '../api';
import { useBatchRunner } from '../components/BatchResult';
import { TimelineList } from '../components/CustomerTimeline';
import { customText } from '../components/customerColumns';
import { RecycleRowActions } from '../components/RecycleActions';
import { CustomerTags, DealTag, fmtTime, LevelTag, PhoneLabelTag } from '../format';

const c = t.crm;

/**
 * 回收站客户详情 (CRM/recyclerDetail?id=…): the deleted customer as it was, with its history, and
 * recover / delete. CRM/recyclerDetail1 shows the same, read-only.
 */
export const RecyclerDetailPage = ({ isReadOnly = false }: { isReadOnly?: boolean }) => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || 0;
  const detail = useRecycleDetail(id);
  const { run, node } = useBatchRunner();
  const [modal, modalNode] = Modal.useModal();
  const fields = useFieldList();
  const back = () => navigate('/menu/CRM/recycler');
  if (detail.isLoading) return <Skeleton active />;
  const d = detail.data;
  if (!d) {
    return (
      <Result
        status="404"
        title={c.notFound}
        extra={
          <Button type="primary" onClick={back}>
            {c.backToList}
          </Button>
        }
      />
    );
  }
  const items = [
    { key: 'mobile', label: c.mobile, children: <Phone value={d.mobile} isRevealable={!d.isMobileMasked} /> },
    { key: 'company', label: c.company, children: d.company || c.none },
    { key: 'level', label: c.level, children: <LevelTag value={d.intentionLevel} isLong /> },
    { key: 'deal', label: c.deal, children: <DealTag isDeal={d.isDeal} /> },
    { key: 'label', label: c.phoneLabel, children: <PhoneLabelTag value={d.phoneLabel} /> },
    { key: 'tags', label: c.tags, children: <CustomerTags tags={d.tags} /> },
    { key: 'owner', label: c.owner, children: d.ownerName ?? c.inPool },
    { key: 'source', label: c.source, children: d.source || c.none },
    { key: 'address', label: c.address, children: d.address || c.none },
    { key: 'remark', label: c.remark, children: d.remark || c.none },
    ...fields.map((f) => ({ key: `f${f.id}`, label: f.name, children: customText(f, d.customValues[String(f.id)]) })),
    { key: 'createdAt', label: c.createdAt, children: fmtTime(d.createdAt) },
    { key: 'lastFollowAt', label: c.lastFollow, children: fmtTime(d.lastFollowAt) },
  ];
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {d.name}
            </Typography.Title>
            <Tag color="red">{c.recycledInfo(d.deletedByName ?? c.systemJob, fmtTime(d.deletedAt))}</Tag>
          </Space>
          <Space>
            {!isReadOnly && (
              <RecycleRowActions id={d.id} name={d.name} run={run} confirm={modal.confirm} onGone={back} />
            )}
            <Button onClick={back}>{c.backToList}</Button>
          </Space>
        </Space>
      </Card>
      <Row gutter={12}>
        <Col xs={24} lg={10}>
          <Card size="small" title={c.basicInfo}>
            <Descriptions column={1} size="small" items={items} />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={c.timeline}>
            <TimelineList items={d.timeline} />
          </Card>
        </Col>
      </Row>
      {modalNode}
      {node}
    </Space>
  );
};

export const RecyclerDetailReadOnlyPage = () => <RecyclerDetailPage isReadOnly />;
