import { agentPriceKindLabel, money } from '@yunhu/contract';
import { Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import type { TListColumn } from '../../../shared/list/types';
import type { TPriceRow } from '../api';

const a = t.agent;

/** The price table's columns, shared by the agent's 价格设置 and the platform's view of an agent. */
export const priceColumns: TListColumn<TPriceRow>[] = [
  { key: 'kind', title: a.kind, dataIndex: 'itemKind', render: (k: TPriceRow['itemKind']) => agentPriceKindLabel[k] },
  { key: 'lineName', title: a.line, dataIndex: 'lineName' },
  {
    key: 'name',
    title: a.item,
    render: (_v: unknown, row: TPriceRow) => (row.itemKind === 'seat' ? a.seatName(row.lineName) : row.name),
  },
  {
    key: 'minutes',
    title: a.minutes,
    dataIndex: 'minutes',
    render: (m: number, row: TPriceRow) => (row.itemKind === 'seat' ? '—' : m),
  },
  moneyColumn(a.basePrice, 'basePrice'),
  {
    key: 'myPrice',
    title: a.myPrice,
    dataIndex: 'myPrice',
    render: (v: number | null) => (v === null ? <Tag>{a.notSet}</Tag> : money(v)),
  },
  {
    key: 'margin',
    title: a.margin,
    render: (_v: unknown, row: TPriceRow) => money(Math.max((row.myPrice ?? row.basePrice) - row.basePrice, 0)),
  },
];

export const priceKeyOf = (row: TPriceRow) => `${row.itemKind}-${row.itemId}`;
