import { agentRoutes, type TPacketTransfer } from '@yunhu/contract';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { PacketMoveRecords } from '../components/PacketMoveRecords';
import { packetMoveColumns } from '../components/packetMoveColumns';
import { TransferDetailDrawer } from '../components/TransferDetailDrawer';
import { TransferForm } from '../components/TransferForm';
import { transferPageKey } from '../transferApi';

const s = t.agentTransfer;

/** 套餐转移 (agent/transfers): move a package between two of the agent's enterprises; the transfers, each with its detail. */
export const AgentTransferPage = () => {
  const [shown, setShown] = useState<number | null>(null);
  const columns: TListColumn<TPacketTransfer>[] = [
    { key: 'transferNo', title: s.transferNo, dataIndex: 'transferNo' },
    timeColumn(s.createdAt),
    ...fieldColumns<TPacketTransfer>({
      fromEnterpriseName: s.from,
      toEnterpriseName: s.to,
      lineName: s.line,
      packetName: s.packetName,
    }),
    ...packetMoveColumns<TPacketTransfer>(s),
    ...actionsColumn<TPacketTransfer>(true, s.actions, (row) => (
      <RowAction onClick={() => setShown(row.id)} testId={`agent-transfer-detail-${row.id}`}>
        {s.detail}
      </RowAction>
    )),
  ];
  return (
    <>
      <TransferForm />
      <PacketMoveRecords pageKey={transferPageKey} route={agentRoutes.transferPage} columns={columns} texts={s} />
      <TransferDetailDrawer id={shown} onClose={() => setShown(null)} />
    </>
  );
};
