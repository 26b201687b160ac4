import type { packetRoutes, TResponseOf, TRouteInput } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { packetErrors } from './packet.errors.js';
import { packetRepository } from './packet.repository.js';
import { packetShareRepository as repo } from './packet-share.repository.js';
import { packetState } from './packet-state.js';

/** Of `ids`, the tenant's active users: whom a package may be shared with or bought for. */
export const activeTenantUsers = (tx: TDb, tenantId: number, ids: number[]) => repo.activeUsers(tx, tenantId, ids);

export const restrictOrderPackets = (
  tx: TDb,
  tenantId: number,
  orderId: number,
  orderItem: number,
  userIds: number[],
) => repo.restrictOrderItem(tx, tenantId, orderId, orderItem, userIds);

type TRes<K extends keyof typeof packetRoutes> = TResponseOf<(typeof packetRoutes)[K]>;

/**
 * 套餐共享 (docs/decisions/0020-resellers.md "Package sharing"). The enterprise shares its
 * own packages among its own users (账户明细, `trade:packet:share`): the agent that sold the package
 * never sees the enterprise's staff (the agent's data wall), so the choice of users is the
 * enterprise's. Every statement runs in the caller's tenant transaction, filtered by its tenant.
 */
export const createPacketShareService = () => ({
  shareAddUser: async (
    ctx: TRequestContext,
    input: TRouteInput<'packet', 'shareAddUser'>,
  ): Promise<TRes<'shareAddUser'>> => {
    const { tenantId } = ctx.auth;
    const ids = [...new Set(input.userIds)];
    // The lock billing's draw takes: a change of users and a call's charge run one after the other.
    const locked = await packetRepository.lock(ctx.tx, tenantId, input.packetId);
    if (!locked) throw packetErrors.packetMissing();
    const p = locked.packet;
    if (packetState(p, new Date()) !== 'active') {
      throw packetErrors.packetNotLive();
    }
    const found = await repo.activeUsers(ctx.tx, tenantId, ids);
    if (found.length !== ids.length) throw packetErrors.shareUserMissing();
    await repo.setUsers(ctx.tx, tenantId, p.id, ids);
    return (await repo.usersOf(ctx.tx, tenantId, [p.id])).get(p.id) ?? [];
  },

  shareCandidates: (ctx: TRequestContext) => repo.candidates(ctx.tx, ctx.auth.tenantId),

  packetsOfUser: async (
    ctx: TRequestContext,
    input: TRouteInput<'packet', 'packetsOfUser'>,
  ): Promise<TRes<'packetsOfUser'>> => {
    if (!(await repo.userExists(ctx.tx, ctx.auth.tenantId, input.userId))) throw packetErrors.userMissing();
    return repo.usableOf(ctx.tx, { tenantId: ctx.auth.tenantId, userId: input.userId, at: new Date() });
  },

  userIsPacket: async (
    ctx: TRequestContext,
    input: TRouteInput<'packet', 'userIsPacket'>,
  ): Promise<TRes<'userIsPacket'>> => {
    const usable = await repo.usableOf(ctx.tx, {
      tenantId: ctx.auth.tenantId,
      userId: ctx.auth.userId,
      at: new Date(),
      lineId: input.lineId,
    });
    const remainingSeconds = usable.reduce((n, p) => n + p.remainingSeconds, 0);
    return { hasPacket: remainingSeconds > 0, remainingSeconds };
  },
});

export type TPacketShareService = ReturnType<typeof createPacketShareService>;
