import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { livePacketSql } from './packet-state.repository.js';

/**
 * Package sharing (docs/decisions/0020-resellers.md "Package sharing"). One rule, used by
 * billing's draw (`usablePacketsForUpdate` in packet-draw.repository.ts, and `takePacketSeconds`),
 * 员工可用套餐 (packets-userId) and user-is-packet alike: a package restricted to nobody is drawn on by
 * every user of its enterprise; a package with rows in `packet_users` only by those users.
 */
export const usableBy = (packetId: SQL, userId: number | undefined): SQL =>
  userId === undefined
    ? sql`not exists (select 1 from packet_users pu where pu.packet_id = ${packetId})`
    : sql`(not exists (select 1 from packet_users pu where pu.packet_id = ${packetId})
    or exists (select 1 from packet_users pu where pu.packet_id = ${packetId} and pu.user_id = ${userId}))`;

const num = (v: unknown) => Number(v ?? 0);

export const packetShareRepository = {
  /** The users of the enterprise among `ids` who may be given a package (active). */
  activeUsers: async (tx: TDb, tenantId: number, ids: number[]) =>
    ids.length === 0
      ? []
      : rowsOf<{ id: string | number }>(
          await tx.execute(sql`select id from users
            where tenant_id = ${tenantId} and status = 'active' and id = any(${`{${ids.join(',')}}`}::bigint[])`),
        ).map((r) => num(r.id)),

  /**
   * Restricts the packages one item of a paid order granted to its users, in the payment's
   * transaction (nobody draws on them before it commits); re-run by a retried delivery, it sets the same.
   */
  restrictOrderItem: async (tx: TDb, tenantId: number, orderId: number, orderItem: number, userIds: number[]) => {
    // grant numbers an item's packages orderItem * 1000 + i.
    const first = orderItem * 1000;
    await tx.execute(sql`delete from packet_users pu using packets p
      where p.id = pu.packet_id and p.tenant_id = ${tenantId} and p.order_id = ${orderId}
        and p.order_item between ${first} and ${first + 999}`);
    await tx.execute(sql`insert into packet_users (packet_id, user_id, tenant_id)
      select p.id, u, ${tenantId} from packets p, unnest(${`{${userIds.join(',')}}`}::bigint[]) as u
      where p.tenant_id = ${tenantId} and p.order_id = ${orderId} and p.order_item between ${first} and ${first + 999}`);
  },

  /** Replaces the package's users (the caller holds the package's lock). */
  setUsers: async (tx: TDb, tenantId: number, packetId: number, userIds: number[]) => {
    await tx.execute(sql`delete from packet_users where tenant_id = ${tenantId} and packet_id = ${packetId}`);
    if (userIds.length === 0) return;
    await tx.execute(sql`insert into packet_users (packet_id, user_id, tenant_id)
      select ${packetId}, u, ${tenantId} from unnest(${`{${userIds.join(',')}}`}::bigint[]) as u`);
  },

  /** The users of these packages, by package, in name order. */
  usersOf: async (tx: TDb, tenantId: number, packetIds: number[]) => {
    const byPacket = new Map<number, { userId: number; realName: string }[]>();
    if (packetIds.length === 0) return byPacket;
    const rows = rowsOf<{ packet_id: string | number; user_id: string | number; real_name: string }>(
      await tx.execute(sql`select pu.packet_id, pu.user_id, u.real_name from packet_users pu
        join users u on u.tenant_id = pu.tenant_id and u.id = pu.user_id
        where pu.tenant_id = ${tenantId} and pu.packet_id = any(${`{${packetIds.join(',')}}`}::bigint[])
        order by u.real_name, pu.user_id`),
    );
    for (const r of rows) {
      const list = byPacket.get(num(r.packet_id)) ?? [];
      list.push({ userId: num(r.user_id), realName: r.real_name });
      byPacket.set(num(r.packet_id), list);
    }
    return byPacket;
  },

  /** The enterprise's active users, for the picker. */
  candidates: async (tx: TDb, tenantId: number) =>
    rowsOf<{ id: string | number; real_name: string; username: string }>(
      await tx.execute(sql`select id, real_name, username from users
        where tenant_id = ${tenantId} and status = 'active' order by real_name, id limit 2000`),
    ).map((r) => ({ userId: num(r.id), realName: r.real_name, username: r.username })),

  /** The packages a user of the enterprise may draw on at `at` (optionally on one line), earliest expiry first. */
  usableOf: async (tx: TDb, q: { tenantId: number; userId: number; at: Date; lineId?: number }) =>
    rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select p.id, p.line_id, l.name as line_name, p.name, p.expire_at,
          p.total_minutes * 60 - p.used_seconds as remaining,
          exists (select 1 from packet_users pu where pu.packet_id = p.id) as restricted
        from packets p join lines l on l.id = p.line_id
        where p.tenant_id = ${q.tenantId} and ${livePacketSql('p', q.at)}
          ${q.lineId ? sql`and p.line_id = ${q.lineId}` : sql``}
          and ${usableBy(sql`p.id`, q.userId)}
        order by p.expire_at, p.id`),
    ).map((r) => ({
      id: num(r.id),
      lineId: num(r.line_id),
      lineName: String(r.line_name),
      name: String(r.name),
      remainingSeconds: num(r.remaining),
      expireAt: new Date(r.expire_at as string).getTime(),
      restricted: r.restricted === true,
    })),

  /** Whether the user exists in the enterprise (any status but deleted). */
  userExists: async (tx: TDb, tenantId: number, userId: number) =>
    rowsOf(
      await tx.execute(
        sql`select 1 from users where tenant_id = ${tenantId} and id = ${userId} and status <> 'deleted'`,
      ),
    ).length > 0,
};
