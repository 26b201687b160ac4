import { Button } from 'antd';
import type { ReactNode } from 'react';

type TRowActionProps = { onClick?: () => void; isDanger?: boolean; testId?: string; children: ReactNode };

/** One action in a row's 操作 column: a small link button, red when it takes something away. */
export const RowAction = ({ onClick, isDanger, testId, children }: TRowActionProps) => (
  <Button type="link" size="small" danger={isDanger} onClick={onClick} data-testid={testId}>
    {children}
  </Button>
);
