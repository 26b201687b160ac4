import { beijingFormat } from '../time/beijing';
import type { TListColumn } from './types';

type TTimeColumnOptions = Pick<TListColumn<unknown>, 'sortField' | 'isHiddenByDefault'> & {
  key?: string;
  format?: 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD HH:mm:ss';
  /** What a moment not yet come (null) shows: '-', '—', 无… as the screen words it. */
  empty?: string;
};

/**
 * A column of a moment (epoch ms) in Beijing time, `createdAt` unless told, to the minute unless told
 * seconds too; a missing moment shows `empty` (nothing unless told).
 */
export const timeColumn = <T>(
  title: string,
  { key = 'createdAt', format = 'YYYY-MM-DD HH:mm', empty = '', ...column }: TTimeColumnOptions = {},
): TListColumn<T> => ({
  ...column,
  key,
  title,
  dataIndex: key,
  render: (v: number | null | undefined) => (v === null || v === undefined ? empty : beijingFormat(v, format)),
});
