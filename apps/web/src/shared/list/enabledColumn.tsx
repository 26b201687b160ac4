import { Switch } from 'antd';
import type { TListColumn } from './types';

type TEnabledColumnOptions<T> = {
  /** Saves the row's new state at once (a failure is shown by the request's own handling). */
  onChange: (row: T, isEnabled: boolean) => unknown;
  testId?: (row: T) => string;
  /** The switch's accessible name where the row has no test id of its own. */
  ariaLabel?: (row: T) => string;
};

/** A row's 启用/上架 as a small switch in the list, saved when it is flipped. */
export const enabledColumn = <T extends { isEnabled: boolean }>(
  title: string,
  { onChange, testId, ariaLabel }: TEnabledColumnOptions<T>,
): TListColumn<T> => ({
  key: 'enabled',
  title,
  render: (_v: unknown, row: T) => (
    <Switch
      size="small"
      checked={row.isEnabled}
      data-testid={testId?.(row)}
      aria-label={ariaLabel?.(row)}
      onChange={(isEnabled) => onChange(row, isEnabled)}
    />
  ),
});
