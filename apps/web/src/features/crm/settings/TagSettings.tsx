import { PlusOutlined } from '@ant-design/icons';
import { type TTag, tagColors } from '@yunhu/contract';
import { Button, Form, Input, InputNumber, Popconfirm, Radio, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { useTags } from '../api';
import { type TTagInput, useSettingsActions } from './api';

const s = t.crmSettings;
type TTagColor = (typeof tagColors)[number];
/** The modal's target: null = closed, 'new' = adding, a tag = editing it. */
type TEditing = TTag | 'new' | null;

const TagFields = () => (
  <>
    <Form.Item name="name" label={s.tagName} rules={[{ required: true, whitespace: true, message: s.tagNameRequired }]}>
      <Input maxLength={12} showCount data-testid="crm-tag-name" />
    </Form.Item>
    <Form.Item name="color" label={s.tagColor}>
      <Radio.Group>
        {tagColors.map((color) => (
          <Radio key={color} value={color} aria-label={s.colors[color]}>
            <Tag color={color}>{s.colors[color]}</Tag>
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
    <Form.Item name="sort" label={s.sort} extra={s.sortHelp}>
      <InputNumber min={0} max={9999} precision={0} />
    </Form.Item>
  </>
);

/** 客户标签: the tags customers can carry, with how many carry each. */
export const TagSettings = () => {
  const tags = useTags();
  const actions = useSettingsActions();
  const [editing, setEditing] = useState<TEditing>(null);
  // Memoised: the modal resets its form whenever the initial values change identity.
  const initial = useMemo<Partial<TTagInput>>(
    () =>
      editing && editing !== 'new'
        ? { name: editing.name, color: editing.color as TTagColor, sort: editing.sort }
        : { color: 'blue', sort: 0 },
    [editing],
  );

  const onSubmit = async (values: TTagInput) => {
    await actions.saveTag({ ...values, id: editing && editing !== 'new' ? editing.id : undefined });
    feedback.message.success(s.tagSaved);
  };
  const onDelete = (tag: TTag) =>
    actions
      .deleteTag(tag.id)
      .then(() => feedback.message.success(s.tagDeleted))
      .catch(() => undefined);

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setEditing('new')}
        style={{ marginBottom: 12 }}
        data-testid="crm-tag-add"
      >
        {s.addTag}
      </Button>
      <Table<TTag>
        rowKey="id"
        size="small"
        loading={tags.isFetching}
        dataSource={tags.data ?? []}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: s.tagName,
            dataIndex: 'name',
            render: (name: string, tag) => <Tag color={tag.color}>{name}</Tag>,
          },
          { key: 'customerCount', title: s.tagCount, dataIndex: 'customerCount' },
          { key: 'sort', title: s.sort, dataIndex: 'sort' },
          {
            key: 'actions',
            title: s.actions,
            render: (_v, tag) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(tag)}>
                  {s.edit}
                </Button>
                <Popconfirm
                  title={s.tagDeleteConfirm(tag.name, tag.customerCount)}
                  okText={t.common.confirm}
                  cancelText={t.common.cancel}
                  onConfirm={() => onDelete(tag)}
                >
                  <Button type="link" size="small" danger>
                    {s.delete}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<TTagInput>
        open={editing !== null}
        title={editing === 'new' ? s.addTag : s.editTag}
        initialValues={initial}
        fields={<TagFields />}
        onSubmit={onSubmit}
        onCancel={() => setEditing(null)}
        testId="crm-tag-modal"
      />
    </>
  );
};
