import { useQuery, useQueryClient } from '@tanstack/react-query';
import { cluePackageRoutes, fenOf, type TCluePackage, yuan } from '@yunhu/contract';
import { Button, Card, Form, Input, InputNumber, Space, Table } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { useEditModal } from '../../../shared/form/useEditModal';
import { call } from '../../../shared/http/api';
import { enabledColumn } from '../../../shared/list/enabledColumn';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { NumberCheckRateCard } from '../../numberCheck';

const c = t.cluePackage;
const key = ['clue', 'package-admin'] as const;
type TForm = { name: string; units: number; price: number };

/** 线索包管理 (platform/cluePackage): the quota packages enterprises buy; create, edit, put on or off the shelf. */
export const CluePackageAdminPage = () => {
  const client = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: () => call(cluePackageRoutes.packageList, { withDisabled: true }) });
  const form = useEditModal<TCluePackage>();
  const { editing } = form.modal;
  const refresh = () => client.invalidateQueries({ queryKey: ['clue'] });
  const save = async (v: TForm) => {
    await call(cluePackageRoutes.packageSave, {
      ...(editing ? { id: editing.id, isEnabled: editing.isEnabled } : {}),
      ...v,
      price: fenOf(v.price),
    });
    await refresh();
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        title={c.adminTitle}
        extra={
          <Button type="primary" onClick={form.openNew} data-testid="clue-package-add">
            {c.add}
          </Button>
        }
      >
        <Table<TCluePackage>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          columns={[
            { key: 'name', title: c.name, dataIndex: 'name' },
            { key: 'units', title: c.units, dataIndex: 'units' },
            moneyColumn(c.price, 'price'),
            enabledColumn<TCluePackage>(c.enabled, {
              testId: (row) => `clue-package-enabled-${row.id}`,
              onChange: (row, isEnabled) =>
                call(cluePackageRoutes.packageSetEnabled, { id: row.id, isEnabled })
                  .then(refresh)
                  .catch(() => undefined),
            }),
            {
              key: 'actions',
              title: c.actions,
              render: (_v, row) => (
                <Button type="link" onClick={() => form.openEdit(row)}>
                  {c.edit}
                </Button>
              ),
            },
          ]}
        />
        <FormModal<TForm>
          open={form.modal.open}
          title={editing ? c.editTitle : c.addTitle}
          testId="clue-package-modal"
          initialValues={editing ? { ...editing, price: Number(yuan(editing.price)) } : { units: 100 }}
          onCancel={form.modal.onClose}
          onDone={() => feedback.message.success(c.done)}
          onSubmit={save}
          fields={
            <>
              <Form.Item name="name" label={c.name} rules={[{ required: true, message: c.nameRequired }]}>
                <Input maxLength={40} />
              </Form.Item>
              <Form.Item name="units" label={c.units} rules={[{ required: true, message: c.numberRequired }]}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="price" label={c.price} rules={[{ required: true, message: c.numberRequired }]}>
                <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </>
          }
        />
      </Card>
      <NumberCheckRateCard />
    </Space>
  );
};
