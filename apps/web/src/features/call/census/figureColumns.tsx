import { percent, type TCallFigures } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import type { TListColumn } from '../../../shared/list/types';

const c = t.callCensus;

/** The figure columns every statistics table shows; `sortable` marks the ones the server sorts by. */
export const figureColumns = <T extends TCallFigures>(sortable = false): TListColumn<T>[] => [
  { key: 'bindNum', title: c.bindNum, dataIndex: 'bindNum', ...(sortable ? { sortField: 'bindNum' } : {}) },
  { key: 'callNum', title: c.callNum, dataIndex: 'callNum', ...(sortable ? { sortField: 'callNum' } : {}) },
  { key: 'connectedNum', title: c.connectedNum, dataIndex: 'connectedNum' },
  { key: 'notConnected', title: c.notConnected, dataIndex: 'notConnected' },
  {
    key: 'connectionRate',
    title: c.connectionRate,
    dataIndex: 'connectionRate',
    render: (v: number) => percent(v),
    ...(sortable ? { sortField: 'connectionRate' } : {}),
  },
  {
    key: 'totalSecond',
    title: c.totalSecond,
    dataIndex: 'totalSecond',
    render: (v: number) => c.minutes(v),
    ...(sortable ? { sortField: 'totalSecond' } : {}),
  },
  { key: 'totalMinute', title: c.totalMinute, dataIndex: 'totalMinute' },
  {
    key: 'averageCallSecond',
    title: c.averageCallSecond,
    dataIndex: 'averageCallSecond',
    render: (v: number) => c.minutes(v),
  },
];
