import { beijingTime, money, yuan } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ledgerColumns as ledgerColumnsOf } from '../../../shared/list/ledgerColumns';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import type { TListColumn } from '../../../shared/list/types';
import type { TConsumeRow } from '../api';

const s = t.billing;

export const fmtTime = (v: number | null) => (v ? beijingTime(v) : '');

/** The ledger's columns (收支明细, 退款明细 and the platform's revenue). */
export const ledgerColumns = ledgerColumnsOf(s, fmtTime);

const paidText = (r: TConsumeRow) =>
  [
    ...r.paidBy.packets.map((p) => `${p.name} ${s.secondsOf(p.seconds)}`),
    ...(r.paidBy.balance > 0 ? [`${s.balancePaid} ${money(r.paidBy.balance)}`] : []),
  ].join('；') || s.paidNothing;

/** 消费明细: per call the line, duration, billed units, rate, amount and what paid for it. */
export const consumeColumns: TListColumn<TConsumeRow>[] = [
  { key: 'startTime', title: s.callTime, dataIndex: 'startTime', render: fmtTime },
  ...fieldColumns<TConsumeRow>({ realName: s.person, deptName: s.dept, lineName: s.line }),
  { key: 'duration', title: s.duration, dataIndex: 'duration', render: (v: number) => s.secondsOf(v) },
  { key: 'billedSeconds', title: s.billed, dataIndex: 'billedSeconds', render: (v: number) => s.secondsOf(v) },
  { key: 'units', title: s.units, dataIndex: 'units' },
  {
    key: 'rate',
    title: s.rate,
    render: (_v, r) => s.rateOf(`¥${yuan(r.unitPrice)}`, r.incrementSeconds),
  },
  moneyColumn(s.amount, 'amount'),
  { key: 'packetSeconds', title: s.packetPaid, dataIndex: 'packetSeconds', render: (v: number) => s.secondsOf(v) },
  moneyColumn(s.balancePaid, 'balanceAmount'),
  { key: 'paidBy', title: s.paidBy, render: (_v, r) => paidText(r), ellipsis: true },
];
