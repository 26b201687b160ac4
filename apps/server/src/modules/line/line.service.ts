import {
  lineModeLabel,
  type TLineView,
  type TTenantNumber,
  type TWorkNumber,
  type ZNumberPageQuery,
} from '@yunhu/contract';
import type { z } from 'zod';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { callingRepository } from '../seat/calling.repository.js';
import { requireStaff } from '../seat/staff.js';
import { lineErrors } from './line.errors.js';
import { lineRepository as repo, type TNumberWhere, type TWorkNumberWhere } from './line.repository.js';

type TLineDeps = { database: TDatabase; dataScopeOf: (auth: TAuth) => Promise<TDataScope> };
type TNumberRow = Awaited<ReturnType<typeof repo.findNumbers>>[number];
type TWorkRow = Awaited<ReturnType<typeof repo.workPage>>['rows'][number];
type TPageQuery = { page: number; limit: number };

const toNumber = (r: TNumberRow): TTenantNumber => ({
  ...r,
  distributedAt: r.distributedAt?.getTime() ?? null,
  createdAt: r.createdAt.getTime(),
});
const toWork = (r: TWorkRow): TWorkNumber => ({ ...r, boundAt: r.boundAt?.getTime() ?? null });
const pageOf = <T>(records: T[], total: number, q: TPageQuery) => ({
  records,
  total,
  size: q.limit,
  current: q.page,
  pages: Math.ceil(total / q.limit),
});

export type TLineService = ReturnType<typeof createLineService>;

/** 线路展示, 号码池, 移动工作号 and 外显号码 (spec section 7 "Number pools and black-list"). */
export const createLineService = (deps: TLineDeps) => {
  const { database, dataScopeOf } = deps;
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(database, auth.tenantId, fn);

  const numbersIn = async (tx: TDb, auth: TAuth, w: TNumberWhere & { ids: readonly number[] }) => {
    const rows = await repo.findNumbers(tx, auth.tenantId, w);
    if (rows.length !== w.ids.length) throw lineErrors.numberMissing();
    return rows;
  };
  const oneNumber = async (tx: TDb, auth: TAuth, id: number) =>
    toNumber((await repo.findNumbers(tx, auth.tenantId, { scope: null, ids: [id] }))[0]!);
  const oneWork = async (tx: TDb, auth: TAuth, id: number) =>
    toWork((await repo.workPage(tx, auth.tenantId, { scope: { kind: 'all' }, ids: [id] }, 0, 1)).rows[0]!);

  /** A number the enterprise adds must sit on a line it holds seats on and be new to it. */
  const checkNewNumber = async (tx: TDb, auth: TAuth, lineId: number, number: string, exceptId?: number) => {
    const line = await repo.tenantLine(tx, auth.tenantId, lineId);
    if (!line) throw lineErrors.lineNotHeld();
    if (line.callerNumbers.includes(number)) throw lineErrors.lineOwnNumber();
    if (await repo.numberTaken(tx, auth.tenantId, number, exceptId)) throw lineErrors.numberTaken();
  };
  const assertNotInUse = async (tx: TDb, auth: TAuth, numbers: string[]) => {
    if ((await callingRepository.usingNumbers(tx, auth.tenantId, numbers)) > 0) {
      throw lineErrors.numberInUse();
    }
  };

  return {
    lineList: (auth: TAuth): Promise<TLineView[]> =>
      scoped(auth, async (tx) => {
        const [rows, own] = await Promise.all([
          repo.linesWithSeats(tx, auth.tenantId, new Date()),
          repo.ownNumbers(tx, auth.tenantId),
        ]);
        return rows.map((l) => ({
          ...l,
          modeLabel: lineModeLabel(l.mode),
          callerNumbers: [
            ...new Set([...l.callerNumbers, ...own.filter((n) => n.lineId === l.id).map((n) => n.number)]),
          ],
        }));
      }),

    lineOptions: (auth: TAuth) =>
      scoped(auth, async (tx) =>
        (await callingRepository.tenantLines(tx, auth.tenantId)).map(({ id, name, mode }) => ({ id, name, mode })),
      ),

    /** 号码池: a limited data scope sees the free numbers and those its people hold. */
    numberPage: async (auth: TAuth, q: z.output<typeof ZNumberPageQuery>) => {
      const scope = await dataScopeOf(auth);
      const { rows, total } = await scoped(auth, (tx) =>
        repo.numberPage(tx, auth.tenantId, { ...q, scope }, (q.page - 1) * q.limit, q.limit),
      );
      return pageOf(rows.map(toNumber), total, q);
    },

    distribute: async (auth: TAuth, ids: number[], userId: number | null) => {
      const scope = await dataScopeOf(auth);
      return scoped(auth, async (tx) => {
        await numbersIn(tx, auth, { scope, ids });
        if (userId !== null) await requireStaff(tx, auth.tenantId, scope, [userId]);
        return repo.distribute(tx, auth.tenantId, ids, userId);
      });
    },

    oneNumber: (auth: TAuth, id: number) => scoped(auth, (tx) => oneNumber(tx, auth, id)),

    workNumberList: async (auth: TAuth, q: Omit<TWorkNumberWhere, 'scope'> & TPageQuery) => {
      const scope = await dataScopeOf(auth);
      const { rows, total } = await scoped(auth, (tx) =>
        repo.workPage(tx, auth.tenantId, { ...q, scope }, (q.page - 1) * q.limit, q.limit),
      );
      return pageOf(rows.map(toWork), total, q);
    },

    /** One work number per person, one person per work number. */
    workNumberBind: async (auth: TAuth, id: number, userId: number) => {
      const scope = await dataScopeOf(auth);
      return scoped(auth, async (tx) => {
        const work = await repo.lockWorkNumber(tx, auth.tenantId, id);
        if (!work) throw lineErrors.workNumberMissing();
        await requireStaff(tx, auth.tenantId, scope, [userId]);
        if (work.userId === userId) return oneWork(tx, auth, id);
        if (work.userId !== null) throw lineErrors.workNumberTaken();
        if (await repo.workNumberOf(tx, auth.tenantId, userId)) throw lineErrors.staffHasWorkNumber();
        await repo.setWorkHolder(tx, auth.tenantId, id, userId);
        return oneWork(tx, auth, id);
      });
    },

    workNumberUnbind: async (auth: TAuth, id: number) => {
      const scope = await dataScopeOf(auth);
      return scoped(auth, async (tx) => {
        const work = await repo.lockWorkNumber(tx, auth.tenantId, id);
        if (!work) throw lineErrors.workNumberMissing();
        if (work.userId === null) throw lineErrors.workNumberFree();
        // Only a holder inside the scope may be unbound; others answer as if the number were not there.
        const visible = await repo.workPage(tx, auth.tenantId, { scope, ids: [id] }, 0, 1);
        if (visible.total === 0) throw lineErrors.workNumberMissing();
        await repo.setWorkHolder(tx, auth.tenantId, id, null);
        return oneWork(tx, auth, id);
      });
    },

    /** 外显号码: the enterprise's configuration, listed whole (no data scope). */
    callerNumberList: async (auth: TAuth, q: z.output<typeof ZNumberPageQuery>) => {
      const { rows, total } = await scoped(auth, (tx) =>
        repo.numberPage(tx, auth.tenantId, { ...q, scope: null }, (q.page - 1) * q.limit, q.limit),
      );
      return pageOf(rows.map(toNumber), total, q);
    },

    callerNumberQuery: (auth: TAuth, id: number) =>
      scoped(auth, async (tx) => toNumber((await numbersIn(tx, auth, { scope: null, ids: [id] }))[0]!)),

    callerNumberAdd: (auth: TAuth, input: { lineId: number; number: string; remark: string }) =>
      scoped(auth, async (tx) => {
        await checkNewNumber(tx, auth, input.lineId, input.number);
        const id = await repo.insertNumber(tx, { tenantId: auth.tenantId, ...input });
        return oneNumber(tx, auth, id);
      }),

    callerNumberEdit: (auth: TAuth, input: { id: number; lineId: number; number: string; remark: string }) =>
      scoped(auth, async (tx) => {
        const [current] = await numbersIn(tx, auth, { scope: null, ids: [input.id] });
        if (current!.number !== input.number || current!.lineId !== input.lineId) {
          await checkNewNumber(tx, auth, input.lineId, input.number, input.id);
          await assertNotInUse(tx, auth, [current!.number]);
        }
        await repo.updateNumber(tx, auth.tenantId, input.id, {
          lineId: input.lineId,
          number: input.number,
          remark: input.remark,
        });
        return oneNumber(tx, auth, input.id);
      }),

    callerNumberDelete: (auth: TAuth, ids: number[]) =>
      scoped(auth, async (tx) => {
        const rows = await numbersIn(tx, auth, { scope: null, ids });
        await assertNotInUse(
          tx,
          auth,
          rows.map((r) => r.number),
        );
        return { deleted: await repo.deleteNumbers(tx, auth.tenantId, ids) };
      }),
  };
};
