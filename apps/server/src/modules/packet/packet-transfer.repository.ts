import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { lines } from '../../db/schema.js';
import { packets } from './packet.schema.js';
import { livePacketSql } from './packet-state.repository.js';

// The packet area's side of 套餐转移 (decision 0020 "Package transfers"): the agent area
// asks, in its transaction and after locking the source with `lockPacket`, to close the source and
// to grant the target its remainder. Package seconds have no ledger of their own: the two package
// rows, tied by the agent's transfer record, are the two entries.

/** A new package holding exactly `seconds`, on the source's line, with its expiry. */
export type TTransferGrant = {
  tenantId: number;
  lineId: number;
  name: string;
  productId: number | null;
  seconds: number;
  expireAt: Date;
  at: Date;
};

export const packetTransferRepository = {
  /** The enterprise's packages a call could still use: active, unexpired, seconds left; earliest expiry first. */
  live: (tx: TDb, tenantId: number, now: Date) =>
    tx
      .select({ packet: packets, lineName: lines.name })
      .from(packets)
      .innerJoin(lines, eq(lines.id, packets.lineId))
      .where(and(eq(packets.tenantId, tenantId), livePacketSql('packets', now)))
      .orderBy(asc(packets.expireAt), asc(packets.id)),

  /**
   * Closes the (locked) source: `active` → `transferred` (or `changed`, 套餐变更 to another line). Billing takes only active packages, so a
   * call charged after this takes nothing from it; its used seconds stay as its first owner used them.
   */
  close: async (tx: TDb, tenantId: number, packetId: number, as: 'transferred' | 'changed' = 'transferred') =>
    (
      await tx
        .update(packets)
        .set({ status: as })
        .where(and(eq(packets.tenantId, tenantId), eq(packets.id, packetId), eq(packets.status, 'active')))
        .returning({ id: packets.id })
    ).length > 0,

  /**
   * The target's package. Packages count whole minutes and used seconds (billing's statements read
   * `total_minutes * 60 - used_seconds`), so a remainder of 90 s is 2 minutes with 30 s counted as
   * used: exactly the moved seconds are left, none appear or vanish. Price 0 and no order: the
   * target paid nothing, so it has nothing to 退订.
   */
  grant: async (tx: TDb, g: TTransferGrant) => {
    const minutes = Math.ceil(g.seconds / 60);
    const [row] = await tx
      .insert(packets)
      .values({
        tenantId: g.tenantId,
        lineId: g.lineId,
        name: g.name,
        totalMinutes: minutes,
        usedSeconds: minutes * 60 - g.seconds,
        price: 0,
        boughtAt: g.at,
        expireAt: g.expireAt,
        productId: g.productId,
      })
      .returning({ id: packets.id });
    return row!.id;
  },
};
