import { PlusOutlined } from '@ant-design/icons';
import type { routeTables, TResponseOf } from '@yunhu/contract';
import { Button, Form, Input, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { RowAction } from '../../../shared/list/RowAction';
import { RowsTable } from '../../../shared/list/RowsTable';
import { useQuickReplies } from '../api';
import { type TQuickInput, useSettingsActions } from './api';

const s = t.crmSettings;
type TQuick = TResponseOf<typeof routeTables.crmSettings.quickList>[number];
type TEditing = TQuick | 'new' | null;

const QuickFields = () => (
  <>
    <Form.Item
      name="content"
      label={s.quickContent}
      rules={[{ required: true, whitespace: true, message: s.quickRequired }]}
    >
      <Input.TextArea rows={3} maxLength={200} showCount data-testid="crm-quick-content" />
    </Form.Item>
    <Form.Item name="sort" label={s.sort} extra={s.sortHelp}>
      <InputNumber min={0} max={9999} precision={0} />
    </Form.Item>
  </>
);

/**
 * One kind of quick replies (the enterprise's shared ones, or the person's own), to add, edit and
 * delete; the follow-up form's picker offers both kinds.
 */
export const QuickReplySettings = ({ isShared }: { isShared: boolean }) => {
  const quick = useQuickReplies();
  const actions = useSettingsActions();
  const [editing, setEditing] = useState<TEditing>(null);
  const rows = (quick.data ?? []).filter((q) => q.isShared === isShared);
  const prefix = isShared ? 'crm-quick-shared' : 'crm-quick-mine';
  // Memoised: the modal resets its form whenever the initial values change identity.
  const initial = useMemo<Partial<TQuickInput>>(
    () => (editing && editing !== 'new' ? { content: editing.content, sort: editing.sort } : { sort: 0 }),
    [editing],
  );

  const onSubmit = async (values: Pick<TQuickInput, 'content' | 'sort'>) => {
    await actions.saveQuick({ ...values, isShared, id: editing && editing !== 'new' ? editing.id : undefined });
    feedback.message.success(s.quickSaved);
  };
  const onDelete = (id: number) =>
    actions
      .deleteQuick(id)
      .then(() => feedback.message.success(s.quickDeleted))
      .catch(() => undefined);

  return (
    <div data-testid={prefix}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{isShared ? s.quickShared : s.quickMine}</Typography.Text>
          <Typography.Text type="secondary">{isShared ? s.quickSharedHelp : s.quickMineHelp}</Typography.Text>
        </Space>
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={`${prefix}-add`}>
          {s.addQuick}
        </Button>
      </Space>
      <RowsTable<TQuick>
        rowKey="id"
        loading={quick.isFetching}
        rows={rows}
        emptyText={s.quickEmpty}
        columns={[
          {
            key: 'content',
            title: s.quickContent,
            dataIndex: 'content',
            render: (v: string) => <span style={{ whiteSpace: 'pre-wrap' }}>{v}</span>,
          },
          { key: 'sort', title: s.sort, dataIndex: 'sort', width: 70 },
          {
            key: 'actions',
            title: s.actions,
            width: 120,
            render: (_v, q) => (
              <Space>
                <RowAction onClick={() => setEditing(q)}>{s.edit}</RowAction>
                <Popconfirm
                  title={s.quickDeleteConfirm}
                  okText={t.common.confirm}
                  cancelText={t.common.cancel}
                  onConfirm={() => onDelete(q.id)}
                >
                  <RowAction isDanger>{s.delete}</RowAction>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<Pick<TQuickInput, 'content' | 'sort'>>
        open={editing !== null}
        title={editing === 'new' ? s.addQuick : s.editQuick}
        initialValues={initial}
        fields={<QuickFields />}
        onSubmit={onSubmit}
        onCancel={() => setEditing(null)}
        testId={`${prefix}-modal`}
      />
    </div>
  );
};
