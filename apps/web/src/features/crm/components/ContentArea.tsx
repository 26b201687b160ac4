import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import type { Ref } from 'react';

/**
 * What was said with a customer, as a follow-up or a visit writes it: four rows, up to the 1000
 * characters the server keeps, counted as one types. The form item's value and onChange pass through;
 * `ref` reaches the text area (where the cursor is, for what is inserted there).
 */
export const ContentArea = ({
  testId,
  ...rest
}: Omit<TextAreaProps, 'rows' | 'maxLength'> & { testId: string; ref?: Ref<TextAreaRef> }) => (
  <Input.TextArea rows={4} maxLength={1000} showCount data-testid={testId} {...rest} />
);
