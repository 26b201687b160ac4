import { customFieldTypeLabel, customFieldTypes, type TCustomField } from '@yunhu/contract';
import { Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { optionsOf } from '../../../shared/form/options';
import { EditableTable } from '../../../shared/list/EditableTable';
import { useCustomFields } from '../api';
import { type TFieldInput, useSettingsActions } from './api';

const s = t.crmSettings;
const withOptions = ['select', 'multiselect'];

const FieldFields = ({ isEditing }: { isEditing: boolean }) => (
  <>
    <Form.Item
      name="name"
      label={s.fieldName}
      rules={[{ required: true, whitespace: true, message: s.fieldNameRequired }]}
    >
      <Input maxLength={20} showCount data-testid="crm-field-name" />
    </Form.Item>
    <Form.Item
      name="type"
      label={s.fieldType}
      rules={[{ required: true, message: s.fieldTypeRequired }]}
      extra={isEditing ? s.fieldTypeHelp : undefined}
    >
      <Select options={optionsOf(customFieldTypes, customFieldTypeLabel)} />
    </Form.Item>
    {/* Options only mean something for the choice types. */}
    <Form.Item noStyle dependencies={['type']}>
      {({ getFieldValue }) =>
        withOptions.includes(getFieldValue('type') as string) && (
          <Form.Item
            name="options"
            label={s.fieldOptions}
            extra={s.fieldOptionsHelp}
            rules={[{ required: true, type: 'array', min: 1, message: s.fieldOptionsRequired }]}
          >
            <Select mode="tags" open={false} tokenSeparators={[',', '，']} maxCount={50} />
          </Form.Item>
        )
      }
    </Form.Item>
    <Space size={24} wrap>
      <Form.Item name="isRequired" label={s.fieldRequired} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="isInList" label={s.fieldInList} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="isInFilter" label={s.fieldInFilter} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="sort" label={s.sort} tooltip={s.sortHelp}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </Space>
  </>
);

const yesNo = (v: boolean) => (v ? s.yes : s.no);

const texts = { add: s.addField, editTitle: s.editField, edit: s.edit, delete: s.delete, actions: s.actions };
const toInitial = (field: TCustomField | null): Partial<TFieldInput> =>
  field
    ? (({ id: _id, ...rest }) => rest)(field)
    : { type: 'text', options: [], isRequired: false, isInList: true, isInFilter: false, sort: 0 };

/** 自定义字段: the extra customer fields the lists, filters and forms are built from. */
export const FieldSettings = () => {
  const fields = useCustomFields();
  const actions = useSettingsActions();
  const onSave = async (values: TFieldInput, field: TCustomField | null) => {
    const options = withOptions.includes(values.type) ? (values.options ?? []).map((o) => o.trim()) : [];
    await actions.saveField({ ...values, options, id: field?.id });
    feedback.message.success(s.fieldSaved);
  };
  return (
    <EditableTable<TCustomField, TFieldInput>
      rows={fields.data ?? []}
      isLoading={fields.isFetching}
      texts={texts}
      testId="crm-field"
      columns={[
        { key: 'name', title: s.fieldName, dataIndex: 'name' },
        {
          key: 'type',
          title: s.fieldType,
          dataIndex: 'type',
          render: (v: TCustomField['type']) => customFieldTypeLabel[v],
        },
        {
          key: 'options',
          title: s.fieldOptions,
          dataIndex: 'options',
          render: (v: string[]) => (v.length === 0 ? s.none : v.map((o) => <Tag key={o}>{o}</Tag>)),
        },
        { key: 'isRequired', title: s.fieldRequired, dataIndex: 'isRequired', render: yesNo },
        { key: 'isInList', title: s.fieldInList, dataIndex: 'isInList', render: yesNo },
        { key: 'isInFilter', title: s.fieldInFilter, dataIndex: 'isInFilter', render: yesNo },
        { key: 'sort', title: s.sort, dataIndex: 'sort' },
      ]}
      fields={(isEditing) => <FieldFields isEditing={isEditing} />}
      toInitial={toInitial}
      onSave={onSave}
      onDelete={(field) => actions.deleteField(field.id).then(() => feedback.message.success(s.fieldDeleted))}
      deleteConfirm={(field) => s.fieldDeleteConfirm(field.name)}
    />
  );
};
