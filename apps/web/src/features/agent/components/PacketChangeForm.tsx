import { minSecText, yuan } from '@yunhu/contract';
import { Button, Card, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { namedOptions } from '../../../shared/form/options';
import { useChangeablePackets, useChangeEnterprises, useChangeLines, useChangePacket } from '../stockApi';
import { LivePacketSelect, useConfirmedMove } from './LivePacketSelect';

const s = t.agentStock;

type TValues = { enterpriseId: number; packetId: number; lineId: number };

/** 套餐变更: the enterprise, one of its live packages, a line it may move to, then a confirmation. */
export const PacketChangeForm = () => {
  const [form] = Form.useForm<TValues>();
  const { isBusy, confirm } = useConfirmedMove();
  const [enterpriseId, setEnterpriseId] = useState<number | null>(null);
  const [packetId, setPacketId] = useState<number | null>(null);
  const enterprises = useChangeEnterprises();
  const packets = useChangeablePackets(enterpriseId);
  const lines = useChangeLines(enterpriseId, packetId);
  const change = useChangePacket();

  const onFinish = (v: TValues) => {
    const packet = packets.data?.find((p) => p.id === v.packetId);
    const line = lines.data?.find((l) => l.id === v.lineId);
    if (!packet || !line) return;
    confirm(
      s.confirmTitle,
      s.confirmBody(minSecText(packet.remainingSeconds), packet.lineName, line.name),
      async () => {
        await change(v);
        feedback.message.success(s.done);
        form.resetFields(['packetId', 'lineId']);
        setPacketId(null);
      },
    );
  };

  return (
    <Card title={s.changeTitle} style={{ marginBottom: 16 }} data-testid="agent-change-form">
      <Typography.Paragraph type="secondary">{s.changeHint}</Typography.Paragraph>
      <Form<TValues> form={form} layout="inline" onFinish={onFinish}>
        <Form.Item
          name="enterpriseId"
          label={s.enterprise}
          rules={[{ required: true, message: s.choose(s.enterprise) }]}
        >
          <Select
            data-testid="agent-change-enterprise"
            style={{ width: 220 }}
            loading={enterprises.isLoading}
            options={namedOptions(enterprises.data ?? [])}
            onChange={(id: number) => {
              setEnterpriseId(id);
              setPacketId(null);
              form.resetFields(['packetId', 'lineId']);
            }}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="packetId" label={s.packet} rules={[{ required: true, message: s.choose(s.packet) }]}>
          <LivePacketSelect
            packets={packets}
            hasEnterprise={enterpriseId !== null}
            noPackets={s.noPackets}
            testId="agent-change-packet"
            onChange={(id) => {
              setPacketId(id);
              form.resetFields(['lineId']);
            }}
          />
        </Form.Item>
        <Form.Item name="lineId" label={s.toLine} rules={[{ required: true, message: s.choose(s.toLine) }]}>
          <Select
            data-testid="agent-change-line"
            style={{ width: 240 }}
            loading={lines.isFetching}
            notFoundContent={packetId === null ? undefined : s.noLines}
            options={(lines.data ?? []).map((l) => ({
              value: l.id,
              label: s.lineOption(l.name, yuan(l.pricePerMinute)),
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={isBusy} data-testid="agent-change-submit">
            {s.submit}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
};
