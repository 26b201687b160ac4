import { beijingTime, minSecText, type TPacketMove } from '@yunhu/contract';
import type { TListColumn } from '../../../shared/list/types';

/** The time moved, the package's expiry and who moved it: the same cells for a package change and a transfer. */
export const packetMoveColumns = <T extends TPacketMove>(titles: {
  moved: string;
  expireAt: string;
  operator: string;
}): TListColumn<T>[] => [
  { key: 'seconds', title: titles.moved, dataIndex: 'seconds', render: (v: number) => minSecText(v) },
  {
    key: 'expireAt',
    title: titles.expireAt,
    dataIndex: 'expireAt',
    render: (v: number) => beijingTime(v).slice(0, 10),
  },
  { key: 'createdByName', title: titles.operator, dataIndex: 'createdByName' },
];
