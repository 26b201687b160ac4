import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';

/**
 * What was said with a customer, as a follow-up or a visit writes it: four rows, up to the 1000
 * characters the server keeps, counted as one types. The form item's value and onChange pass through.
 */
export const ContentArea = ({ testId, ...rest }: Omit<TextAreaProps, 'rows' | 'maxLength'> & { testId: string }) => (
  <Input.TextArea rows={4} maxLength={1000} showCount data-testid={testId} {...rest} />
);
