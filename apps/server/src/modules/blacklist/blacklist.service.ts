import {
  beijingTime,
  blacklistLimits,
  blackSourceLabel,
  blackStatusLabel,
  isBlackNumber,
  normaliseBlackNumber,
  type TBlackCheckItem,
  type TBlackEntry,
  type TBlackHit,
  type TBlackImportState,
  type TBlackLevel,
  type TBlackSource,
  type TRouteInput,
  toPage,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { isUniqueViolation } from '../../db/unique.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import type { AppError } from '../../http/errors.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import type { TBatchRow, TStagedInsert, TStagedRow } from '../../import/import.repository.js';
import { createImportRunner, type TImportWriter } from '../../import/import.runner.js';
import { batchProgress } from '../../import/progress.js';
import { blacklistErrors } from './blacklist.errors.js';
import {
  blacklistImportTemplate,
  readBlacklistImport,
  type TImportError,
  type TImportItem,
} from './blacklist.import.js';
import { blockedReason, findBlocked } from './blacklist.lookup.js';
import {
  platformList,
  blacklistRepository as repo,
  type TEntryInsert,
  type TEntryRow,
  type TList,
  tenantList,
} from './blacklist.repository.js';

/** The reason a number is skipped or refused: it is on this list already. */
const listedAlready = (number: string, list: { level: TBlackLevel }) =>
  blacklistErrors.listedAlready(number, list.level).message;

const isExpiredAt = (row: { expiresAt: Date | null }, now: Date) =>
  row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();

export const toEntry = (list: TList, r: TEntryRow, now: Date): TBlackEntry => ({
  id: r.id,
  level: list.level,
  number: r.number,
  reason: r.reason,
  source: r.source as TBlackSource,
  expiresAt: r.expiresAt?.getTime() ?? null,
  isExpired: isExpiredAt(r, now),
  createdBy: r.createdByName,
  createdAt: r.createdAt.getTime(),
  updatedBy: r.updatedByName,
  updatedAt: r.updatedAt.getTime(),
});

/** An expiry must lie ahead; null keeps the number listed for good. */
const checkExpiry = (expiresAt: number | null, now: Date) => {
  if (expiresAt !== null && expiresAt <= now.getTime()) throw blacklistErrors.expiryPast();
};

/** The columns of the black-list download; the status is the one at `now`. */
const exportColumns = (now: Date): TColumn<TEntryRow>[] => [
  { header: '号码', width: 16, value: (r) => r.number },
  { header: '原因', width: 30, value: (r) => r.reason },
  { header: '来源', width: 10, value: (r) => blackSourceLabel[r.source as TBlackSource] ?? r.source },
  { header: '状态', width: 10, value: (r) => blackStatusLabel[isExpiredAt(r, now) ? 'expired' : 'active'] },
  { header: '有效期至', value: (r) => (r.expiresAt ? beijingTime(r.expiresAt) : '永久') },
  { header: '添加人', width: 12, value: (r) => r.createdByName },
  { header: '添加时间', value: (r) => beijingTime(r.createdAt) },
  { header: '修改人', width: 12, value: (r) => r.updatedByName },
  { header: '修改时间', value: (r) => beijingTime(r.updatedAt) },
];

export type TBlacklistService = ReturnType<typeof createBlacklistService>;

/**
 * Each list's imports among the framework's batches (import/import.runner.ts). A platform batch is
 * the operator's, kept under the super tenant like any of its batches; its rows go to the platform list.
 */
const importKinds: Record<TBlackLevel, readonly string[]> = { tenant: ['blacklist'], platform: ['blacklist-platform'] };

const stateOf = (row: TBatchRow): TBlackImportState => ({
  ...batchProgress(row),
  fileName: row.fileName,
  skippedCount: row.duplicateCount,
  added: row.inserted + row.updated,
  skipped: row.skipped,
});

/** The columns of the import's downloadable result, before 结果 and 说明. */
const reportColumns: TColumn<TStagedRow>[] = [
  { header: '号码', width: 16, value: (r) => String(r.data.number ?? '') },
  { header: '原因', width: 30, value: (r) => String(r.data.reason ?? '') },
  {
    header: '有效期至',
    value: (r) => (typeof r.data.expiresAt === 'number' ? beijingTime(new Date(r.data.expiresAt)) : ''),
  },
];

/**
 * 企业黑名单, 平台黑名单, the checks and 黑名单拦截. Both lists are read and
 * written in the request's transaction: the enterprise's under its row-level policy (migration
 * 0020); the platform's has no tenant, and its writes are platform routes (platform permissions,
 * super tenant only). `database` serves the import (it writes in transactions of its own) and the
 * download (read after the request's transaction).
 */
export const createBlacklistService = (deps: { database: TDatabase; onError: (error: unknown) => void }) => {
  const { database } = deps;
  // The enterprise list's import goes through the one import framework: its batch and
  // rows are the tenant's, behind its wall. The platform list has no tenant: its import stays a
  // check then a write of the file in one plain transaction (platform routes, super tenant only).
  const runner = createImportRunner({ database, onError: deps.onError });
  const listOf = (auth: TAuth, level: TBlackLevel) => (level === 'tenant' ? tenantList(auth.tenantId) : platformList);
  /** The import's own transaction on the list: the tenant's under its row-level policy, the platform's plain. */
  const ownList = <T>(auth: TAuth, level: TBlackLevel, fn: (tx: TDb, list: TList) => Promise<T>) =>
    level === 'tenant'
      ? withTenant(database, auth.tenantId, (tx) => fn(tx, tenantList(auth.tenantId)))
      : database.db.transaction((tx) => fn(tx as unknown as TDb, platformList));

  /** Runs a write the unique index (one entry per number) may still refuse after our own check. */
  const uniquely = async <T>(refusal: () => AppError, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw refusal();
      throw error;
    }
  };

  const stamp = (auth: TAuth, now: Date) => ({ updatedByName: auth.realName || auth.username, updatedAt: now });

  /**
   * Adds numbers to a list. A number listed and still in force is skipped (it is blocked already);
   * one whose entry has expired gets that entry renewed with the new reason and expiry, since adding
   * it again means it should be blocked again.
   */
  const addMany = async (
    tx: TDb,
    list: TList,
    auth: TAuth,
    items: { number: string; reason: string; expiresAt: number | null }[],
    source: TBlackSource,
    now: Date,
    isDryRun = false,
  ) => {
    const existing = new Map<string, { id: number; expiresAt: Date | null }>();
    for (let i = 0; i < items.length; i += 1000) {
      const chunk = items.slice(i, i + 1000).map((x) => x.number);
      for (const r of await repo.listed(tx, list, chunk)) existing.set(r.number, r);
    }
    const skipped: { number: string; reason: string }[] = [];
    const fresh: TEntryInsert[] = [];
    /** Ids of the entries added or renewed (none in a dry run). */
    const added: number[] = [];
    for (const item of items) {
      const old = existing.get(item.number);
      const expiresAt = item.expiresAt === null ? null : new Date(item.expiresAt);
      if (old && !isExpiredAt(old, now)) {
        skipped.push({ number: item.number, reason: listedAlready(item.number, list) });
      } else if (old && !isDryRun) {
        const row = await repo.update(tx, list, old.id, {
          reason: item.reason,
          expiresAt,
          source,
          ...stamp(auth, now),
        });
        if (row) added.push(row.id);
      } else if (!isDryRun) {
        fresh.push({
          number: item.number,
          reason: item.reason,
          source,
          expiresAt,
          createdBy: auth.userId,
          createdByName: auth.realName || auth.username,
          createdAt: now,
          ...stamp(auth, now),
        });
      }
    }
    for (let i = 0; i < fresh.length; i += 1000) added.push(...(await repo.insert(tx, list, fresh.slice(i, i + 1000))));
    return { added, skipped };
  };

  const page = async (ctx: TRequestContext, level: TBlackLevel, q: TRouteInput<'blacklist', 'page'>) => {
    const now = new Date();
    const list = listOf(ctx.auth, level);
    const { rows, total } = await repo.page(ctx.tx, list, q, now);
    return toPage(
      rows.map((r) => toEntry(list, r, now)),
      total,
      q,
    );
  };

  const addOne = async (ctx: TRequestContext, level: TBlackLevel, input: TRouteInput<'blacklist', 'addOne'>) => {
    const now = new Date();
    checkExpiry(input.expiresAt, now);
    const list = listOf(ctx.auth, level);
    return uniquely(
      () => blacklistErrors.listedAlready(input.number, level),
      async () => {
        const { added, skipped } = await addMany(ctx.tx, list, ctx.auth, [input], 'manual', now);
        if (skipped.length) throw blacklistErrors.listedAlready(input.number, level);
        return toEntry(list, (await repo.byId(ctx.tx, list, added[0]!))!, now);
      },
    );
  };

  const addBatch = async (ctx: TRequestContext, level: TBlackLevel, input: TRouteInput<'blacklist', 'addBatch'>) => {
    const now = new Date();
    checkExpiry(input.expiresAt, now);
    const skipped: { number: string; reason: string }[] = [];
    const seen = new Set<string>();
    const items: { number: string; reason: string; expiresAt: number | null }[] = [];
    for (const typed of input.numbers) {
      const number = normaliseBlackNumber(typed.trim());
      if (!isBlackNumber(number)) skipped.push({ number: typed, reason: '号码格式不正确' });
      else if (seen.has(number)) skipped.push({ number, reason: '号码重复' });
      else {
        seen.add(number);
        items.push({ number, reason: input.reason, expiresAt: input.expiresAt });
      }
    }
    return uniquely(blacklistErrors.listedMeanwhile, async () => {
      const done = await addMany(ctx.tx, listOf(ctx.auth, level), ctx.auth, items, 'batch', now);
      return { added: done.added.length, skipped: [...skipped, ...done.skipped] };
    });
  };

  const edit = async (ctx: TRequestContext, level: TBlackLevel, input: TRouteInput<'blacklist', 'edit'>) => {
    const now = new Date();
    const { tx } = ctx;
    const list = listOf(ctx.auth, level);
    return uniquely(
      () => blacklistErrors.listedAlready(input.number, level),
      async () => {
        const old = await repo.byId(tx, list, input.id);
        if (!old) throw blacklistErrors.entryMissing();
        // An unchanged past expiry may stay (editing only the reason of a lapsed entry).
        if (input.expiresAt !== (old.expiresAt?.getTime() ?? null)) checkExpiry(input.expiresAt, now);
        if (input.number !== old.number) {
          const [other] = await repo.byNumbers(tx, list, [input.number]);
          if (other) throw blacklistErrors.listedAlready(input.number, list.level);
        }
        const row = await repo.update(tx, list, input.id, {
          number: input.number,
          reason: input.reason,
          expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
          ...stamp(ctx.auth, now),
        });
        return toEntry(list, row!, now);
      },
    );
  };

  const remove = async (ctx: TRequestContext, level: TBlackLevel, ids: number[]) => {
    const deleted = await repo.remove(ctx.tx, listOf(ctx.auth, level), [...new Set(ids)]);
    if (deleted === 0) throw blacklistErrors.entryMissing();
    return { deleted };
  };

  const importExcel = (
    auth: TAuth,
    level: TBlackLevel,
    file: Parameters<typeof readBlacklistImport>[0],
    isDryRun: boolean,
  ) =>
    readBlacklistImport(file, async (rows, errors, { total, fileName, ...read }) => {
      const listed = (xs: typeof errors) => xs.slice(0, blacklistLimits.importListed);
      /** The check's and the write's answer: the rows as read, less those skipped. */
      const outcomeOf = (skipped: typeof errors, added: number) => ({
        isDryRun,
        total,
        validCount: rows.length - skipped.length,
        invalidCount: errors.length,
        skippedCount: skipped.length,
        added,
        errors: listed(errors),
        skipped: listed(skipped),
        ...read,
        toWrite: rows.length - skipped.length,
      });
      if (isDryRun) {
        const staged = await stageImport(auth, level, rows, errors, fileName, total);
        return { ...outcomeOf(staged.skipped, 0), batchId: staged.batchId };
      }
      const now = new Date();
      // The check and the confirm run the same code; the check only leaves out the writes.
      const write = async (tx: TDb, list: TList) => {
        const done = await addMany(tx, list, auth, rows, 'import', now, isDryRun);
        const skippedNumbers = new Set(done.skipped.map((x) => x.number));
        const skipped = rows
          .filter((r) => skippedNumbers.has(r.number))
          .map((r) => ({ row: r.row, number: r.number, reason: listedAlready(r.number, list) }));
        return { skipped, added: done.added.length };
      };
      const outcome = await uniquely(blacklistErrors.listedMeanwhile, () => ownList(auth, level, write));
      return outcomeOf(outcome.skipped, outcome.added);
    });

  /**
   * A list's check (dryRun '1'): every row staged with its reason, or as valid (a number listed
   * and in force marked as existing: it will be skipped), in the framework's batch.
   */
  const stageImport = async (
    auth: TAuth,
    level: TBlackLevel,
    rows: TImportItem[],
    errors: TImportError[],
    fileName: string,
    total: number,
  ) => {
    const batchId = await runner.open(auth, { kind: importKinds[level][0]!, fileName });
    const list = listOf(auth, level);
    const now = new Date();
    let skipped: TImportError[];
    try {
      skipped = await runner.scoped(auth, async (tx) => {
        const listedIds = new Map<string, number>();
        for (let i = 0; i < rows.length; i += 1000) {
          const chunk = rows.slice(i, i + 1000).map((x) => x.number);
          for (const r of await repo.listed(tx, list, chunk)) if (!isExpiredAt(r, now)) listedIds.set(r.number, r.id);
        }
        const staged: Omit<TStagedInsert, 'importId' | 'tenantId'>[] = [
          ...rows.map((r) => ({
            rowNo: r.row,
            data: { number: r.number, reason: r.reason, expiresAt: r.expiresAt },
            error: null,
            existingId: listedIds.get(r.number) ?? null,
          })),
          ...errors.map((e) => ({ rowNo: e.row, data: { number: e.number }, error: e.reason, existingId: null })),
        ];
        // One statement per 1,000 rows: a 50,000-row file in one would pass PostgreSQL's parameter limit.
        for (let i = 0; i < staged.length; i += 1000) await runner.stage(tx, auth, batchId, staged.slice(i, i + 1000));
        return rows
          .filter((r) => listedIds.has(r.number))
          .map((r) => ({ row: r.row, number: r.number, reason: listedAlready(r.number, list) }));
      });
    } catch (error) {
      await runner.discard(auth, batchId);
      throw error;
    }
    await runner.close(auth, batchId, {
      total,
      valid: rows.length,
      invalid: errors.length,
      duplicate: skipped.length,
    });
    return { batchId, skipped };
  };

  /** Writes a confirmed batch into its list in one transaction: all its numbers or none. */
  const importWriter = (level: TBlackLevel): TImportWriter => ({
    isOneTransaction: true,
    write: async (tx, run, rows) => {
      const list = listOf(run.auth, level);
      const items = rows.map((r) => ({
        number: String(r.data.number),
        reason: String(r.data.reason ?? ''),
        expiresAt: typeof r.data.expiresAt === 'number' ? r.data.expiresAt : null,
      }));
      const done = await uniquely(blacklistErrors.listedMeanwhile, () =>
        addMany(tx, list, run.auth, items, 'import', new Date()),
      );
      const skipped = new Set(done.skipped.map((x) => x.number));
      return rows.map((r, i) => {
        const number = items[i]!.number;
        return skipped.has(number)
          ? { rowNo: r.rowNo, outcome: 'skipped' as const, reason: listedAlready(number, list) }
          : { rowNo: r.rowNo, outcome: 'inserted' as const, reason: '' };
      });
    },
  });

  const importConfirm = async (ctx: Pick<TRequestContext, 'auth' | 'scope'>, level: TBlackLevel, batchId: string) =>
    stateOf(await runner.confirm(ctx, batchId, importKinds[level], importWriter(level)));

  const importState = async (auth: TAuth, level: TBlackLevel, batchId: string) =>
    stateOf(await runner.find(auth, batchId, importKinds[level]));

  /** Every row of the file with its reason, or its outcome once written, as xlsx. */
  const importReport = (auth: TAuth, level: TBlackLevel, batchId: string) =>
    runner.report(auth, batchId, importKinds[level], reportColumns);

  /** The filtered list (read when the download is sent), its columns and the file's name. */
  const exportExcel = (ctx: TRequestContext, level: TBlackLevel, filter: TRouteInput<'blacklist', 'exportExcel'>) => {
    const now = new Date();
    const name = level === 'tenant' ? '企业黑名单' : '平台黑名单';
    return {
      fileName: `${name}_${beijingTime(now).slice(0, 10)}.xlsx`,
      sheetName: name,
      columns: exportColumns(now),
      rows: repo.exportRows(database, listOf(ctx.auth, level), ctx.auth.tenantId, filter, now),
    };
  };

  const template = async () => ({ fileName: '黑名单导入模板.xlsx', body: await blacklistImportTemplate() });

  /** One number on both lists: blocked or not, and every entry naming it (expired ones too). */
  const get = async (ctx: TRequestContext, number: string) => {
    const now = new Date();
    const hits: TBlackHit[] = [];
    for (const list of [tenantList(ctx.auth.tenantId), platformList]) {
      for (const r of await repo.byNumbers(ctx.tx, list, [number])) {
        const { level, reason, source, expiresAt, isExpired, createdBy, createdAt } = toEntry(list, r, now);
        hits.push({ level, reason, source, expiresAt, isExpired, createdBy, createdAt });
      }
    }
    return { number, isBlocked: hits.some((h) => !h.isExpired), hits };
  };

  /**
   * Which of many numbers are blocked for the asker's enterprise. A check only: the intercept log
   * is written by the dial flow when it refuses a call, not by a look-up.
   */
  const checkList = async (ctx: TRequestContext, phones: string[]) => {
    const numbers = phones.map((p) => normaliseBlackNumber(p.trim()));
    const found = await findBlocked(
      ctx.tx,
      ctx.auth.tenantId,
      numbers.filter((n) => isBlackNumber(n)),
    );
    const records: TBlackCheckItem[] = phones.map((phone, i) => {
      const number = isBlackNumber(numbers[i]!) ? numbers[i]! : '';
      const level = number ? found.get(number) : undefined;
      return {
        phone,
        number,
        isBlocked: level !== undefined,
        reason: !number ? '号码格式不正确' : level ? blockedReason(level) : '',
      };
    });
    return { records };
  };

  const check = async (ctx: TRequestContext, phone: string) => {
    const [item] = (await checkList(ctx, [phone])).records;
    return { data: item!.isBlocked, reason: item!.reason };
  };

  /** 黑名单拦截: the refused attempts within the asker's data scope (the caller and his department). */
  const interceptPage = async (ctx: TRequestContext, q: TRouteInput<'blacklist', 'interceptPage'>) => {
    const { rows, total } = await repo.interceptPage(ctx.tx, ctx.auth.tenantId, ctx.scope, q);
    return toPage(
      rows.map((r) => ({
        id: r.id,
        number: r.number,
        level: r.level as TBlackLevel,
        reason: r.reason,
        via: r.via,
        userName: r.userName,
        deptName: r.deptName,
        createdAt: r.createdAt.getTime(),
      })),
      total,
      q,
    );
  };

  return {
    page,
    addOne,
    addBatch,
    edit,
    remove,
    importExcel,
    importConfirm,
    importState,
    importReport,
    /** Resolves when every import confirm started by this process has finished (tests, shutdown). */
    importIdle: runner.idle,
    /** The server closes: imports being written pause after their chunk (import.runner.ts `stop`). */
    importStop: runner.stop,
    exportExcel,
    template,
    get,
    check,
    checkList,
    interceptPage,
  };
};
