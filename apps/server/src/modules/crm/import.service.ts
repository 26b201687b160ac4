import crypto from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { importListedRows, noImportRead, type TCrmImportState, type TImportRead } from '@yunhu/contract';
import type { FastifyReply } from 'fastify';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { sendDownload, sendXlsx, xlsxMime } from '../../http/download.js';
import { AppError, conflict, invalid, notFound } from '../../http/errors.js';
import { type TUploadedSheet, withUploadedSheet } from '../../http/spreadsheet-read.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { firstSeen, reasonTally, sheetReader } from '../../import/sheet.js';
import {
  customerKind,
  followKind,
  type TBlockedMobiles,
  type TCheckedRow,
  type TImportKind,
  whereText,
} from './import.check.js';
import { importRepository as repo, type TImportRow, type TStagedRow } from './import.repository.js';
import { importTemplate } from './import.template.js';
import { type TWriteContext, writeCustomerChunk, writeFollowChunk } from './import.write.js';

export const crmImportLimits = {
  maxRows: 200_000,
  maxBytes: 50 * 1024 * 1024,
  /** Rows checked against the database, staged and written per round trip. */
  chunk: 500,
  /** Bad rows and duplicates answered with the preview; the report has all of them. */
  previewList: importListedRows,
  batchTtlHours: 24,
  /**
   * A running import's writer renews its lease with every chunk (a 500-row chunk takes well under
   * a second to a few); past this without a chunk, its process is taken for dead.
   */
  leaseSeconds: 120,
  /** How often every server looks for imports left running by a dead process (also once at start). */
  recoverySeconds: 60,
  /** Staged rows (and so the downloadable result) are kept this long, then removed. */
  keepDays: 7,
};

type TKind = 'customer' | 'follow';
type TPreviewList = {
  errors: { row: number; reason: string }[];
  duplicates: { row: number; name: string; where: string }[];
  read: Omit<TImportRead, 'toWrite'>;
};

/**
 * Settings of a batch that the crm_imports table has no column for (where new customers go) are
 * staged as row 0, before the file's header row (1); every row query starts after 0.
 */
const metaRowNo = 0;

const readOptions = {
  maxBytes: crmImportLimits.maxBytes,
  maxRows: crmImportLimits.maxRows,
  kinds: ['xlsx', 'csv'],
  wrongKindMessage: '请上传 .xlsx 或 .csv 格式的文件（可先下载导入模板）',
  unreadableMessage: '文件无法读取，请使用导入模板填写的 .xlsx 文件，或 UTF-8 / GBK 编码的 .csv 文件',
} as const;

export type TCrmImportService = ReturnType<typeof createCrmImportService>;

/**
 * Customer and follow-up imports (issue 4). `preview` spools the upload, reads it row by row,
 * checks every row and stages all of them in crm_import_rows in chunks (memory bounded by a chunk
 * plus the mobiles seen, never the file); `confirm` starts a background job owned by this service
 * that writes the valid rows chunk by chunk, each chunk in its own transaction with its progress,
 * so `state` can be polled while it runs and a failure leaves whole chunks and a report of them.
 *
 * Surviving a dead process (hardening item 6): resume from a checkpoint, not one transaction per
 * batch (that would hold one transaction, its locks and its WAL for 200,000 rows, and slow the
 * import down where a later issue wants it near COPY speed). The checkpoint is each staged row's
 * outcome, set in the very transaction that writes the row, so a chunk is written with its
 * checkpoint or not at all. The writing process holds a lease on the batch (runner, heartbeat_at),
 * renewed by every chunk in that chunk's transaction; every server sweeps at start and each minute
 * for running batches whose lease ran out (FOR UPDATE SKIP LOCKED: a live chunk holds the row, so a
 * live process's import is never taken) and marks them failed with what was written. Confirming
 * again takes a new lease and writes the rows without an outcome: none twice, none missing. A
 * writer that wakes after its lease was taken finds the lease gone and stops.
 */
export const createCrmImportService = (deps: {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
  onError: (error: unknown) => void;
  blockedMobiles?: TBlockedMobiles;
}) => {
  const { database } = deps;
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(database, auth.tenantId, fn);
  const running = new Set<Promise<void>>();
  /** This process's name in the lease of the imports it writes. */
  const runner = crypto.randomUUID();

  const stateOf = (row: TImportRow): TCrmImportState => ({
    batchId: row.id,
    kind: row.kind as TKind,
    fileName: row.fileName,
    status: row.status as TCrmImportState['status'],
    total: row.total,
    validCount: row.validCount,
    invalidCount: row.invalidCount,
    duplicateCount: row.duplicateCount,
    duplicateMode: row.duplicateMode as 'skip' | 'update',
    processed: row.processed,
    inserted: row.inserted,
    updated: row.updated,
    skipped: row.skipped,
    message: row.message,
    createdAt: row.createdAt.getTime(),
  });

  /** Reads, checks and stages the rows of one upload; the batch row exists already. */
  const stage = async (auth: TAuth, batchId: string, sheet: TUploadedSheet, kind: TImportKind) => {
    const list: TPreviewList = { errors: [], duplicates: [], read: noImportRead };
    const counts = { total: 0, valid: 0, invalid: 0, duplicate: 0 };
    const tally = reasonTally();
    let pending: TCheckedRow[] = [];

    const flush = async () => {
      if (pending.length === 0) return;
      const chunk = pending;
      pending = [];
      await scoped(auth, async (tx) => {
        await kind.checkChunk(tx, chunk);
        await repo.insertRows(
          tx,
          chunk.map((r) => ({
            importId: batchId,
            tenantId: auth.tenantId,
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
    for await (const { rowNo, cell } of reader.rows(sheet)) {
      const row = kind.checkCells(cell, rowNo);
      if (kind.isMobileUniqueInFile && row.reasons.length === 0) {
        const first = repeatOf(row.mobile, rowNo);
        if (first !== null) row.reasons.push(`手机号与第${first}行重复`);
      }
      pending.push(row);
      if (pending.length >= crmImportLimits.chunk) await flush();
    }
    await flush();
    const { sample, blankRows, ignoredColumns, total } = reader.read();
    counts.total = total;
    list.read = { sample, blankRows, ignoredColumns, reasonCounts: tally.list() };
    return { list, counts };
  };

  const preview = async (
    auth: TAuth,
    kindName: TKind,
    file: MultipartFile | undefined,
    opts: { target: 'private' | 'public'; duplicateMode: 'skip' | 'update' },
    makeKind: () => Promise<TImportKind>,
  ) =>
    withUploadedSheet(file, readOptions, async (sheet) => {
      const kind = await makeKind();
      const batchId = crypto.randomUUID();
      await scoped(auth, async (tx) => {
        // Each new upload clears the tenant's staged rows past their keeping time (they can be 100,000 a batch).
        await repo.purgeRows(tx, auth.tenantId, crmImportLimits.keepDays);
        await repo.insertImport(tx, {
          id: batchId,
          tenantId: auth.tenantId,
          userId: auth.userId,
          kind: kindName,
          fileName: sheet.fileName.slice(0, 200),
          status: 'checking',
          duplicateMode: opts.duplicateMode,
        });
        await repo.insertRows(tx, [
          { importId: batchId, tenantId: auth.tenantId, rowNo: metaRowNo, data: { target: opts.target } },
        ]);
      });
      let staged: Awaited<ReturnType<typeof stage>>;
      try {
        staged = await stage(auth, batchId, sheet, kind);
      } catch (error) {
        await scoped(auth, async (tx) => {
          await repo.deleteRows(tx, auth.tenantId, batchId);
          await repo.updateImport(tx, auth.tenantId, batchId, { status: 'failed', finishedAt: new Date() });
        });
        if (error instanceof AppError) throw error;
        deps.onError(error);
        throw invalid(readOptions.unreadableMessage);
      }
      const { counts, list } = staged;
      const row = await scoped(auth, async (tx) => {
        await repo.updateImport(tx, auth.tenantId, batchId, {
          status: 'previewed',
          total: counts.total,
          validCount: counts.valid,
          invalidCount: counts.invalid,
          duplicateCount: counts.duplicate,
        });
        return (await repo.findImport(tx, auth.tenantId, batchId))!;
      });
      const { read, ...lists } = list;
      // The confirm button's count: the rows that will be written, not those to be skipped.
      const toWrite = counts.valid - (opts.duplicateMode === 'skip' ? counts.duplicate : 0);
      return { ...stateOf(row), ...lists, ...read, toWrite };
    });

  /** A batch of this tenant made by this person (an administrator may follow anyone's). */
  const findBatch = async (auth: TAuth, batchId: string, kind?: TKind) => {
    const row = await scoped(auth, (tx) => repo.findImport(tx, auth.tenantId, batchId));
    const isMine = row && (row.userId === auth.userId || auth.isAdmin || auth.isSuper);
    if (!row || !isMine || row.status === 'checking' || (kind && row.kind !== kind)) {
      throw notFound('导入批次不存在或已过期，请重新上传');
    }
    return row;
  };

  /**
   * Writes the valid staged rows not yet written, chunk by chunk, while this process holds the
   * batch's lease; runs in the background after `confirm` answered.
   */
  const write = async (auth: TAuth, row: TImportRow, duplicateMode: 'skip' | 'update') => {
    const batchId = row.id;
    try {
      const scope = await deps.dataScopeOf(auth);
      const meta = await scoped(auth, (tx) => repo.rows(tx, auth.tenantId, batchId, -1, 1, true));
      const target = (meta[0]?.rowNo === metaRowNo && meta[0].data.target === 'public' ? 'public' : 'private') as
        | 'private'
        | 'public';
      const ctx: TWriteContext = { auth, scope, target, duplicateMode };
      const writeChunk = row.kind === 'follow' ? writeFollowChunk : writeCustomerChunk;
      let after = metaRowNo;
      for (;;) {
        const step = await scoped(auth, async (tx) => {
          // The lease first: it locks the batch row until this chunk commits (a sweep passes it
          // over) and stops a writer whose batch was taken for dead meanwhile.
          if (!(await repo.renewLease(tx, auth.tenantId, batchId, runner))) return 'lost';
          const rows = await repo.unwrittenRows(tx, auth.tenantId, batchId, after, crmImportLimits.chunk);
          if (rows.length === 0) {
            const final = (await repo.findImport(tx, auth.tenantId, batchId))!;
            await repo.endRun(tx, auth.tenantId, batchId, runner, {
              status: 'done',
              finishedAt: new Date(),
              message: final.skipped ? `${final.skipped}行已跳过，原因见导入结果` : '',
            });
            return 'done';
          }
          after = rows[rows.length - 1]!.rowNo;
          const outcomes = await writeChunk(tx, ctx, rows);
          await repo.setOutcomes(tx, auth.tenantId, batchId, outcomes);
          const n = (o: string) => outcomes.filter((x) => x.outcome === o).length;
          await repo.addProgress(tx, auth.tenantId, batchId, {
            inserted: n('inserted'),
            updated: n('updated'),
            skipped: n('skipped'),
          });
          return 'more';
        });
        if (step !== 'more') return;
      }
    } catch (error) {
      deps.onError(error);
      await scoped(auth, (tx) =>
        repo.endRun(tx, auth.tenantId, batchId, runner, {
          status: 'failed',
          finishedAt: new Date(),
          message: '导入中途失败：已处理的行已写入（见导入结果），其余未写入；可重新确认导入，从中断处继续',
        }),
      ).catch(deps.onError);
    }
  };

  const confirm = async (auth: TAuth, batchId: string, kind: TKind, mode?: 'skip' | 'update') => {
    const row = await findBatch(auth, batchId, kind);
    // A batch that failed or was interrupted with rows still unwritten is resumed from its checkpoint.
    const isResumable = row.status === 'failed' && row.processed < row.validCount;
    if (row.status !== 'previewed' && !isResumable) throw conflict('该批次已确认过，请勿重复导入');
    if (Date.now() - row.createdAt.getTime() > crmImportLimits.batchTtlHours * 3_600_000) {
      throw notFound('导入批次不存在或已过期，请重新上传');
    }
    if (row.validCount === 0) throw invalid('该批次没有可导入的有效数据，请修改文件后重新上传');
    const duplicateMode = mode ?? (row.duplicateMode as 'skip' | 'update');
    const started = await scoped(auth, (tx) =>
      repo.startRun(tx, auth.tenantId, batchId, [row.status], { runner, duplicateMode }),
    );
    if (!started) throw conflict('该批次已确认过，请勿重复导入');
    const job = write(auth, row, duplicateMode);
    running.add(job);
    void job.finally(() => running.delete(job));
    return stateOf({ ...row, status: 'running', duplicateMode, message: '' });
  };

  /**
   * Marks the imports of every tenant left running by a dead process (lease run out): failed with
   * what was written, so the importer can confirm again and go on; one written to its end but not
   * closed is done. Returns how many it found.
   */
  const recoverInterrupted = async () => {
    const batch = 100;
    let found = 0;
    for (;;) {
      const n = await database.db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        const abandoned = await repo.lockAbandoned(tx, crmImportLimits.leaseSeconds, batch);
        for (const b of abandoned) {
          const left = b.validCount - b.processed;
          await repo.updateImport(tx, b.tenantId, b.id, {
            status: left > 0 ? 'failed' : 'done',
            runner: null,
            heartbeatAt: null,
            finishedAt: new Date(),
            message:
              left > 0
                ? `导入中断（服务重启或异常退出）：已写入${b.processed}行，其余${left}行尚未写入；请在${crmImportLimits.batchTtlHours}小时内重新确认导入，将从中断处继续`
                : '',
          });
        }
        return abandoned.length;
      });
      found += n;
      if (n < batch) return found;
    }
  };

  /** Runs the sweep now and then every `recoverySeconds`; stop() waits for a sweep in progress. */
  const startRecovery = () => {
    let sweeping: Promise<unknown> | null = null;
    let isStopped = false;
    const tick = () => {
      if (isStopped || sweeping) return;
      sweeping = recoverInterrupted()
        .catch(deps.onError)
        .finally(() => {
          sweeping = null;
        });
    };
    tick();
    const timer = setInterval(tick, crmImportLimits.recoverySeconds * 1000);
    timer.unref();
    return {
      stop: async () => {
        isStopped = true;
        clearInterval(timer);
        await sweeping;
      },
    };
  };

  const outcomeText: Record<string, string> = { inserted: '已导入', updated: '已更新', skipped: '已跳过' };

  /** Every row with its check result, or its outcome once written, streamed in row order. */
  const report = async (auth: TAuth, batchId: string, reply: FastifyReply) => {
    const batch = await findBatch(auth, batchId);
    if (Date.now() - batch.createdAt.getTime() > crmImportLimits.keepDays * 86_400_000) {
      throw notFound(`导入结果只保留${crmImportLimits.keepDays}天，已过期`);
    }
    let after = metaRowNo;
    const base = batch.fileName.replace(/\.(xlsx|csv)$/i, '') || '导入';
    return sendXlsx<TStagedRow>(reply, {
      fileName: `${base}-导入结果.xlsx`,
      sheetName: '导入结果',
      columns: [
        { header: '行号', width: 8, value: (r) => r.rowNo },
        { header: '客户名称', value: (r) => String(r.data.name ?? '') },
        { header: '手机号', width: 16, value: (r) => String(r.data.mobile ?? '') },
        {
          header: '结果',
          width: 10,
          value: (r) => (r.error ? '有错误' : r.outcome ? outcomeText[r.outcome]! : r.existingId ? '已存在' : '可导入'),
        },
        { header: '说明', width: 60, value: (r) => r.error ?? r.outcomeReason ?? '' },
      ],
      rows: batchedRows(async () => {
        const rows = await scoped(auth, (tx) =>
          repo.rows(tx, auth.tenantId, batchId, after, crmImportLimits.chunk * 4, false),
        );
        if (rows.length) after = rows[rows.length - 1]!.rowNo;
        return rows;
      }),
    });
  };

  return {
    customerPreview: (
      auth: TAuth,
      file: MultipartFile | undefined,
      opts: { target: 'private' | 'public'; duplicateMode: 'skip' | 'update' },
    ) =>
      preview(auth, 'customer', file, opts, () =>
        scoped(auth, async (tx) =>
          customerKind({
            auth,
            fields: await repo.customFields(tx, auth.tenantId),
            tagIdByName: await repo.tagsByName(tx, auth.tenantId),
            blockedMobiles: deps.blockedMobiles,
          }),
        ),
      ),
    followPreview: (auth: TAuth, file: MultipartFile | undefined) =>
      preview(auth, 'follow', file, { target: 'private', duplicateMode: 'skip' }, async () =>
        followKind({ auth, scope: await deps.dataScopeOf(auth), now: Date.now() }),
      ),
    customerConfirm: (auth: TAuth, batchId: string, mode?: 'skip' | 'update') =>
      confirm(auth, batchId, 'customer', mode),
    followConfirm: (auth: TAuth, batchId: string) => confirm(auth, batchId, 'follow'),
    state: async (auth: TAuth, batchId: string) => stateOf(await findBatch(auth, batchId)),
    report,
    template: async (auth: TAuth, kind: TKind, reply: FastifyReply) => {
      const fields = kind === 'customer' ? await scoped(auth, (tx) => repo.customFields(tx, auth.tenantId)) : [];
      const tags = kind === 'customer' ? await scoped(auth, (tx) => repo.tagsByName(tx, auth.tenantId)) : new Map();
      const buffer = await importTemplate(kind, fields, [...tags.keys()]);
      return sendDownload(reply, kind === 'customer' ? '客户导入模板.xlsx' : '跟进记录导入模板.xlsx', xlsxMime, buffer);
    },
    recoverInterrupted,
    startRecovery,
    /** Resolves when every confirm started by this process has finished (tests, shutdown). */
    idle: () => Promise.all([...running]).then(() => undefined),
  };
};
