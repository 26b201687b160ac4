import {
  defaultCallingSettings,
  type TCallingOptions,
  type TCallingRow,
  type ZCallingBatch,
  type ZCallingFields,
  type ZCallingPageQuery,
} from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { callingRepository as repo, type TSettingsValues } from './calling.repository.js';
import { seatErrors } from './seat.errors.js';
import { callingSettings } from './seat.schema.js';
import { requireStaff } from './staff.js';

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
};

/**
 * What applies to a staff member without his own row on 呼叫管理: calls from 08:00 to 21:00, three
 * calls to one number and 300 dials a day, recorded (business configuration, issue 5).
 */
export const defaultCallingRules: TCallingRules = { ...defaultCallingSettings };

/** The calling rules of one staff member; the dial flow enforces them. */
export const callingRulesFor = async (db: TDb, tenantId: number, userId: number): Promise<TCallingRules> => {
  const [row] = await db
    .select()
    .from(callingSettings)
    .where(and(eq(callingSettings.tenantId, tenantId), eq(callingSettings.userId, userId)))
    .limit(1);
  if (!row) return { ...defaultCallingRules };
  return {
    lineId: row.lineId,
    callerNumber: row.callerNumber,
    allowedFrom: row.allowedFrom,
    allowedTo: row.allowedTo,
    perNumberDailyLimit: row.perNumberDailyLimit,
    dailyLimit: row.dailyLimit,
    recording: row.recording,
  };
};

// ---- 呼叫管理 ---------------------------------------------------------------------------------

type TCallingDeps = { database: TDatabase; dataScopeOf: (auth: TAuth) => Promise<TDataScope> };
type TFields = z.output<typeof ZCallingFields>;

export type TCallingService = ReturnType<typeof createCallingService>;

export const createCallingService = (deps: TCallingDeps) => {
  const { database, dataScopeOf } = deps;
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(database, auth.tenantId, fn);

  /**
   * A line must be one the enterprise holds seats on, and a caller number one of that line's
   * numbers (the line's own or the enterprise's, 外显号码): the dial flow shows it as is.
   */
  const checkLineAndNumber = async (tx: TDb, auth: TAuth, lineId: number | null, callerNumber: string | null) => {
    if (lineId === null) {
      if (callerNumber) throw seatErrors.numberWithoutLine();
      return;
    }
    const line = (await repo.tenantLines(tx, auth.tenantId)).find((l) => l.id === lineId);
    if (!line) throw seatErrors.lineUnavailable();
    if (callerNumber && !line.callerNumbers.includes(callerNumber)) {
      throw seatErrors.numberNotOnLine();
    }
  };

  const rowsOf = async (tx: TDb, auth: TAuth, page: Awaited<ReturnType<typeof repo.page>>['rows']) => {
    const seatLines = await repo.seatLines(
      tx,
      auth.tenantId,
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
        seatLines: seatLines.filter((s) => s.userId === r.userId).map((s) => s.lineName),
        updatedAt: r.settings?.updatedAt.getTime() ?? null,
      }),
    );
  };

  return {
    list: async (auth: TAuth, q: z.output<typeof ZCallingPageQuery>) => {
      const scope = await dataScopeOf(auth);
      return scoped(auth, async (tx) => {
        const { rows, total } = await repo.page(tx, auth.tenantId, { ...q, scope }, (q.page - 1) * q.limit, q.limit);
        const records = await rowsOf(tx, auth, rows);
        return { records, total, size: q.limit, current: q.page, pages: Math.ceil(total / q.limit) };
      });
    },

    options: (auth: TAuth): Promise<TCallingOptions> =>
      scoped(auth, async (tx) => ({ lines: await repo.tenantLines(tx, auth.tenantId) })),

    save: async (auth: TAuth, input: TFields & { userId: number }) => {
      const scope = await dataScopeOf(auth);
      return scoped(auth, async (tx) => {
        await requireStaff(tx, auth.tenantId, scope, [input.userId]);
        await checkLineAndNumber(tx, auth, input.lineId, input.callerNumber || null);
        const { userId, ...fields } = input;
        await repo.upsert(tx, auth.tenantId, [userId], { ...fields, callerNumber: fields.callerNumber || null });
        const { rows } = await repo.page(tx, auth.tenantId, { scope, userIds: [userId] }, 0, 1);
        return (await rowsOf(tx, auth, rows))[0]!;
      });
    },

    /** Sets the named fields for every chosen person; a new line without a number clears the number. */
    saveBatch: async (auth: TAuth, input: z.output<typeof ZCallingBatch>) => {
      const scope = await dataScopeOf(auth);
      return scoped(auth, async (tx) => {
        const { userIds, ...given } = input;
        await requireStaff(tx, auth.tenantId, scope, userIds);
        const values: TSettingsValues = Object.fromEntries(
          Object.entries(given).filter(([, v]) => v !== undefined),
        ) as TSettingsValues;
        if (values.callerNumber === '') values.callerNumber = null;
        if (values.callerNumber && values.lineId === undefined) {
          throw seatErrors.numberWithoutLine();
        }
        if (values.lineId !== undefined) {
          values.callerNumber ??= null;
          await checkLineAndNumber(tx, auth, values.lineId ?? null, values.callerNumber);
        }
        if ((values.allowedFrom === undefined) !== (values.allowedTo === undefined)) {
          // One end given: it must still fit each person's other end.
          const { rows } = await repo.page(tx, auth.tenantId, { scope, userIds }, 0, userIds.length);
          const clash = rows.find((r) => {
            const from = values.allowedFrom ?? r.settings?.allowedFrom ?? defaultCallingSettings.allowedFrom;
            const to = values.allowedTo ?? r.settings?.allowedTo ?? defaultCallingSettings.allowedTo;
            return from >= to;
          });
          if (clash) throw seatErrors.hoursReversed(clash.realName);
        }
        return { updated: await repo.upsert(tx, auth.tenantId, userIds, values) };
      });
    },

    reset: async (auth: TAuth, userIds: number[]) => {
      const scope = await dataScopeOf(auth);
      return scoped(auth, async (tx) => {
        await requireStaff(tx, auth.tenantId, scope, userIds);
        return { updated: await repo.remove(tx, auth.tenantId, userIds) };
      });
    },
  };
};
