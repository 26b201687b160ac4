import { importListedRows, type TCrmImportState, type TImportRead } from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth } from '../../http/context.js';
import { fileDownload } from '../../http/download.js';
import { AppError } from '../../http/errors.js';
import { type TUpload, type TUploadedSheet, withUploadedSheet } from '../../http/spreadsheet-read.js';
import { importErrors } from '../../import/import.errors.js';
import type { TBatchRow } from '../../import/import.repository.js';
import { createImportRunner, importLimits, type TImportWriter } from '../../import/import.runner.js';
import { batchProgress } from '../../import/progress.js';
import { firstSeen, reasonTally, sheetReader } from '../../import/sheet.js';
import {
  customerKind,
  followKind,
  type TBlockedMobiles,
  type TCheckedRow,
  type TImportKind,
  whereText,
} from './crm-import.check.js';
import { importRepository as repo } from './crm-import.repository.js';
import { importTemplate } from './crm-import.template.js';
import { writeCustomerRange, writeFollowChunk } from './crm-import.write.js';

export const crmImportLimits = {
  ...importLimits,
  maxRows: 200_000,
  maxBytes: 50 * 1024 * 1024,
  /** Bad rows and duplicates answered with the preview; the report has all of them. */
  previewList: importListedRows,
};

type TKind = 'customer' | 'follow';
type TMode = 'skip' | 'update';
type TPreviewList = {
  errors: { row: number; reason: string }[];
  duplicates: { row: number; name: string; where: string }[];
};

const readOptions = {
  maxBytes: crmImportLimits.maxBytes,
  maxRows: crmImportLimits.maxRows,
  kinds: ['xlsx', 'csv'],
  wrongKindMessage: importErrors.wrongKind().message,
  unreadableMessage: importErrors.unreadable().message,
} as const;

/**
 * How customers and follow-ups are written once confirmed (a chunk at a time, each with its
 * checkpoint): customers set-based from the staging table, follow-ups row by row.
 */
const writers: Record<TKind, TImportWriter> = {
  customer: {
    writeRange: (tx, run, range) =>
      writeCustomerRange(
        tx,
        {
          auth: run.auth,
          scope: run.scope,
          target: run.options.target === 'public' ? 'public' : 'private',
          duplicateMode: run.mode as TMode,
          importId: run.batch.id,
        },
        range,
      ),
  },
  follow: {
    write: (tx, run, rows) =>
      writeFollowChunk(tx, { auth: run.auth, scope: run.scope, target: 'private', duplicateMode: 'skip' }, rows),
  },
};

export type TCrmImportService = ReturnType<typeof createCrmImportService>;

/**
 * Customer and follow-up imports on the import framework: `preview` reads the
 * upload row by row, checks every row and stages all of them in chunks (memory bounded by a chunk
 * plus the mobiles seen, never the file); `confirm` hands the batch to the framework's runner,
 * which writes the valid rows chunk by chunk in the background with their checkpoint, survives a
 * dead process (import/import.runner.ts) and keeps the downloadable result.
 */
export const createCrmImportService = (deps: {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
  onError: (error: unknown) => void;
  blockedMobiles?: TBlockedMobiles;
}) => {
  const runner = createImportRunner(deps);
  const { scoped } = runner;

  const stateOf = (row: TBatchRow): TCrmImportState => ({
    ...batchProgress(row),
    kind: row.kind as TKind,
    fileName: row.fileName,
    duplicateCount: row.duplicateCount,
    duplicateMode: row.duplicateMode as TMode,
    inserted: row.inserted,
    updated: row.updated,
    skipped: row.skipped,
    createdAt: row.createdAt.getTime(),
  });

  /** Reads, checks and stages the rows of one upload; the batch row exists already. */
  const stage = async (auth: TAuth, batchId: string, sheet: TUploadedSheet, kind: TImportKind) => {
    const list: TPreviewList = { errors: [], duplicates: [] };
    const counts = { total: 0, valid: 0, invalid: 0, duplicate: 0 };
    const tally = reasonTally();
    let pending: TCheckedRow[] = [];
    /**
     * The chunk being checked and staged while the next one is read: the database works while this
     * process parses (one chunk in flight, so memory stays two chunks whatever the file).
     */
    let inflight: Promise<void> = Promise.resolve();

    const flush = async () => {
      if (pending.length === 0) return;
      const chunk = pending;
      pending = [];
      await scoped(auth, async (tx) => {
        await kind.checkChunk(tx, chunk);
        await runner.stage(
          tx,
          auth,
          batchId,
          chunk.map((r) => ({
            rowNo: r.rowNo,
            data: r.reasons.length ? { name: r.name, mobile: r.mobile } : r.data,
            error: r.reasons.length ? r.reasons.join('；') : null,
            existingId: r.existing?.id ?? null,
          })),
        );
      });
      for (const r of chunk) {
        if (r.reasons.length) {
          counts.invalid++;
          tally.add(r.reasons);
          if (list.errors.length < crmImportLimits.previewList)
            list.errors.push({ row: r.rowNo, reason: r.reasons.join('；') });
          continue;
        }
        counts.valid++;
        if (r.existing) {
          counts.duplicate++;
          if (list.duplicates.length < crmImportLimits.previewList)
            list.duplicates.push({ row: r.rowNo, name: r.existing.name, where: whereText(r.existing, auth) });
        }
      }
    };

    const reader = sheetReader({ columns: kind.columns, maxRows: crmImportLimits.maxRows, noData: kind.noData });
    const repeatOf = firstSeen();
    try {
      for await (const { rowNo, cell } of reader.rows(sheet)) {
        const row = kind.checkCells(cell, rowNo);
        if (kind.isMobileUniqueInFile && row.reasons.length === 0) {
          const first = repeatOf(row.mobile, rowNo);
          if (first !== null) row.reasons.push(`手机号与第${first}行重复`);
        }
        pending.push(row);
        if (pending.length >= importLimits.checkChunk) {
          await inflight;
          inflight = flush();
          // Failing, it is awaited (and thrown) at the next chunk or the end: never unhandled meanwhile.
          inflight.catch(() => undefined);
        }
      }
    } finally {
      // A reading error waits for the chunk in flight before the batch is discarded.
      await inflight.catch(() => undefined);
    }
    await inflight;
    await flush();
    const { sample, blankRows, ignoredColumns, total } = reader.read();
    counts.total = total;
    const read: Omit<TImportRead, 'toWrite'> = { sample, blankRows, ignoredColumns, reasonCounts: tally.list() };
    return { list, counts, read };
  };

  const preview = (
    auth: TAuth,
    kindName: TKind,
    file: TUpload | undefined,
    opts: { target: 'private' | 'public'; duplicateMode: TMode },
    makeKind: () => Promise<TImportKind>,
  ) =>
    withUploadedSheet(file, readOptions, async (sheet) => {
      const kind = await makeKind();
      const batchId = await runner.open(auth, {
        kind: kindName,
        fileName: sheet.fileName,
        mode: opts.duplicateMode,
        options: { target: opts.target },
      });
      let staged: Awaited<ReturnType<typeof stage>>;
      try {
        staged = await stage(auth, batchId, sheet, kind);
      } catch (error) {
        await runner.discard(auth, batchId);
        if (error instanceof AppError) throw error;
        deps.onError(error);
        throw importErrors.unreadable();
      }
      const { counts, list, read } = staged;
      const row = await runner.close(auth, batchId, counts);
      // The confirm button's count: the rows that will be written, not those to be skipped.
      const toWrite = counts.valid - (opts.duplicateMode === 'skip' ? counts.duplicate : 0);
      return { ...stateOf(row), ...list, ...read, toWrite };
    });

  const confirm = async (auth: TAuth, scope: TDataScope | undefined, batchId: string, kind: TKind, mode?: TMode) =>
    stateOf(
      await runner.confirm(
        { auth, scope: scope ?? (await deps.dataScopeOf(auth)) },
        batchId,
        [kind],
        writers[kind],
        mode,
      ),
    );

  const kinds = ['customer', 'follow'] as const;

  return {
    customerPreview: (
      auth: TAuth,
      file: TUpload | undefined,
      opts: { target: 'private' | 'public'; duplicateMode: TMode },
    ) =>
      preview(auth, 'customer', file, opts, () =>
        scoped(auth, async (tx: TDb) =>
          customerKind({
            auth,
            fields: await repo.customFields(tx, auth.tenantId),
            tagIdByName: await repo.tagsByName(tx, auth.tenantId),
            blockedMobiles: deps.blockedMobiles,
          }),
        ),
      ),
    followPreview: (auth: TAuth, file: TUpload | undefined, scope?: TDataScope) =>
      preview(auth, 'follow', file, { target: 'private', duplicateMode: 'skip' }, async () =>
        followKind({ auth, scope: scope ?? (await deps.dataScopeOf(auth)), now: Date.now() }),
      ),
    /** `scope`: the confirming person's, resolved by the binder (read here when not given). */
    customerConfirm: (auth: TAuth, batchId: string, mode?: TMode, scope?: TDataScope) =>
      confirm(auth, scope, batchId, 'customer', mode),
    followConfirm: (auth: TAuth, batchId: string, scope?: TDataScope) => confirm(auth, scope, batchId, 'follow'),
    state: async (auth: TAuth, batchId: string) => stateOf(await runner.find(auth, batchId, kinds)),
    /** Every row with its check result, or its outcome once written, as xlsx. */
    report: (auth: TAuth, batchId: string) =>
      runner.report(auth, batchId, kinds, [
        { header: '客户名称', value: (r) => String(r.data.name ?? '') },
        { header: '手机号', width: 16, value: (r) => String(r.data.mobile ?? '') },
      ]),
    template: async (auth: TAuth, kind: TKind) => {
      const { fields, tags } =
        kind === 'customer'
          ? await scoped(auth, async (tx) => ({
              fields: await repo.customFields(tx, auth.tenantId),
              tags: await repo.tagsByName(tx, auth.tenantId),
            }))
          : { fields: [], tags: new Map<string, number>() };
      const buffer = await importTemplate(kind, fields, [...tags.keys()]);
      return fileDownload(buffer, kind === 'customer' ? '客户导入模板.xlsx' : '跟进记录导入模板.xlsx');
    },
    recoverInterrupted: runner.recoverInterrupted,
    /** Resolves when every confirm started by this process has finished (tests, shutdown). */
    idle: runner.idle,
    /** The server closes: imports being written pause after their chunk (import.runner.ts `stop`). */
    stop: runner.stop,
  };
};
