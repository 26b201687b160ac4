import { PlusOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { type ReactNode, useMemo } from 'react';
import * as t from '../../locales/zh-CN';
import { FormModal } from '../form/FormModal';
import { useEditModal } from '../form/useEditModal';
import { RowAction } from './RowAction';

type TEditableTableProps<T extends { id: number }, V extends object> = {
  rows: T[];
  isLoading: boolean;
  /** The data columns; the 编辑/删除 column is added after them. */
  columns: ColumnType<T>[];
  texts: { add: string; editTitle: string; edit: string; delete: string; actions: string };
  /** The form's fields; `isEditing` when an existing row is changed. */
  fields: (isEditing: boolean) => ReactNode;
  /** The form's values: of the row being edited, or for a new one (null). */
  toInitial: (row: T | null) => Partial<V>;
  /** Saves the form (the row is null when adding); the modal stays open when it throws. */
  onSave: (values: V, row: T | null) => Promise<unknown>;
  onDelete: (row: T) => Promise<unknown>;
  deleteConfirm: (row: T) => string;
  /** Prefix of the test ids: `<testId>-add` on the add button, `<testId>-modal` on the form. */
  testId: string;
};

/** A short, unpaged list of settings to add, edit in a modal form and delete after a confirmation. */
export const EditableTable = <T extends { id: number }, V extends object>(props: TEditableTableProps<T, V>) => {
  const { texts, toInitial } = props;
  const form = useEditModal<T>();
  const row = form.modal.editing;
  // Memoised (keep `toInitial` stable too): the modal resets its form whenever the initial values change identity.
  const initial = useMemo(() => toInitial(row), [row, toInitial]);
  const actions: ColumnType<T> = {
    key: 'actions',
    title: texts.actions,
    render: (_v, r) => (
      <Space>
        <RowAction onClick={() => form.openEdit(r)}>{texts.edit}</RowAction>
        <Popconfirm
          title={props.deleteConfirm(r)}
          okText={t.common.confirm}
          cancelText={t.common.cancel}
          onConfirm={() => props.onDelete(r).catch(() => undefined)}
        >
          <RowAction isDanger>{texts.delete}</RowAction>
        </Popconfirm>
      </Space>
    ),
  };
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={form.openNew}
        style={{ marginBottom: 12 }}
        data-testid={`${props.testId}-add`}
      >
        {texts.add}
      </Button>
      <Table<T>
        rowKey="id"
        size="small"
        loading={props.isLoading}
        dataSource={props.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[...props.columns, actions]}
      />
      <FormModal<V>
        open={form.modal.open}
        title={row ? texts.editTitle : texts.add}
        initialValues={initial}
        fields={props.fields(row !== null)}
        onSubmit={(values) => props.onSave(values, row)}
        onCancel={form.modal.onClose}
        testId={`${props.testId}-modal`}
      />
    </>
  );
};
