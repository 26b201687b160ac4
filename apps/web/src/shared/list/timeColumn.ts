import { beijingFormat } from '../time/beijing';
import type { TListColumn } from './types';

type TTimeColumnOptions = { key?: string; format?: 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD HH:mm:ss' };

/** A column of a moment (epoch ms) in Beijing time, `createdAt` unless told, to the minute unless told seconds too. */
export const timeColumn = <T>(
  title: string,
  { key = 'createdAt', format = 'YYYY-MM-DD HH:mm' }: TTimeColumnOptions = {},
): TListColumn<T> => ({ key, title, dataIndex: key, render: (v: number) => beijingFormat(v, format) });
