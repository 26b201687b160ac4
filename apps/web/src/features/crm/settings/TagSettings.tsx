import { type TTag, tagColors } from '@yunhu/contract';
import { Form, Input, InputNumber, Radio, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { EditableTable } from '../../../shared/list/EditableTable';
import { useTags } from '../api';
import { type TTagInput, useSettingsActions } from './api';

const s = t.crmSettings;
type TTagColor = (typeof tagColors)[number];

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

const texts = { add: s.addTag, editTitle: s.editTag, edit: s.edit, delete: s.delete, actions: s.actions };
const toInitial = (tag: TTag | null): Partial<TTagInput> =>
  tag ? { name: tag.name, color: tag.color as TTagColor, sort: tag.sort } : { color: 'blue', sort: 0 };

/** 客户标签: the tags customers can carry, with how many carry each. */
export const TagSettings = () => {
  const tags = useTags();
  const actions = useSettingsActions();
  return (
    <EditableTable<TTag, TTagInput>
      rows={tags.data ?? []}
      isLoading={tags.isFetching}
      texts={texts}
      testId="crm-tag"
      columns={[
        {
          key: 'name',
          title: s.tagName,
          dataIndex: 'name',
          render: (name: string, tag) => <Tag color={tag.color}>{name}</Tag>,
        },
        { key: 'customerCount', title: s.tagCount, dataIndex: 'customerCount' },
        { key: 'sort', title: s.sort, dataIndex: 'sort' },
      ]}
      fields={() => <TagFields />}
      toInitial={toInitial}
      onSave={async (values, tag) => {
        await actions.saveTag({ ...values, id: tag?.id });
        feedback.message.success(s.tagSaved);
      }}
      onDelete={(tag) => actions.deleteTag(tag.id).then(() => feedback.message.success(s.tagDeleted))}
      deleteConfirm={(tag) => s.tagDeleteConfirm(tag.name, tag.customerCount)}
    />
  );
};
