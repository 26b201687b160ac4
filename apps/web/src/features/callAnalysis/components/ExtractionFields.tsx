import {
  extractionFieldTypeName,
  extractionFieldTypes,
  type TExtractionField,
  type TExtractionFieldInput,
} from '@yunhu/contract';
import { Form, Input, InputNumber, Select, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { EditableTable } from '../../../shared/list/EditableTable';
import { useApp } from '../../../shared/modal/useApp';
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

const fieldTexts = {
  add: `${c.add}${c.fieldsTab}`,
  editTitle: `${c.edit}${c.fieldsTab}`,
  edit: c.edit,
  delete: c.remove,
  actions: c.actions,
};
const fieldInitial = (row: TExtractionField | null): Partial<TExtractionFieldInput> => row ?? { sort: 0 };

/** 提取字段: what the analyst fills per call, added, changed and deleted in place. */
export const ExtractionFields = () => {
  const { message } = useApp();
  const { data = [], isLoading } = useExtractionFields();
  const { saveField, deleteField } = useQualityActions();
  return (
    <EditableTable<TExtractionField, TExtractionFieldInput>
      testId="extraction-fields"
      rows={data}
      isLoading={isLoading}
      texts={fieldTexts}
      fields={() => fieldFields}
      toInitial={fieldInitial}
      onSave={(v, row) => saveField.mutateAsync({ ...v, id: row?.id }).then(() => message.success(c.saved))}
      onDelete={(row) => deleteField.mutateAsync(row.id).then(() => message.success(c.removed))}
      deleteConfirm={() => c.removeConfirm}
      columns={[
        { key: 'name', title: c.fieldName, dataIndex: 'name' },
        { key: 'type', title: c.fieldType, render: (_v, f) => <Tag>{extractionFieldTypeName[f.type]}</Tag> },
        { key: 'options', title: c.options, render: (_v, f) => f.options.join('、') || '-' },
        { key: 'hint', title: c.hint, dataIndex: 'hint' },
        { key: 'keywords', title: c.keywords, render: (_v, f) => f.keywords.join('、') || '-' },
      ]}
    />
  );
};
