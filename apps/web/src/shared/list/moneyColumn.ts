import { money } from '@yunhu/contract';
import type { TListColumn } from './types';

/** A column of an amount in fen, shown as yuan (¥12.30); the field is the column's key unless told. */
export const moneyColumn = <T>(title: string, key: string, dataIndex: string = key): TListColumn<T> => ({
  key,
  title,
  dataIndex,
  render: (v: number) => money(v),
});
