import {
  lineModeLabel,
  seatStateLabel,
  seatStates,
  type TSeat,
  type TSeatCountMap,
  type TSeatState,
  type ZSeatPageQuery,
} from '@yunhu/contract';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { sendXlsx } from '../../http/download.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { lines } from '../line/line.schema.js';
import { seatErrors } from './seat.errors.js';
import { seatRepository as repo, type TSeatRow } from './seat.repository.js';
import { seats } from './seat.schema.js';
import { requireStaff, staffOptions } from './staff.js';

export type TUsableSeat = {
  seatId: number;
  lineId: number;
  lineMode: number;
  lineName: string;
  callerNumbers: string[];
};

/**
 * The seat a user may dial on now (spec section 4, "no valid seat"): his active seat on that
 * active line, started and not yet expired. The dial flow asks this before every call.
 */
export const findUsableSeat = async (
  db: TDb,
  tenantId: number,
  userId: number,
  lineId: number,
  now = new Date(),
): Promise<TUsableSeat | null> => {
  const [row] = await db
    .select({
      seatId: seats.id,
      lineId: lines.id,
      lineMode: lines.mode,
      lineName: lines.name,
      callerNumbers: lines.callerNumbers,
    })
    .from(seats)
    .innerJoin(lines, eq(lines.id, seats.lineId))
    .where(
      and(
        eq(seats.tenantId, tenantId),
        eq(seats.userId, userId),
        eq(seats.lineId, lineId),
        eq(seats.status, 'active'),
        lte(seats.startAt, now),
        gt(seats.expireAt, now),
        eq(lines.status, 'active'),
      ),
    )
    // The seat that lasts longest, so a renewal bought in advance never hides the current one.
    .orderBy(desc(seats.expireAt))
    .limit(1);
  return row ?? null;
};

// ---- 坐席管理 (spec section 7 "Seats") ---------------------------------------------------------

type TSeatDeps = { database: TDatabase; dataScopeOf: (auth: TAuth) => Promise<TDataScope> };

const toSeat = (r: TSeatRow): TSeat => ({
  id: r.id,
  lineId: r.lineId,
  lineName: r.lineName,
  lineMode: r.lineMode,
  userId: r.userId,
  userName: r.userName,
  username: r.username,
  deptName: r.deptName,
  startAt: r.startAt.getTime(),
  expireAt: r.expireAt.getTime(),
  autoRenewal: r.autoRenewal,
  state: r.state,
});

/** Times in the sheet as the enterprise reads them (Asia/Shanghai), whatever the server's zone. */
const cnTime = (d: Date) => d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).replace(/\//g, '-');

export type TSeatService = ReturnType<typeof createSeatService>;

export const createSeatService = (deps: TSeatDeps) => {
  const { database, dataScopeOf } = deps;
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(database, auth.tenantId, fn);

  const requireSeat = async (tx: TDb, auth: TAuth, scope: TDataScope, id: number, now: Date) => {
    const seat = await repo.find(tx, auth.tenantId, scope, id, now);
    if (!seat) throw seatErrors.seatMissing();
    return seat;
  };
  const requireVisible = async (tx: TDb, auth: TAuth, scope: TDataScope, ids: readonly number[], now: Date) => {
    if ((await repo.countVisible(tx, auth.tenantId, scope, ids, now)) !== ids.length) {
      throw seatErrors.seatMissing();
    }
  };
  const reread = async (tx: TDb, auth: TAuth, id: number, now: Date) =>
    toSeat((await repo.find(tx, auth.tenantId, { kind: 'all' }, id, now))!);
  const assertNoOtherSeat = async (
    tx: TDb,
    auth: TAuth,
    userId: number,
    lineId: number,
    now: Date,
    except?: number,
  ) => {
    if (await repo.holdsSeatOnLine(tx, auth.tenantId, userId, lineId, now, except)) {
      throw seatErrors.alreadyOnLine();
    }
  };

  return {
    countMap: async (auth: TAuth): Promise<TSeatCountMap> => {
      const scope = await dataScopeOf(auth);
      const now = new Date();
      return scoped(auth, async (tx) => {
        const [states, byLine] = await Promise.all([
          repo.countByState(tx, auth.tenantId, scope, now),
          repo.countByLine(tx, auth.tenantId, scope, now),
        ]);
        const byState = Object.fromEntries(seatStates.map((s) => [s, 0])) as Record<TSeatState, number>;
        for (const row of states) byState[row.state] = row.n;
        return {
          total: states.reduce((sum, r) => sum + r.n, 0),
          byState,
          byLine: byLine.map((l) => ({ ...l, free: Number(l.free) })),
        };
      });
    },

    list: async (auth: TAuth, q: z.output<typeof ZSeatPageQuery>) => {
      const scope = await dataScopeOf(auth);
      const { rows, total } = await scoped(auth, (tx) =>
        repo.page(
          tx,
          auth.tenantId,
          { ...q, scope },
          { offset: (q.page - 1) * q.limit, limit: q.limit, sortField: q.sortField, sortOrder: q.sortOrder },
          new Date(),
        ),
      );
      return { records: rows.map(toSeat), total, size: q.limit, current: q.page, pages: Math.ceil(total / q.limit) };
    },

    addSeat: async (auth: TAuth, input: { lineId: number; userId: number; seatId?: number }) => {
      const scope = await dataScopeOf(auth);
      const now = new Date();
      return scoped(auth, async (tx) => {
        await requireStaff(tx, auth.tenantId, scope, [input.userId]);
        if (!(await repo.activeLine(tx, input.lineId))) throw seatErrors.lineMissing();
        await assertNoOtherSeat(tx, auth, input.userId, input.lineId, now);
        const seat = await repo.lockAssignable(tx, auth.tenantId, input.lineId, input.seatId, now);
        if (!seat) {
          throw input.seatId ? seatErrors.chosenSeatTaken() : seatErrors.noFreeSeat();
        }
        await repo.setUser(tx, auth.tenantId, seat.id, input.userId);
        return reread(tx, auth, seat.id, now);
      });
    },

    updateSeat: async (auth: TAuth, input: { id: number; userId: number }) => {
      const scope = await dataScopeOf(auth);
      const now = new Date();
      return scoped(auth, async (tx) => {
        const seat = await requireSeat(tx, auth, scope, input.id, now);
        if (seat.state === 'expired' || seat.state === 'disabled') {
          throw seatErrors.seatNotAssignable();
        }
        await requireStaff(tx, auth.tenantId, scope, [input.userId]);
        if (seat.userId === input.userId) return toSeat(seat);
        await assertNoOtherSeat(tx, auth, input.userId, seat.lineId, now, seat.id);
        await repo.setUser(tx, auth.tenantId, seat.id, input.userId);
        return reread(tx, auth, seat.id, now);
      });
    },

    autoRenewalSwitch: async (auth: TAuth, ids: number[], autoRenewal: boolean) => {
      const scope = await dataScopeOf(auth);
      return scoped(auth, async (tx) => {
        await requireVisible(tx, auth, scope, ids, new Date());
        return { updated: await repo.setAutoRenewal(tx, auth.tenantId, ids, autoRenewal) };
      });
    },

    /** Billing comes with its own issue; until then a renewal extends the seats and is audited (ADR 0005). */
    manualRenewal: async (auth: TAuth, ids: number[], months: number) => {
      const scope = await dataScopeOf(auth);
      const now = new Date();
      return scoped(auth, async (tx) => {
        await requireVisible(tx, auth, scope, ids, now);
        if ((await repo.countDisabled(tx, auth.tenantId, ids)) > 0) {
          throw seatErrors.renewDisabled();
        }
        return { updated: await repo.extend(tx, auth.tenantId, ids, months, now) };
      });
    },

    releaseSeat: async (auth: TAuth, id: number) => {
      const scope = await dataScopeOf(auth);
      const now = new Date();
      return scoped(auth, async (tx) => {
        const seat = await requireSeat(tx, auth, scope, id, now);
        if (seat.userId === null) throw seatErrors.notAssigned();
        await repo.setUser(tx, auth.tenantId, id, null);
        return reread(tx, auth, id, now);
      });
    },

    deleteSeat: async (auth: TAuth, id: number) => {
      const scope = await dataScopeOf(auth);
      const now = new Date();
      return scoped(auth, async (tx) => {
        const seat = await requireSeat(tx, auth, scope, id, now);
        if (seat.userId !== null) throw seatErrors.seatInUse();
        return { deleted: await repo.remove(tx, auth.tenantId, id) };
      });
    },

    download: async (auth: TAuth, filter: z.output<typeof ZSeatPageQuery>, reply: FastifyReply) => {
      const scope = await dataScopeOf(auth);
      const now = new Date();
      return sendXlsx(reply, {
        fileName: `坐席列表_${now.toISOString().slice(0, 10)}.xlsx`,
        sheetName: '坐席',
        columns: [
          { header: '坐席编号', width: 10, value: (r: TSeatRow) => r.id },
          { header: '线路', width: 20, value: (r) => r.lineName },
          { header: '线路类型', width: 10, value: (r) => lineModeLabel(r.lineMode) },
          { header: '员工', value: (r) => r.userName ?? '' },
          { header: '账号', value: (r) => r.username ?? '' },
          { header: '部门', value: (r) => r.deptName ?? '' },
          { header: '状态', width: 10, value: (r) => seatStateLabel[r.state] },
          { header: '开始时间', width: 22, value: (r) => cnTime(r.startAt) },
          { header: '到期时间', width: 22, value: (r) => cnTime(r.expireAt) },
          { header: '自动续费', width: 10, value: (r) => (r.autoRenewal ? '开启' : '关闭') },
        ],
        rows: batchedRows(
          async (offset) =>
            (
              await scoped(auth, (tx) =>
                repo.page(
                  tx,
                  auth.tenantId,
                  { ...filter, scope },
                  { offset, limit: 1000, sortField: filter.sortField, sortOrder: filter.sortOrder },
                  now,
                ),
              )
            ).rows,
        ),
      });
    },

    seatPrices: (auth: TAuth) => scoped(auth, (tx) => repo.prices(tx)),

    staffOptions: async (auth: TAuth, keyword?: string) => {
      const scope = await dataScopeOf(auth);
      return scoped(auth, (tx) => staffOptions(tx, auth.tenantId, scope, keyword));
    },
  };
};
