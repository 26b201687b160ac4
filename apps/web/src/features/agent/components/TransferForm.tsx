import { minSecText, type TTransferEnterprise } from '@yunhu/contract';
import { Button, Card, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { useTransferablePackets, useTransferEnterprises, useTransferPacket } from '../transferApi';
import { LivePacketSelect, useConfirmedMove } from './LivePacketSelect';

const s = t.agentTransfer;

type TValues = { fromEnterpriseId: number; packetId: number; toEnterpriseId: number };

const enterpriseOptions = (list: TTransferEnterprise[], except: number | null, onlyActive: boolean) =>
  list
    .filter((e) => e.id !== except)
    .map((e) => ({
      value: e.id,
      label: e.status === 'active' ? e.name : `${e.name}${s.notActive}`,
      disabled: onlyActive && e.status !== 'active',
    }));

/**
 * 转移套餐: the source enterprise, one of its live packages (line, what is left, expiry), the target
 * (another of the agent's approved enterprises), then a confirmation saying what moves where.
 */
export const TransferForm = () => {
  const [form] = Form.useForm<TValues>();
  const { isBusy, confirm } = useConfirmedMove();
  const [fromId, setFromId] = useState<number | null>(null);
  const enterprises = useTransferEnterprises();
  const packets = useTransferablePackets(fromId);
  const transfer = useTransferPacket();
  const list = enterprises.data ?? [];
  const nameOf = (id: number) => list.find((e) => e.id === id)?.name ?? '';

  const onFinish = (v: TValues) => {
    const packet = packets.data?.find((p) => p.id === v.packetId);
    if (!packet) return;
    const body = s.confirmBody(
      minSecText(packet.remainingSeconds),
      nameOf(v.fromEnterpriseId),
      nameOf(v.toEnterpriseId),
    );
    confirm(s.confirmTitle, body, async () => {
      const moved = await transfer(v);
      feedback.message.success(s.done(moved.transferNo));
      form.resetFields(['packetId', 'toEnterpriseId']);
    });
  };

  return (
    <Card title={s.title} style={{ marginBottom: 16 }} data-testid="agent-transfer-form">
      <Typography.Paragraph type="secondary">{s.hint}</Typography.Paragraph>
      <Form<TValues> form={form} layout="inline" onFinish={onFinish}>
        <Form.Item name="fromEnterpriseId" label={s.from} rules={[{ required: true, message: s.required(s.from) }]}>
          <Select
            data-testid="agent-transfer-from"
            style={{ width: 220 }}
            placeholder={s.fromPlaceholder}
            loading={enterprises.isLoading}
            options={enterpriseOptions(list, null, false)}
            onChange={(id: number) => {
              setFromId(id);
              form.resetFields(['packetId', 'toEnterpriseId']);
            }}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="packetId" label={s.packet} rules={[{ required: true, message: s.required(s.packet) }]}>
          <LivePacketSelect
            packets={packets}
            hasEnterprise={fromId !== null}
            noPackets={s.noPackets}
            testId="agent-transfer-packet"
            placeholder={s.packetPlaceholder}
          />
        </Form.Item>
        <Form.Item name="toEnterpriseId" label={s.to} rules={[{ required: true, message: s.required(s.to) }]}>
          <Select
            data-testid="agent-transfer-to"
            style={{ width: 220 }}
            placeholder={s.toPlaceholder}
            options={enterpriseOptions(list, fromId, true)}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={isBusy} data-testid="agent-transfer-submit">
            {s.submit}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
};
