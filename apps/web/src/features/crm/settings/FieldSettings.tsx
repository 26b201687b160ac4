import { PlusOutlined } from '@ant-design/icons';
import { customFieldTypeLabel, customFieldTypes, type TCustomField } from '@yunhu/contract';
import { Button, Form, Input, InputNumber, Popconfirm, Select, Space, Switch, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { useCustomFields } from '../api';
import { type TFieldInput, useSettingsActions } from './api';

const s = t.crmSettings;
type TEditing = TCustomField | 'new' | null;
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
      <Select options={customFieldTypes.map((v) => ({ value: v, label: customFieldTypeLabel[v] }))} />
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

/** 自定义字段: the extra customer fields the lists, filters and forms are built from. */
export const FieldSettings = () => {
  const fields = useCustomFields();
  const actions = useSettingsActions();
  const [editing, setEditing] = useState<TEditing>(null);
  const isEditing = editing !== null && editing !== 'new';
  // Memoised: the modal resets its form whenever the initial values change identity.
  const initial = useMemo<Partial<TFieldInput>>(
    () =>
      editing && editing !== 'new'
        ? (({ id: _id, ...rest }) => rest)(editing)
        : { type: 'text', options: [], isRequired: false, isInList: true, isInFilter: false, sort: 0 },
    [editing],
  );

  const onSubmit = async (values: TFieldInput) => {
    const options = withOptions.includes(values.type) ? (values.options ?? []).map((o) => o.trim()) : [];
    await actions.saveField({ ...values, options, id: editing && editing !== 'new' ? editing.id : undefined });
    feedback.message.success(s.fieldSaved);
  };
  const onDelete = (field: TCustomField) =>
    actions
      .deleteField(field.id)
      .then(() => feedback.message.success(s.fieldDeleted))
      .catch(() => undefined);

  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setEditing('new')}
        style={{ marginBottom: 12 }}
        data-testid="crm-field-add"
      >
        {s.addField}
      </Button>
      <Table<TCustomField>
        rowKey="id"
        size="small"
        loading={fields.isFetching}
        dataSource={fields.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
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
          {
            key: 'actions',
            title: s.actions,
            render: (_v, field) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(field)}>
                  {s.edit}
                </Button>
                <Popconfirm
                  title={s.fieldDeleteConfirm(field.name)}
                  okText={t.common.confirm}
                  cancelText={t.common.cancel}
                  onConfirm={() => onDelete(field)}
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
      <FormModal<TFieldInput>
        open={editing !== null}
        title={isEditing ? s.editField : s.addField}
        initialValues={initial}
        fields={<FieldFields isEditing={isEditing} />}
        onSubmit={onSubmit}
        onCancel={() => setEditing(null)}
        testId="crm-field-modal"
      />
    </>
  );
};
