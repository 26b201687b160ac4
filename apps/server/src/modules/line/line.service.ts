import {
  lineModeLabel,
  type TLineView,
  type TRouteInput,
  type TTenantNumber,
  type TWorkNumber,
  toPage,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { visibleActiveStaff } from '../../db/staff.js';
import type { TRequestContext } from '../../http/context.js';
import { requireLinkableScript } from '../resource/index.js';
import { lineErrors } from './line.errors.js';
import { lineRepository as repo, type TNumberFilter } from './line.repository.js';

type TNumberRow = Awaited<ReturnType<typeof repo.findNumbers>>[number];
type TWorkRow = Awaited<ReturnType<typeof repo.workPage>>['rows'][number];

const toNumber = (r: TNumberRow): TTenantNumber => ({
  ...r,
  distributedAt: r.distributedAt?.getTime() ?? null,
  createdAt: r.createdAt.getTime(),
});
const toWork = (r: TWorkRow): TWorkNumber => ({ ...r, boundAt: r.boundAt?.getTime() ?? null });

/**
 * Active lines the enterprise holds seats on, each with the line's caller numbers and its own
 * (外显号码): what the calling settings and the dial flow may pick from. Takes the caller's `tx`.
 */
export const tenantLines = (tx: TDb, tenantId: number) => repo.tenantLines(tx, tenantId);

/** The enterprise's 话术 for calls on a line, or null (the side panel shows it first). */
export const lineScriptOf = (tx: TDb, tenantId: number, lineId: number) => repo.scriptOf(tx, tenantId, lineId);

export type TLineService = ReturnType<typeof createLineService>;

/** 线路展示, 号码池, 移动工作号 and 外显号码 (spec section 7 "Number pools and black-list"). */
export const createLineService = () => {
  const numbersIn = async (ctx: TRequestContext, f: TNumberFilter & { ids: readonly number[] }) => {
    const rows = await repo.findNumbers(ctx.tx, ctx.auth.tenantId, f);
    if (rows.length !== f.ids.length) throw lineErrors.numberMissing();
    return rows;
  };
  const oneNumber = async (ctx: TRequestContext, id: number) =>
    toNumber((await repo.findNumbers(ctx.tx, ctx.auth.tenantId, { scope: null, ids: [id] }))[0]!);
  const oneWork = async (ctx: TRequestContext, id: number) =>
    toWork(
      (await repo.workPage(ctx.tx, ctx.auth.tenantId, { scope: { kind: 'all' }, ids: [id] }, { page: 1, limit: 1 }))
        .rows[0]!,
    );
  const requireStaff = async (ctx: TRequestContext, userId: number) => {
    const visible = await visibleActiveStaff(ctx.tx, ctx.auth.tenantId, ctx.scope, [userId]);
    if (visible.length === 0) throw lineErrors.staffMissing();
  };

  /** A number the enterprise adds must sit on a line it holds seats on and be new to it. */
  const checkNewNumber = async (ctx: TRequestContext, lineId: number, number: string, exceptId?: number) => {
    const line = await repo.tenantLine(ctx.tx, ctx.auth.tenantId, lineId);
    if (!line) throw lineErrors.lineNotHeld();
    if (line.callerNumbers.includes(number)) throw lineErrors.lineOwnNumber();
    if (await repo.numberTaken(ctx.tx, ctx.auth.tenantId, number, exceptId)) throw lineErrors.numberTaken();
  };
  const assertNotInUse = async (ctx: TRequestContext, numbers: string[]) => {
    if ((await repo.numbersInUse(ctx.tx, ctx.auth.tenantId, numbers)) > 0) throw lineErrors.numberInUse();
  };

  /** Gives numbers to a person (null = back into the pool); answers how many. */
  const distribute = async (ctx: TRequestContext, ids: number[], userId: number | null) => {
    await numbersIn(ctx, { scope: ctx.scope, ids });
    if (userId !== null) await requireStaff(ctx, userId);
    return repo.distribute(ctx.tx, ctx.auth.tenantId, ids, userId);
  };

  return {
    lineList: async (ctx: TRequestContext): Promise<TLineView[]> =>
      (await repo.linesWithSeats(ctx.tx, ctx.auth.tenantId, new Date())).map((l) => ({
        ...l,
        modeLabel: lineModeLabel(l.mode),
      })),

    /** 线路话术: one of the scripts he may read, for a line the enterprise holds seats on (null: none). */
    lineScriptSave: async (ctx: TRequestContext, input: TRouteInput<'line', 'lineScriptSave'>) => {
      if (!(await repo.tenantLine(ctx.tx, ctx.auth.tenantId, input.lineId))) throw lineErrors.lineNotHeld();
      if (input.scriptId !== null) await requireLinkableScript(ctx.tx, ctx.auth, input.scriptId);
      await repo.setScript(ctx.tx, ctx.auth.tenantId, input.lineId, input.scriptId);
      return null;
    },

    lineOptions: async (ctx: TRequestContext) =>
      (await repo.tenantLines(ctx.tx, ctx.auth.tenantId)).map(({ id, name, mode }) => ({ id, name, mode })),

    /** 号码池: a limited data scope sees the free numbers and those its people hold. */
    numberPage: async (ctx: TRequestContext, q: TRouteInput<'line', 'numberPage'>) => {
      const { rows, total } = await repo.numberPage(ctx.tx, ctx.auth.tenantId, { ...q, scope: ctx.scope }, q);
      return toPage(rows.map(toNumber), total, q);
    },

    /** One number to one person (or back to the pool); answers the number as it is now. */
    distribute: async (ctx: TRequestContext, input: TRouteInput<'line', 'distribute'>) => {
      await distribute(ctx, [input.id], input.userId);
      return oneNumber(ctx, input.id);
    },

    distributeBatch: async (ctx: TRequestContext, input: TRouteInput<'line', 'distributeBatch'>) => ({
      updated: await distribute(ctx, input.ids, input.userId),
    }),

    workNumberList: async (ctx: TRequestContext, q: TRouteInput<'line', 'workNumberList'>) => {
      const { rows, total } = await repo.workPage(ctx.tx, ctx.auth.tenantId, { ...q, scope: ctx.scope }, q);
      return toPage(rows.map(toWork), total, q);
    },

    /** One work number per person, one person per work number. */
    workNumberBind: async (ctx: TRequestContext, { id, userId }: TRouteInput<'line', 'workNumberBind'>) => {
      const { tx, auth } = ctx;
      const work = await repo.lockWorkNumber(tx, auth.tenantId, id);
      if (!work) throw lineErrors.workNumberMissing();
      await requireStaff(ctx, userId);
      if (work.userId === userId) return oneWork(ctx, id);
      if (work.userId !== null) throw lineErrors.workNumberTaken();
      if (await repo.workNumberOf(tx, auth.tenantId, userId)) throw lineErrors.staffHasWorkNumber();
      await repo.setWorkHolder(tx, auth.tenantId, id, userId);
      return oneWork(ctx, id);
    },

    workNumberUnbind: async (ctx: TRequestContext, { id }: TRouteInput<'line', 'workNumberUnbind'>) => {
      const { tx, auth } = ctx;
      const work = await repo.lockWorkNumber(tx, auth.tenantId, id);
      if (!work) throw lineErrors.workNumberMissing();
      if (work.userId === null) throw lineErrors.workNumberFree();
      // Only a holder inside the scope may be unbound; others answer as if the number were not there.
      const visible = await repo.workPage(tx, auth.tenantId, { scope: ctx.scope, ids: [id] }, { page: 1, limit: 1 });
      if (visible.total === 0) throw lineErrors.workNumberMissing();
      await repo.setWorkHolder(tx, auth.tenantId, id, null);
      return oneWork(ctx, id);
    },

    /** 外显号码: the enterprise's configuration, listed whole (no data scope). */
    callerNumberList: async (ctx: TRequestContext, q: TRouteInput<'line', 'callerNumberList'>) => {
      const { rows, total } = await repo.numberPage(ctx.tx, ctx.auth.tenantId, { ...q, scope: null }, q);
      return toPage(rows.map(toNumber), total, q);
    },

    callerNumberQuery: async (ctx: TRequestContext, { id }: TRouteInput<'line', 'callerNumberQuery'>) =>
      toNumber((await numbersIn(ctx, { scope: null, ids: [id] }))[0]!),

    callerNumberAdd: async (ctx: TRequestContext, input: TRouteInput<'line', 'callerNumberAdd'>) => {
      await checkNewNumber(ctx, input.lineId, input.number);
      const id = await repo.insertNumber(ctx.tx, { tenantId: ctx.auth.tenantId, ...input });
      return oneNumber(ctx, id);
    },

    callerNumberEdit: async (ctx: TRequestContext, input: TRouteInput<'line', 'callerNumberEdit'>) => {
      const [current] = await numbersIn(ctx, { scope: null, ids: [input.id] });
      if (current!.number !== input.number || current!.lineId !== input.lineId) {
        await checkNewNumber(ctx, input.lineId, input.number, input.id);
        await assertNotInUse(ctx, [current!.number]);
      }
      await repo.updateNumber(ctx.tx, ctx.auth.tenantId, input.id, {
        lineId: input.lineId,
        number: input.number,
        remark: input.remark,
      });
      return oneNumber(ctx, input.id);
    },

    callerNumberDelete: async (ctx: TRequestContext, { ids }: TRouteInput<'line', 'callerNumberDelete'>) => {
      const rows = await numbersIn(ctx, { scope: null, ids });
      await assertNotInUse(
        ctx,
        rows.map((r) => r.number),
      );
      return { deleted: await repo.deleteNumbers(ctx.tx, ctx.auth.tenantId, ids) };
    },
  };
};
