import { useQuery, useQueryClient } from '@tanstack/react-query';
import { fenOf, packetRoutes, packetTypeLabel, type TPacketProduct, yuan } from '@yunhu/contract';
import { Button, Card, Form, Input, InputNumber, Select, Table } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { namedOptions } from '../../../shared/form/options';
import { useEditModal } from '../../../shared/form/useEditModal';
import { call } from '../../../shared/http/api';
import { enabledColumn } from '../../../shared/list/enabledColumn';
import { moneyColumn } from '../../../shared/list/moneyColumn';

const p = t.packet;
const key = ['packet', 'admin'] as const;
type TForm = { lineId: number; name: string; minutes: number; price: number; validityDays: number };

/** 套餐管理 (platform/packet): the catalogue by line; create, edit, price, put on or off the shelf. */
export const PacketAdminPage = () => {
  const client = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: () => call(packetRoutes.list, { withDisabled: true }) });
  const lines = useQuery({
    queryKey: ['packet', 'lines'],
    queryFn: () => call(packetRoutes.lineOptions, {}),
    select: (rows) => namedOptions(rows),
  });
  const form = useEditModal<TPacketProduct>();
  const { editing } = form.modal;
  const refresh = () => client.invalidateQueries({ queryKey: ['packet'] });
  const save = async (v: TForm) => {
    await call(packetRoutes.save, {
      ...(editing ? { id: editing.id, isEnabled: editing.isEnabled } : {}),
      ...v,
      price: fenOf(v.price),
    });
    await refresh();
  };
  return (
    <Card
      title={p.title}
      extra={
        <Button type="primary" onClick={form.openNew} data-testid="packet-add">
          {p.add}
        </Button>
      }
    >
      <Table<TPacketProduct>
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { key: 'line', title: p.line, dataIndex: 'lineName' },
          { key: 'type', title: p.type, dataIndex: 'type', render: (v: 'minutes') => packetTypeLabel[v] },
          { key: 'name', title: p.name, dataIndex: 'name' },
          { key: 'minutes', title: p.minutes, dataIndex: 'minutes' },
          moneyColumn(p.price, 'price'),
          { key: 'validityDays', title: p.validityDays, dataIndex: 'validityDays' },
          enabledColumn<TPacketProduct>(p.enabled, {
            testId: (row) => `packet-enabled-${row.id}`,
            onChange: (row, isEnabled) =>
              call(packetRoutes.setEnabled, { id: row.id, isEnabled })
                .then(refresh)
                .catch(() => undefined),
          }),
          {
            key: 'actions',
            title: p.actions,
            render: (_v, row) => (
              <Button type="link" onClick={() => form.openEdit(row)}>
                {p.edit}
              </Button>
            ),
          },
        ]}
      />
      <FormModal<TForm>
        open={form.modal.open}
        title={editing ? p.editTitle : p.addTitle}
        testId="packet-modal"
        initialValues={
          editing ? { ...editing, price: Number(yuan(editing.price)) } : { minutes: 1000, validityDays: 30 }
        }
        onCancel={form.modal.onClose}
        onDone={() => feedback.message.success(p.done)}
        onSubmit={save}
        fields={
          <>
            <Form.Item name="lineId" label={p.line} rules={[{ required: true, message: p.selectLine }]}>
              <Select options={lines.data ?? []} placeholder={p.selectLine} />
            </Form.Item>
            <Form.Item name="name" label={p.name} rules={[{ required: true, message: p.nameRequired }]}>
              <Input maxLength={40} />
            </Form.Item>
            <Form.Item name="minutes" label={p.minutes} rules={[{ required: true, message: p.numberRequired }]}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="price" label={p.price} rules={[{ required: true, message: p.numberRequired }]}>
              <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="validityDays"
              label={p.validityDays}
              rules={[{ required: true, message: p.numberRequired }]}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        }
      />
    </Card>
  );
};
