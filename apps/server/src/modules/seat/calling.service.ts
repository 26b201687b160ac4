import {
  defaultCallingSettings,
  type TCallingOptions,
  type TCallingRow,
  type TRouteInput,
  toPage,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { visibleActiveStaff } from '../../db/staff.js';
import type { TRequestContext } from '../../http/context.js';
import { tenantLines } from '../line/index.js';
import { callingRepository as repo, type TSettingsValues } from './calling.repository.js';
import { seatErrors } from './seat.errors.js';

export type TCallingRules = {
  /** Default line; null = the line of his seat. */
  lineId: number | null;
  /** 外显号码; null = the line's first caller number. */
  callerNumber: string | null;
  /** 'HH:mm' (Asia/Shanghai), inclusive start. */
  allowedFrom: string;
  /** 'HH:mm' (Asia/Shanghai), exclusive end. */
  allowedTo: string;
  perNumberDailyLimit: number;
  dailyLimit: number;
  recording: boolean;
  /** Whether his recorded calls are analysed (通话分析). */
  analysis: boolean;
};

/**
 * What applies to a staff member without his own row on 呼叫管理: calls from 08:00 to 21:00, three
 * calls to one number and 300 dials a day, recorded and analysed (business configuration).
 */
export const defaultCallingRules: TCallingRules = { ...defaultCallingSettings };

/** The calling rules of one staff member; the dial flow enforces them (inside its own `tx`). */
export const callingRulesFor = async (db: TDb, tenantId: number, userId: number): Promise<TCallingRules> => {
  const row = await repo.settingsOf(db, tenantId, userId);
  if (!row) return { ...defaultCallingRules };
  return {
    lineId: row.lineId,
    callerNumber: row.callerNumber,
    allowedFrom: row.allowedFrom,
    allowedTo: row.allowedTo,
    perNumberDailyLimit: row.perNumberDailyLimit,
    dailyLimit: row.dailyLimit,
    recording: row.recording,
    analysis: row.analysis,
  };
};

// ---- 呼叫管理 ---------------------------------------------------------------------------------

export type TCallingService = ReturnType<typeof createCallingService>;

export const createCallingService = () => {
  /** The people a change names, all active and inside the asker's data scope. */
  const requireStaff = async (ctx: TRequestContext, ids: readonly number[]) => {
    const visible = await visibleActiveStaff(ctx.tx, ctx.auth.tenantId, ctx.scope, ids);
    if (visible.length !== new Set(ids).size) throw seatErrors.staffMissing();
  };

  /**
   * A line must be one the enterprise holds seats on, and a caller number one of that line's
   * numbers (the line's own or the enterprise's, 外显号码): the dial flow shows it as is.
   */
  const checkLineAndNumber = async (ctx: TRequestContext, lineId: number | null, callerNumber: string | null) => {
    if (lineId === null) {
      if (callerNumber) throw seatErrors.numberWithoutLine();
      return;
    }
    const line = (await tenantLines(ctx.tx, ctx.auth.tenantId)).find((l) => l.id === lineId);
    if (!line) throw seatErrors.lineUnavailable();
    if (callerNumber && !line.callerNumbers.includes(callerNumber)) {
      throw seatErrors.numberNotOnLine();
    }
  };

  const rowsOf = async (ctx: TRequestContext, page: Awaited<ReturnType<typeof repo.page>>['rows']) => {
    const seatLines = await repo.seatLines(
      ctx.tx,
      ctx.auth.tenantId,
      page.map((r) => r.userId),
      new Date(),
    );
    return page.map(
      (r): TCallingRow => ({
        userId: r.userId,
        realName: r.realName,
        username: r.username,
        deptName: r.deptName,
        isCustom: r.settings !== null,
        lineId: r.settings?.lineId ?? null,
        lineName: r.lineName,
        callerNumber: r.settings?.callerNumber ?? null,
        allowedFrom: r.settings?.allowedFrom ?? defaultCallingSettings.allowedFrom,
        allowedTo: r.settings?.allowedTo ?? defaultCallingSettings.allowedTo,
        perNumberDailyLimit: r.settings?.perNumberDailyLimit ?? defaultCallingSettings.perNumberDailyLimit,
        dailyLimit: r.settings?.dailyLimit ?? defaultCallingSettings.dailyLimit,
        recording: r.settings?.recording ?? defaultCallingSettings.recording,
        analysis: r.settings?.analysis ?? defaultCallingSettings.analysis,
        seatLines: seatLines.filter((s) => s.userId === r.userId).map((s) => s.lineName),
        updatedAt: r.settings?.updatedAt.getTime() ?? null,
      }),
    );
  };

  return {
    list: async (ctx: TRequestContext, q: TRouteInput<'seat', 'callingList'>) => {
      const { rows, total } = await repo.page(ctx.tx, ctx.auth.tenantId, { ...q, scope: ctx.scope }, q);
      return toPage(await rowsOf(ctx, rows), total, q);
    },

    options: async (ctx: TRequestContext): Promise<TCallingOptions> => ({
      lines: await tenantLines(ctx.tx, ctx.auth.tenantId),
    }),

    save: async (ctx: TRequestContext, input: TRouteInput<'seat', 'callingSave'>) => {
      const { tx, auth, scope } = ctx;
      await requireStaff(ctx, [input.userId]);
      await checkLineAndNumber(ctx, input.lineId, input.callerNumber || null);
      const { userId, analysis, ...fields } = input;
      const values = { ...fields, callerNumber: fields.callerNumber || null };
      await repo.upsert(tx, auth.tenantId, [userId], analysis === undefined ? values : { ...values, analysis });
      const { rows } = await repo.page(tx, auth.tenantId, { scope, userIds: [userId] }, { page: 1, limit: 1 });
      return (await rowsOf(ctx, rows))[0]!;
    },

    /** Sets the named fields for every chosen person; a new line without a number clears the number. */
    saveBatch: async (ctx: TRequestContext, input: TRouteInput<'seat', 'callingSaveBatch'>) => {
      const { tx, auth, scope } = ctx;
      const { userIds, ...given } = input;
      await requireStaff(ctx, userIds);
      const values: TSettingsValues = Object.fromEntries(
        Object.entries(given).filter(([, v]) => v !== undefined),
      ) as TSettingsValues;
      if (values.callerNumber === '') values.callerNumber = null;
      if (values.callerNumber && values.lineId === undefined) throw seatErrors.numberWithoutLine();
      if (values.lineId !== undefined) {
        values.callerNumber ??= null;
        await checkLineAndNumber(ctx, values.lineId ?? null, values.callerNumber);
      }
      if ((values.allowedFrom === undefined) !== (values.allowedTo === undefined)) {
        // One end given: it must still fit each person's other end.
        const { rows } = await repo.page(tx, auth.tenantId, { scope, userIds }, { page: 1, limit: userIds.length });
        const clash = rows.find((r) => {
          const from = values.allowedFrom ?? r.settings?.allowedFrom ?? defaultCallingSettings.allowedFrom;
          const to = values.allowedTo ?? r.settings?.allowedTo ?? defaultCallingSettings.allowedTo;
          return from >= to;
        });
        if (clash) throw seatErrors.hoursReversed(clash.realName);
      }
      return { updated: await repo.upsert(tx, auth.tenantId, userIds, values) };
    },

    reset: async (ctx: TRequestContext, { userIds }: TRouteInput<'seat', 'callingReset'>) => {
      await requireStaff(ctx, userIds);
      return { updated: await repo.remove(ctx.tx, ctx.auth.tenantId, userIds) };
    },
  };
};
