import { Perm } from '@yunhu/contract';
import { Button, Card, Col, Result, Row, Skeleton, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { usePermission } from '../../../shared/permission/usePermission';
import { CallButton, CustomerCalls, LinePicker, useDialLineId } from '../../call';
import { ScriptButton } from '../../resource';
import { type TPool, useCustomer } from '../api';
import { CallFollowUp } from '../components/CallFollowUp';
import { CommentForm } from '../components/CommentForm';
import { CustomerFieldsCard } from '../components/CustomerFieldsCard';
import { CustomerHeader } from '../components/CustomerHeader';
import { CustomerTimeline } from '../components/CustomerTimeline';
import { FollowForm } from '../components/FollowForm';
import { AddVisitButton } from '../visits/VisitFormModal';

const c = t.crm;

/** 客户详情 (CRM/customerDetails?id=…[&pool=public]): everything about one customer on one page. */
export const CustomerDetailsPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = Number(params.get('id')) || 0;
  const pool: TPool = params.get('pool') === 'public' ? 'public' : 'private';
  const canUpdate = usePermission(Perm.customerUpdate);
  const customer = useCustomer(id, pool);
  // The line picked beside the call button: its own 话术 comes first in the panel.
  const lineId = useDialLineId();
  // The call made from this page: its end opens the follow-up with the label it showed.
  const [followBind, setFollowBind] = useState<string | null>(null);

  if (customer.isLoading) return <Skeleton active />;
  if (!customer.data) {
    return (
      <Result
        status="404"
        title={c.notFound}
        extra={
          <Button
            type="primary"
            onClick={() => navigate(pool === 'public' ? '/menu/CRM/totalOfCustomer' : '/menu/CRM/myCustomer')}
          >
            {c.backToList}
          </Button>
        }
      />
    );
  }
  const isPrivate = pool === 'private';
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <CustomerHeader customer={customer.data} pool={pool} />
      {followBind && (
        <CallFollowUp key={followBind} customerId={id} bindId={followBind} onClose={() => setFollowBind(null)} />
      )}
      <Row gutter={12}>
        <Col xs={24} lg={10}>
          <CustomerFieldsCard customer={customer.data} isEditable={isPrivate && canUpdate} />
        </Col>
        <Col xs={24} lg={14}>
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {isPrivate && (
              <Card size="small">
                <Tabs
                  tabBarExtraContent={<AddVisitButton customerId={id} size="small" />}
                  items={[
                    {
                      key: 'follow',
                      label: c.follow,
                      children: <FollowForm customerId={id} nextFollowAt={customer.data.nextFollowAt} />,
                    },
                    { key: 'comment', label: c.comment, children: <CommentForm customerId={id} /> },
                  ]}
                />
              </Card>
            )}
            <CustomerCalls
              customerId={id}
              extra={
                isPrivate && (
                  <Space>
                    <LinePicker />
                    <CallButton
                      telB={customer.data.mobile}
                      customerId={id}
                      type="primary"
                      label={t.call.call}
                      onCallStarted={setFollowBind}
                    />
                    <ScriptButton lineId={lineId} />
                  </Space>
                )
              }
            />
            <CustomerTimeline customerId={id} />
          </Space>
        </Col>
      </Row>
    </Space>
  );
};
