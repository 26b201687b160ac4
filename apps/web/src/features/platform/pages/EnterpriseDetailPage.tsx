import { enterpriseStatusLabel, PlatformPerm, yuan } from '@yunhu/contract';
import { Button, Card, Descriptions, Empty, Space, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { Permission } from '../../../shared/permission/Permission';
import { beijingFormat } from '../../../shared/time/beijing';
import { ContractModal } from '../components/ContractModal';
import { useContract, useEnterpriseInfo } from '../contentApi';

const c = t.platformContent;
const date = (v: number) => beijingFormat(v, 'YYYY-MM-DD');

/** 企业详情 (platform operator): the enterprise and its contract terms (findContract). */
export const EnterpriseDetailPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id'));
  const info = useEnterpriseInfo(id);
  const contract = useContract(id);
  const [isEditing, setEditing] = useState(false);
  if (info.isLoading) return <Spin />;
  const e = info.data;
  if (!e) return <Empty description={t.app.notFound} />;
  const k = contract.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="enterprise-detail">
      <Card
        title={`${c.enterprise} · ${e.name}`}
        extra={<Button onClick={() => navigate('/menu/platform/enterprise')}>{c.back}</Button>}
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t.platform.code}>{e.code}</Descriptions.Item>
          <Descriptions.Item label={t.platform.status}>{enterpriseStatusLabel[e.status]}</Descriptions.Item>
          <Descriptions.Item label={t.platform.authState}>{e.authStateLabel}</Descriptions.Item>
          <Descriptions.Item label={t.platform.admin}>{e.adminName ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t.platform.adminMobile}>{e.adminMobile ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t.platform.userCount}>{e.userCount}</Descriptions.Item>
          <Descriptions.Item label={t.platform.createdAt}>{date(e.createdAt)}</Descriptions.Item>
          {e.statusReason && <Descriptions.Item label={t.platform.reason}>{e.statusReason}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card
        title={c.contract}
        extra={
          <Permission value={PlatformPerm.contractEdit}>
            <Button type="primary" onClick={() => setEditing(true)}>
              {k ? c.editContract : c.addContract}
            </Button>
          </Permission>
        }
      >
        {k ? (
          <Descriptions column={3} size="small" data-testid="contract">
            <Descriptions.Item label={c.contractNo}>{k.contractNo}</Descriptions.Item>
            <Descriptions.Item label={c.signedAt}>{date(k.signedAt)}</Descriptions.Item>
            <Descriptions.Item label={c.seats}>{k.seats}</Descriptions.Item>
            <Descriptions.Item label={c.seatPrice}>{yuan(k.seatPrice)}</Descriptions.Item>
            <Descriptions.Item label={c.term}>{`${date(k.startAt)} ~ ${date(k.endAt)}`}</Descriptions.Item>
            <Descriptions.Item label={c.updatedAt}>{date(k.updatedAt)}</Descriptions.Item>
            {k.remark && <Descriptions.Item label={c.remark}>{k.remark}</Descriptions.Item>}
          </Descriptions>
        ) : (
          <Empty description={c.noContract} />
        )}
      </Card>
      <ContractModal open={isEditing} tenantId={id} contract={k ?? null} onClose={() => setEditing(false)} />
    </Space>
  );
};
