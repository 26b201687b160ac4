import {
  AgentPerm,
  agentRoutes,
  fenOf,
  money,
  type TAgent,
  type TAgentSettlement,
  type TAgentSettlementMonth,
  yuan,
} from '@yunhu/contract';
import { Alert, Button, Descriptions, Drawer, Form, Input, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { platformSettlementPageKey, useSettle, useSettlementSummary } from '../settlementApi';

const s = t.agentSettlement;

type TSettleForm = { amount?: number; paymentRef?: string; remark?: string };

const monthColumns: TListColumn<TAgentSettlementMonth>[] = [
  { key: 'month', title: s.month, dataIndex: 'month' },
  moneyColumn(s.earned, 'earned'),
  { key: 'reversed', title: s.reversed, dataIndex: 'reversed', render: (v: number) => (v ? money(-v) : '—') },
  { key: 'settled', title: s.settled, dataIndex: 'settled', render: (v: number) => (v ? money(-v) : '—') },
  {
    key: 'net',
    title: s.monthNet,
    render: (_v: unknown, m: TAgentSettlementMonth) => money(m.earned - m.reversed),
  },
];

export const settlementColumns: TListColumn<TAgentSettlement>[] = [
  { key: 'settlementNo', title: s.settlementNo, dataIndex: 'settlementNo' },
  moneyColumn(s.amount, 'amount'),
  { key: 'paymentRef', title: s.paymentRef, dataIndex: 'paymentRef' },
  { key: 'remark', title: s.remark, dataIndex: 'remark', ellipsis: true },
  { key: 'createdByName', title: s.createdBy, dataIndex: 'createdByName' },
  timeColumn(s.createdAt),
];

/**
 * 代理商结算 (the platform's drawer for one agent): its margin earned, taken back, settled and
 * settleable, by month; a settlement recorded after a confirmation, once per drawer key (a double
 * click or a retry settles once); its settlements below.
 */
export const AgentSettlementDrawer = ({ agent, onClose }: { agent: TAgent | null; onClose: () => void }) => (
  <Drawer
    open={agent !== null}
    width={960}
    title={agent ? s.drawerTitle(agent.name) : ''}
    onClose={onClose}
    destroyOnHidden
    data-testid="agent-settlement-drawer"
  >
    {agent && <SettlementBody agent={agent} />}
  </Drawer>
);

const SettlementBody = ({ agent }: { agent: TAgent }) => {
  const summary = useSettlementSummary(agent.id);
  const settle = useSettle();
  const { modal } = useApp();
  const [form] = Form.useForm<TSettleForm>();
  // One key per settlement: made when the drawer opens, renewed after each settlement.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [isSaving, setSaving] = useState(false);
  const data = summary.data;
  const settleable = data?.settleable ?? 0;

  const submit = async () => {
    const v = await form.validateFields();
    const amount = fenOf(v.amount ?? 0);
    const paymentRef = (v.paymentRef ?? '').trim();
    modal.confirm({
      title: s.form,
      content: s.confirm(yuan(amount), agent.name, paymentRef),
      okText: s.submit,
      cancelText: t.common.cancel,
      onOk: async () => {
        if (isSaving) return;
        setSaving(true);
        try {
          const done = await settle({
            agentId: agent.id,
            amount,
            paymentRef,
            remark: (v.remark ?? '').trim(),
            requestKey,
          });
          feedback.message.success(s.done(done.settlementNo));
          form.resetFields();
          setRequestKey(crypto.randomUUID());
        } catch {
          // The HTTP client showed the refusal (e.g. more than settleable); the form stays for a fix.
        } finally {
          setSaving(false);
        }
      },
    });
  };

  return (
    <>
      {agent.status === 'closed' && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={s.closedHint} />
      )}
      <Descriptions size="small" column={4} bordered data-testid="agent-settlement-summary">
        <Descriptions.Item label={s.earned}>{data ? money(data.earned) : '—'}</Descriptions.Item>
        <Descriptions.Item label={s.reversed}>{data ? money(data.reversed) : '—'}</Descriptions.Item>
        <Descriptions.Item label={s.settled}>{data ? money(data.settled) : '—'}</Descriptions.Item>
        <Descriptions.Item label={s.settleable}>
          <span data-testid="agent-settleable">{data ? money(settleable) : '—'}</span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {s.months}
      </Typography.Title>
      <Table<TAgentSettlementMonth>
        rowKey="month"
        size="small"
        loading={summary.isLoading}
        dataSource={data?.months ?? []}
        pagination={false}
        columns={monthColumns}
      />
      <Permission value={AgentPerm.platformManage}>
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          {s.form}
        </Typography.Title>
        {data && settleable <= 0 ? (
          <Alert type="info" showIcon message={s.nothing} />
        ) : (
          <Form<TSettleForm> form={form} layout="inline" data-testid="agent-settle-form">
            <Form.Item
              name="amount"
              label={s.amount}
              rules={[
                { required: true, message: s.amountRequired },
                {
                  validator: (_r, v: number | null | undefined) => {
                    if (v === null || v === undefined) return Promise.resolve();
                    if (fenOf(v) <= 0) return Promise.reject(new Error(s.amountPositive));
                    if (fenOf(v) > settleable) return Promise.reject(new Error(s.amountOver(yuan(settleable))));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <InputNumber min={0} precision={2} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name="paymentRef"
              label={s.paymentRef}
              tooltip={s.paymentRefHint}
              rules={[{ required: true, whitespace: true, message: s.paymentRefRequired }]}
            >
              <Input maxLength={64} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="remark" label={s.remark}>
              <Input maxLength={200} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item>
              <Button
                type="primary"
                loading={isSaving}
                onClick={() => void submit().catch(() => undefined)}
                data-testid="agent-settle-submit"
              >
                {s.submit}
              </Button>
            </Form.Item>
          </Form>
        )}
      </Permission>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {s.records}
      </Typography.Title>
      <ListPage
        isLocal
        pageKey={`${platformSettlementPageKey}-${agent.id}`}
        route={agentRoutes.platformSettlementPage}
        params={{ agentId: agent.id }}
        columns={settlementColumns}
      />
    </>
  );
};
