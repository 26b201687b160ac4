import { Form, Input } from 'antd';

export type TReasonFieldProps = {
  label: string;
  requiredMessage: string;
  placeholder?: string;
  /** The fewest characters the server takes, where it asks for more than one (a refund's reason: 2). */
  minLength?: number;
  testId?: string;
};

/**
 * The written reason of a refusal, a refund or an adjustment (驳回原因, 退款原因…): required and not
 * blank, up to the 200 characters the server keeps, counted as one types. Its form value is `reason`.
 */
export const ReasonField = ({ label, requiredMessage, placeholder, minLength, testId }: TReasonFieldProps) => (
  <Form.Item
    name="reason"
    label={label}
    rules={[{ required: true, whitespace: true, min: minLength, message: requiredMessage }]}
  >
    <Input.TextArea maxLength={200} showCount rows={3} placeholder={placeholder} data-testid={testId} />
  </Form.Item>
);
