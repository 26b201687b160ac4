import { maskPhone, type TWallboard, type TWallboardAgent } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TRequestContext } from '../../http/context.js';
import { personOfSipKey, type TIsMasked } from '../call/index.js';
import { wallboardRepository as repo, type TWallboardRow } from './wallboard.repository.js';

/**
 * What Kamailio reports after a REGISTER or when a WebSocket that carried one closed (route
 * REG_EVENT): how many seconds the person's remaining contacts last, 0 when none is left.
 */
export type TRegistrationEvent =
  | { event: 'register'; user: string; expires: number }
  /**
   * Kamailio started: its registrations live in memory, so none an earlier run reported holds; the
   * answered calls it took over from the one before (Call-ID → answered at) are ended as answered,
   * also those whose answer never reached the server.
   */
  | { event: 'restart'; answered: ReadonlyMap<string, Date> };

/** One row as the page shows it: the state and its start, the other party as the viewer may see it. */
export const toAgent = (r: TWallboardRow, isMasked: boolean): TWallboardAgent => {
  const seatKinds: TWallboardAgent['seatKinds'] = [];
  if (r.softphone) seatKinds.push('softphone');
  if (r.callback) seatKinds.push('callback');
  const base = { userId: r.userId, realName: r.realName, deptName: r.deptName ?? '', seatKinds };
  if (r.callState === 'ringing' || r.callState === 'talking') {
    const text = r.partyText ?? '';
    return {
      ...base,
      state: r.callState,
      since: r.callSince,
      party: r.partyKind === 'number' && isMasked ? maskPhone(text) : text,
    };
  }
  // The soft-phone is online while registered; a call-back seat needs no registration (the
  // carrier rings the agent's own phone), so its holder counts as free when not in a call.
  if (r.registeredAt !== null) return { ...base, state: 'idle', since: r.registeredAt, party: '' };
  if (r.callback) return { ...base, state: 'idle', since: null, party: '' };
  return { ...base, state: 'offline', since: null, party: '' };
};

/** Until when a person's soft-phone is registered (null: offline), for his detail in 员工管理. */
export const softphoneRegisteredUntil = (tx: TDb, tenantId: number, userId: number, now = new Date()) =>
  repo.registeredUntil(tx, tenantId, userId, now);

/**
 * The board's figures across every tenant for the operator's metrics (modules/metrics): soft-phones
 * registered and calls under way, read on the server's own connection.
 */
export const wallboardGauges = async (db: TDb, now = new Date()) => ({
  online: await repo.onlineCount(db, now),
  live: await repo.liveCallCounts(db, now),
});

/** The SIP Call-IDs of every call under way, every tenant (the metrics' media sessions left open). */
export const liveCallIdsAt = (db: TDb, now = new Date()) => repo.liveCallIds(db, now);

/**
 * 实时监控: everyone of the viewer's data scope with a soft-phone or call-back
 * seat, what he is doing now and since when; Kamailio's registration events keep "online".
 */
export const createWallboardService = (deps: {
  database: TDatabase;
  isMasked: TIsMasked;
  /** Ends the calls a Kamailio that started no longer carries (callback.service's `endLostCalls`). */
  endLostCalls: (answered: ReadonlyMap<string, Date>) => Promise<number>;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());

  const board = async (ctx: TRequestContext): Promise<TWallboard> => {
    const at = now();
    const rows = await repo.board(ctx.tx, { tenantId: ctx.auth.tenantId, scope: ctx.scope, now: at });
    const isMasked = await deps.isMasked(ctx.tx, ctx.auth);
    const agents = rows.map((r) => toAgent(r, isMasked));
    const count = (s: TWallboardAgent['state']) => agents.filter((a) => a.state === s).length;
    return {
      now: at.getTime(),
      totals: {
        all: agents.length,
        offline: count('offline'),
        idle: count('idle'),
        ringing: count('ringing'),
        talking: count('talking'),
      },
      agents,
    };
  };

  /**
   * A registration event: 'unknown' for a key nobody holds (nothing written). A restart spans
   * tenants: nobody is registered and no call is under way any more.
   */
  const ingest = async (ev: TRegistrationEvent): Promise<'written' | 'unknown'> => {
    if (ev.event === 'restart') {
      await repo.forgetAll(deps.database.db);
      await deps.endLostCalls(ev.answered);
      return 'written';
    }
    const person = await personOfSipKey(deps.database.db, ev.user);
    if (!person) return 'unknown';
    const at = now();
    await withTenant(deps.database, person.tenantId, async (tx) => {
      if (ev.expires <= 0) await repo.remove(tx, person.userId);
      else {
        await repo.upsert(tx, {
          tenantId: person.tenantId,
          userId: person.userId,
          expiresAt: new Date(at.getTime() + ev.expires * 1000),
          at,
        });
      }
    });
    return 'written';
  };

  return { board, ingest };
};

export type TWallboardService = ReturnType<typeof createWallboardService>;
