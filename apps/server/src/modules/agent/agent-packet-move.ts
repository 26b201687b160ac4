import type { TMovablePacket } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { lockPacket, packetTransferRepository as packets, whyPacketNotLive } from '../packet/index.js';

type TLockedPacket = NonNullable<Awaited<ReturnType<typeof lockPacket>>>['packet'];
/** The columns of packetMoveColumns (agent-packet-move.schema.ts), as a move writes them. */
type TMoveRecord = {
  fromPacketId: number;
  toPacketId: number;
  packetName: string;
  seconds: number;
  sourceTotalSeconds: number;
  sourceUsedSeconds: number;
  expireAt: Date;
  createdBy: number | null;
  createdByName: string;
  createdAt: Date;
};

// What 套餐转移 (to another enterprise) and 套餐变更 (to another line) share (decision 0020): the
// live packages offered, the move of a locked package's remainder, and the record's common fields.

/** The enterprise's live packages (active, unexpired, seconds left): what may be moved. */
export const movablePackets = async (db: TDb, enterpriseId: number): Promise<TMovablePacket[]> =>
  (await packets.live(db, enterpriseId, new Date())).map(({ packet: p, lineName }) => ({
    id: p.id,
    lineId: p.lineId,
    lineName,
    name: p.name,
    remainingSeconds: p.totalMinutes * 60 - p.usedSeconds,
    expireAt: p.expireAt.getTime(),
  }));

/**
 * Moves what is left of enterprise `from`'s package into a new package of `to` on `lineId` (default
 * the source's line), same name and expiry; the source closes as `closeAs`, its usage staying with
 * it. The source row is locked FOR UPDATE — the lock billing's charging, 退订 and the other move
 * take — and checked after the lock: of parallel moves one wins and the others find it closed; a
 * call charged at the same moment either commits first (its seconds used, the rest moves) or waits
 * and then finds the package closed. `check` refuses a move of the live source for the caller's
 * own reasons. Answers the move's record fields.
 */
export const movePacket = async (
  ctx: TRequestContext,
  db: TDb,
  m: {
    from: number;
    packetId: number;
    to: number;
    lineId?: number;
    closeAs: 'transferred' | 'changed';
    check?: (source: TLockedPacket) => Promise<void>;
  },
  refuse: { missing: () => Error; notLive: (why: string) => Error },
) => {
  const locked = await lockPacket(db, m.from, m.packetId);
  if (!locked) throw refuse.missing();
  const source = locked.packet;
  const now = new Date();
  const why = whyPacketNotLive(source, now);
  if (why) throw refuse.notLive(why);
  await m.check?.(source);
  const totalSeconds = source.totalMinutes * 60;
  const seconds = totalSeconds - source.usedSeconds;
  if (!(await packets.close(db, m.from, source.id, m.closeAs))) {
    throw refuse.notLive(m.closeAs === 'transferred' ? '已转出' : '已变更');
  }
  const lineId = m.lineId ?? source.lineId;
  const toPacketId = await packets.grant(db, {
    tenantId: m.to,
    lineId,
    name: source.name,
    productId: source.productId,
    seconds,
    expireAt: source.expireAt,
    at: now,
  });
  const record: TMoveRecord = {
    fromPacketId: source.id,
    toPacketId,
    packetName: source.name,
    seconds,
    sourceTotalSeconds: totalSeconds,
    sourceUsedSeconds: source.usedSeconds,
    expireAt: source.expireAt,
    createdBy: ctx.auth.userId,
    createdByName: ctx.auth.realName,
    createdAt: now,
  };
  return { source, lineId, now, record };
};

/** A move record's common fields as the contract's ZPacketMove says them. */
export const toPacketMove = (x: Omit<TMoveRecord, 'createdBy'>) => ({
  fromPacketId: x.fromPacketId,
  toPacketId: x.toPacketId,
  packetName: x.packetName,
  seconds: x.seconds,
  sourceTotalSeconds: x.sourceTotalSeconds,
  sourceUsedSeconds: x.sourceUsedSeconds,
  expireAt: x.expireAt.getTime(),
  createdByName: x.createdByName,
  createdAt: x.createdAt.getTime(),
});
