import { agentRoutes, type TPacketChange } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { PacketChangeForm } from '../components/PacketChangeForm';
import { PacketMoveRecords } from '../components/PacketMoveRecords';
import { packetMoveColumns } from '../components/packetMoveColumns';
import { agentChangePageKey } from '../stockApi';

const s = t.agentStock;

const columns: TListColumn<TPacketChange>[] = [
  timeColumn(s.createdAt),
  ...fieldColumns<TPacketChange>({
    enterpriseName: s.enterprise,
    packetName: s.packetName,
    fromLineName: s.fromLine,
    toLineName: s.toLine,
  }),
  ...packetMoveColumns<TPacketChange>(s),
];

/** 套餐变更 (agent/packet-change): move an enterprise's package to another opened line; the changes made. */
export const AgentPacketChangePage = () => (
  <>
    <PacketChangeForm />
    <PacketMoveRecords pageKey={agentChangePageKey} route={agentRoutes.changePage} columns={columns} texts={s} />
  </>
);
