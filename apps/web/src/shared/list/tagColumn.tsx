import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { TListColumn } from './types';

type TTagColumnOptions<V extends string> = {
  labels: Record<V, ReactNode>;
  /** One colour for every value, or each value's; a value without one shows the plain tag. */
  colors: string | Partial<Record<V, string>>;
};

/** A column of a state (status, level, reason…) shown as a coloured tag: each value's word and colour. */
export const tagColumn = <T, V extends string = string>(
  title: string,
  key: string,
  { labels, colors }: TTagColumnOptions<V>,
): TListColumn<T> => ({
  key,
  title,
  dataIndex: key,
  render: (v: V) => <Tag color={typeof colors === 'string' ? colors : colors[v]}>{labels[v]}</Tag>,
});
