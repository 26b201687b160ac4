import { z } from 'zod';
import { menuScreen, type TMenuNode } from './menu.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';
import { wallboardStates } from './wallboard-labels.js';

export * from './wallboard-labels.js';

const route = routesOf('call');

/** One person with a soft-phone or call-back seat, as 实时监控 shows him now. */
export const ZWallboardAgent = z.object({
  userId: z.number().int(),
  realName: z.string(),
  deptName: z.string(),
  /** 'softphone' | 'callback': the kinds of seat he holds now (a person may hold both). */
  seatKinds: z.array(z.enum(['softphone', 'callback'])),
  state: z.enum(wallboardStates),
  /** Since when (epoch ms) he is in this state: the call's start or answer, his registration; null offline. */
  since: z.number().nullable(),
  /** The other party of his call, masked when the viewer's rule says so; '' without a call. */
  party: z.string(),
});
export type TWallboardAgent = z.infer<typeof ZWallboardAgent>;

export const ZWallboard = z.object({
  /** The server's clock (epoch ms): durations are counted from it, not from the browser's. */
  now: z.number(),
  totals: z.object({
    all: z.number().int(),
    offline: z.number().int(),
    idle: z.number().int(),
    ringing: z.number().int(),
    talking: z.number().int(),
  }),
  agents: z.array(ZWallboardAgent),
});
export type TWallboard = z.infer<typeof ZWallboard>;

export const wallboardRoutes = {
  /** Everyone of the viewer's data scope with a seat, and what he is doing now (one statement). */
  wallboard: route({
    method: 'POST',
    path: '/base/call/wallboard',
    request: z.object({}),
    response: ZWallboard,
    permission: Perm.callWallboard,
    summary: '实时监控',
  }),
} as const;

/** 实时监控 (in the 呼叫中心 folder): managers only; agents never hold its permission. */
export const wallboardMenuNodes: TMenuNode[] = [
  menuScreen('3075', '实时监控', 'callWallboard', 'DashboardOutlined', Perm.callWallboard),
];
