import { fenOf, type TAgentPacket, yuan } from '@yunhu/contract';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { namedOptions } from '../../../shared/form/options';
import type { TEditModalProps } from '../../../shared/form/useEditModal';
import { useCallLines, usePacketBase, useSavePacket } from '../stockApi';

const s = t.agentStock;

type TValues = { lineId: number; name: string; minutes: number; validityDays: number; price: number };

/** The base cost for the fields as typed, and the check of the price against it (the server checks again). */
const BaseHint = ({ lineId, minutes, validityDays }: Partial<TValues>) => {
  const base = usePacketBase({ lineId, minutes, validityDays });
  if (!base.data) return null;
  return (
    <Typography.Text type="secondary" data-testid="agent-packet-base">
      {s.basePriceNow(yuan(base.data.basePrice))}
    </Typography.Text>
  );
};

/** 新增/编辑套餐: line (opened ones), name, minutes, validity, price in yuan, the base shown as typed. */
export const AgentPacketForm = ({ editing, open, onClose }: TEditModalProps<TAgentPacket>) => {
  const lines = useCallLines();
  const save = useSavePacket();
  return (
    <FormModal<TValues>
      open={open}
      testId="agent-packet-form"
      title={editing ? s.editTitle : s.addTitle}
      initialValues={editing ? { ...editing, price: editing.price / 100 } : { minutes: undefined, validityDays: 30 }}
      onCancel={onClose}
      onSubmit={(v) => save({ ...v, id: editing?.id, price: fenOf(v.price) })}
      fields={(form) => (
        <>
          <Form.Item name="lineId" label={s.line} rules={[{ required: true, message: s.choose(s.line) }]}>
            <Select
              data-testid="agent-packet-line"
              loading={lines.isLoading}
              options={namedOptions(lines.data ?? [])}
            />
          </Form.Item>
          <Form.Item name="name" label={s.name} rules={[{ required: true, message: s.required(s.name) }]}>
            <Input maxLength={40} data-testid="agent-packet-name" />
          </Form.Item>
          <Form.Item name="minutes" label={s.minutes} rules={[{ required: true, message: s.required(s.minutes) }]}>
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="agent-packet-minutes" />
          </Form.Item>
          <Form.Item
            name="validityDays"
            label={s.validityDays}
            rules={[{ required: true, message: s.required(s.validityDays) }]}
          >
            <InputNumber min={1} max={3660} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="price"
            label={s.price}
            rules={[{ required: true, message: s.required(s.price) }]}
            extra={
              <Form.Item noStyle shouldUpdate>
                {() => (
                  <BaseHint
                    lineId={form.getFieldValue('lineId')}
                    minutes={form.getFieldValue('minutes')}
                    validityDays={form.getFieldValue('validityDays')}
                  />
                )}
              </Form.Item>
            }
          >
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} data-testid="agent-packet-price" />
          </Form.Item>
        </>
      )}
    />
  );
};
