import { Button } from 'antd';
import type { ComponentPropsWithRef, ReactNode } from 'react';

type TRowActionProps = Omit<ComponentPropsWithRef<typeof Button>, 'danger' | 'type' | 'size'> & {
  isDanger?: boolean;
  testId?: string;
  children: ReactNode;
};

/**
 * One action in a row's 操作 column: a small link button, red when it takes something away. The ref
 * and the handlers a wrapper injects (a Popconfirm's trigger finds and positions on the button
 * through them) pass through to the button.
 */
export const RowAction = ({ isDanger, testId, children, ...rest }: TRowActionProps) => (
  <Button type="link" size="small" danger={isDanger} data-testid={testId} {...rest}>
    {children}
  </Button>
);
