import { ledgerKindLabel, money, type TLedgerEntry, type TLedgerKind } from '@yunhu/contract';
import { Typography } from 'antd';
import { moneyColumn } from './moneyColumn';
import type { TListColumn } from './types';

type TLedgerTitles = Record<'time' | 'kind' | 'amount' | 'balanceAfter' | 'bizKey' | 'remark' | 'operator', string>;

/**
 * The columns of an account's ledger (账户明细, 收支明细, 退款明细, the platform's revenue): the same
 * entries, each screen naming the columns and writing the time its own way; money in, green, out, red.
 */
export const ledgerColumns = (
  titles: TLedgerTitles,
  renderTime: (v: number) => string,
): TListColumn<TLedgerEntry>[] => [
  { key: 'createdAt', title: titles.time, dataIndex: 'createdAt', render: renderTime },
  { key: 'kind', title: titles.kind, dataIndex: 'kind', render: (k: TLedgerKind) => ledgerKindLabel[k] ?? k },
  {
    key: 'amount',
    title: titles.amount,
    dataIndex: 'amount',
    render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : 'success'}>{money(v)}</Typography.Text>,
  },
  moneyColumn(titles.balanceAfter, 'balanceAfter'),
  { key: 'bizKey', title: titles.bizKey, dataIndex: 'bizKey' },
  { key: 'remark', title: titles.remark, dataIndex: 'remark', ellipsis: true },
  { key: 'createdByName', title: titles.operator, dataIndex: 'createdByName' },
];
