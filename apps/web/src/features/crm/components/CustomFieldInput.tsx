import type { TCustomField } from '@yunhu/contract';
import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import * as t from '../../../locales/zh-CN';

const c = t.crm;

/** The editor of one custom field by its type (单行文本, 多行文本, 数字, 日期, 单选, 多选). */
export const CustomFieldControl = ({ field, ...rest }: { field: TCustomField; [k: string]: unknown }) => {
  const options = field.options.map((o) => ({ value: o, label: o }));
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea rows={3} maxLength={2000} {...rest} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} {...rest} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} placeholder={c.pickDate} {...rest} />;
    case 'select':
      return <Select allowClear options={options} {...rest} />;
    case 'multiselect':
      return <Select mode="multiple" allowClear options={options} {...rest} />;
    default:
      return <Input maxLength={2000} {...rest} />;
  }
};

/** A form item for a custom field, required when the field says so. */
export const CustomFieldItem = ({ field }: { field: TCustomField }) => (
  <Form.Item
    name={['custom', String(field.id)]}
    label={field.name}
    rules={field.isRequired ? [{ required: true, message: c.fieldRequired(field.name) }] : undefined}
  >
    <CustomFieldControl field={field} />
  </Form.Item>
);
