import { Form, Input } from 'antd';

export type TReasonFieldProps = { label: string; requiredMessage: string; placeholder?: string };

/**
 * The written reason of a refusal (驳回原因…): required and not blank, up to the 200 characters
 * the server keeps, counted as one types. Its form value is `reason`.
 */
export const ReasonField = ({ label, requiredMessage, placeholder }: TReasonFieldProps) => (
  <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
    <Input.TextArea maxLength={200} showCount rows={3} placeholder={placeholder} />
  </Form.Item>
);
