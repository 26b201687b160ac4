import { z } from 'zod';
import { ZTime, zBoolean, zInt, zString } from './http.js';
import { zId } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';
import { TradePerm } from './trade-labels.js';

const route = routesOf('packet');

/**
 * Package sharing (套餐共享, docs/decisions/0020-resellers.md "Package sharing"): an
 * enterprise restricts one of its packages to chosen users; their calls draw on it, other users'
 * calls do not; a package restricted to nobody stays shared by every user of the enterprise.
 */
export const ZPacketShareUser = z.object({ userId: zInt, realName: zString });
export type TPacketShareUser = z.infer<typeof ZPacketShareUser>;

/** A live package (active, unexpired, seconds left): its line, what is left and when it ends. */
export const ZLivePacket = z.object({
  id: zInt,
  lineId: zInt,
  lineName: zString,
  name: zString,
  remainingSeconds: zInt,
  expireAt: ZTime,
});

/** A package a person may draw on now (live, shared with everyone or with him). */
export const ZUsablePacket = ZLivePacket.extend({
  /** True: restricted to chosen users, he among them; false: shared by the whole enterprise. */
  restricted: zBoolean,
});
export type TUsablePacket = z.infer<typeof ZUsablePacket>;

export const packetShareLimits = { maxUsers: 200 } as const;

export const packetShareRoutes = {
  /** Sets the users of one package (the whole set; empty: shared by every user again). */
  shareAddUser: route({
    method: 'POST',
    path: '/base/packet/packet-share-add-user',
    summary: '套餐共享',
    permission: TradePerm.packetShare,
    audited: true,
    request: z.object({
      packetId: zId('套餐编号'),
      userIds: z
        .array(zId('员工编号'), { error: '请选择员工' })
        .max(packetShareLimits.maxUsers, `一个套餐最多共享给${packetShareLimits.maxUsers}人`),
    }),
    response: z.array(ZPacketShareUser),
  }),
  /** The enterprise's active users, for the picker. */
  shareCandidates: route({
    method: 'POST',
    path: '/base/packet/share-candidates',
    readOnly: true,
    summary: '套餐共享：可选员工',
    permission: TradePerm.packetShare,
    request: z.object({}),
    response: z.array(ZPacketShareUser.extend({ username: zString })),
  }),
  /** Staff's `packets-userId`: the packages one of the enterprise's users may draw on now. */
  packetsOfUser: route({
    method: 'POST',
    path: '/base/sys/user/packets-userId',
    readOnly: true,
    summary: '员工可用套餐',
    permission: `${Perm.staffList};${TradePerm.packetShare}`,
    request: z.object({ userId: zId('员工编号') }),
    response: z.array(ZUsablePacket),
  }),
  /** Whether the signed-in person has a package usable now (on one line, or any). */
  userIsPacket: route({
    method: 'POST',
    path: '/base/api/agent/user-is-packet',
    readOnly: true,
    summary: '是否有可用套餐',
    permission: Perm.callDial,
    request: z.object({ lineId: zId('线路编号').optional() }),
    response: z.object({ hasPacket: zBoolean, remainingSeconds: zInt }),
  }),
} as const;
