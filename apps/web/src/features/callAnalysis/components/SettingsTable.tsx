import { App, Button, Popconfirm, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';

const c = t.callAnalysis.settings;

/**
 * A list of 质检设置 (rules, fields): 新增 above it, 编辑 and 删除 on each row, one modal form for
 * adding and editing. `toForm` gives a row's form values, `onSave` saves them (id: the row edited).
 */
export const SettingsTable = <R extends { id: number }, V extends object>(props: {
  what: string;
  testId: string;
  rows: R[];
  isLoading: boolean;
  columns: ColumnsType<R>;
  fields: ReactNode;
  newValues: Partial<V>;
  toForm: (row: R) => Partial<V>;
  onSave: (id: number | undefined, values: V) => Promise<unknown>;
  onDelete: (id: number) => Promise<unknown>;
}) => {
  const { message } = App.useApp();
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const row = editing === 'new' ? null : editing;
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
        {c.add}
      </Button>
      <Table<R>
        rowKey="id"
        size="small"
        loading={props.isLoading}
        dataSource={props.rows}
        pagination={false}
        data-testid={props.testId}
        columns={[
          ...props.columns,
          {
            key: 'actions',
            title: c.actions,
            render: (_v, r) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(r)}>
                  {c.edit}
                </Button>
                <Popconfirm
                  title={c.removeConfirm}
                  onConfirm={() => props.onDelete(r.id).then(() => message.success(c.removed))}
                >
                  <Button type="link" size="small" danger>
                    {c.remove}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<V>
        open={editing !== null}
        title={`${row ? c.edit : c.add}${props.what}`}
        testId={`${props.testId}-form`}
        initialValues={row ? props.toForm(row) : props.newValues}
        fields={props.fields}
        onSubmit={(v) => props.onSave(row?.id, v)}
        onCancel={() => setEditing(null)}
        onDone={() => message.success(c.saved)}
      />
    </>
  );
};
