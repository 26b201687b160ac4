import {
  extractionFieldTypeName,
  extractionFieldTypes,
  type TExtractionField,
  type TExtractionFieldInput,
} from '@yunhu/contract';
import { App, Button, Form, Input, InputNumber, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { FormModal } from '../../../shared/form/FormModal';
import { useExtractionFields, useQualityActions } from '../api';

const c = t.callAnalysis.settings;

const tags = (label: string) => (
  <Select mode="tags" open={false} tokenSeparators={[',', '，', ' ']} aria-label={label} />
);

const fieldFields = (
  <>
    <Form.Item name="name" label={c.fieldName} rules={[{ required: true, message: c.fieldName }]}>
      <Input maxLength={20} aria-label={c.fieldName} />
    </Form.Item>
    <Form.Item name="type" label={c.fieldType} rules={[{ required: true, message: c.fieldType }]}>
      <Select
        options={extractionFieldTypes.map((v) => ({ value: v, label: extractionFieldTypeName[v] }))}
        aria-label={c.fieldType}
      />
    </Form.Item>
    <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type}>
      {({ getFieldValue }) =>
        getFieldValue('type') === 'choice' && (
          <Form.Item name="options" label={c.options} rules={[{ required: true, message: c.options }]}>
            {tags(c.options)}
          </Form.Item>
        )
      }
    </Form.Item>
    <Form.Item name="hint" label={c.hint}>
      <Input.TextArea maxLength={200} rows={2} />
    </Form.Item>
    <Form.Item name="keywords" label={c.keywords}>
      {tags(c.keywords)}
    </Form.Item>
    <Form.Item name="sort" label={c.sort}>
      <InputNumber min={0} max={9999} style={{ width: '100%' }} />
    </Form.Item>
  </>
);

/** 提取字段: what the analyst fills per call, added, changed and deleted in place. */
export const ExtractionFields = () => {
  const { message } = App.useApp();
  const { data = [], isLoading } = useExtractionFields();
  const { saveField, deleteField } = useQualityActions();
  const [editing, setEditing] = useState<TExtractionField | 'new' | null>(null);
  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => setEditing('new')}>
        {c.add}
      </Button>
      <Table<TExtractionField>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        data-testid="extraction-fields"
        columns={[
          { key: 'name', title: c.fieldName, dataIndex: 'name' },
          { key: 'type', title: c.fieldType, render: (_v, f) => <Tag>{extractionFieldTypeName[f.type]}</Tag> },
          { key: 'options', title: c.options, render: (_v, f) => f.options.join('、') || '-' },
          { key: 'hint', title: c.hint, dataIndex: 'hint' },
          { key: 'keywords', title: c.keywords, render: (_v, f) => f.keywords.join('、') || '-' },
          {
            key: 'actions',
            title: c.actions,
            render: (_v, f) => (
              <Space>
                <Button type="link" size="small" onClick={() => setEditing(f)}>
                  {c.edit}
                </Button>
                <Popconfirm
                  title={c.removeConfirm}
                  onConfirm={() => deleteField.mutateAsync(f.id).then(() => message.success(c.removed))}
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
      <FormModal<TExtractionFieldInput>
        open={editing !== null}
        title={editing === 'new' ? `${c.add}${c.fieldsTab}` : `${c.edit}${c.fieldsTab}`}
        testId="extraction-field-form"
        initialValues={editing && editing !== 'new' ? editing : { sort: 0 }}
        fields={fieldFields}
        onSubmit={(v) => saveField.mutateAsync({ ...v, id: editing && editing !== 'new' ? editing.id : undefined })}
        onCancel={() => setEditing(null)}
        onDone={() => message.success(c.saved)}
      />
    </>
  );
};
