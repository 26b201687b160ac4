import { Alert } from 'antd';
import type { ReactNode } from 'react';

/** The note above a list or a table: what it holds, where its figures come from, what to do next. */
export const Hint = ({ children, testId }: { children: ReactNode; testId?: string }) => (
  <Alert type="info" showIcon style={{ marginBottom: 12 }} message={children} data-testid={testId} />
);
