import crypto from 'node:crypto';
import os from 'node:os';
import type { TDatabase, TDb } from '../db/client.js';
import type { TDataScope } from '../db/scope.js';
import { detachFromRequest, withTenant } from '../db/tenant.js';
import type { TAuth } from '../http/context.js';
import { streamXlsx, type TDownload } from '../http/download.js';
import { AppError } from '../http/errors.js';
import type { TSheetReadOptions } from '../http/spreadsheet-read.js';
import { batchedRows, type TColumn } from '../http/xlsx-stream.js';
import type { TJobDef } from '../jobs/index.js';
import { importErrors } from './import.errors.js';
import {
  importRepository as repo,
  type TBatchRow,
  type TImportOutcome,
  type TStagedInsert,
  type TStagedRow,
} from './import.repository.js';

export const importLimits = {
  /** Rows written per chunk by a writer handed rows (read into the process, outcome by outcome). */
  chunk: 500,
  /**
   * Rows read, checked and staged per transaction of a preview, and written per chunk by a
   * set-based writer (one statement from the staging table): 100,000 rows in 50 and 20
   * transactions instead of 200 each.
   */
  checkChunk: 2000,
  writeChunk: 5000,
  /**
   * Chunks of a set-based writer written at once, each on its own connection (PostgreSQL; PGlite
   * has one session, so one there). One connection writing left one of two cores idle: the
   * database writes a chunk while the server waits on it.
   */
  writeWorkers: 2,
  batchTtlHours: 24,
  /**
   * A running import's writer renews its lease with every chunk (a 500-row chunk takes well under
   * a second to a few); past this without a chunk, its process is taken for dead.
   */
  leaseSeconds: 120,
  /** How often every server looks for imports left running by a dead process (also once at start). */
  recoverySeconds: 60,
  /**
   * The refused and skipped rows (the downloadable result) are kept this long, then removed; rows
   * written leave the staging at once, rows never written when the batch expires (batchTtlHours).
   */
  keepDays: 7,
};

/** This process as a lease names it: its host, its process id and a mark of this one start. */
type TLeaseProcess = { host: string; pid: number; start: string };
const thisProcess: TLeaseProcess = { host: os.hostname(), pid: process.pid, start: crypto.randomUUID() };

/** A lease's holder: the process (TLeaseProcess) and one runner of it, `host/pid/start/runner`. */
export const leaseOf = (runnerId: string, of: TLeaseProcess = thisProcess) =>
  `${of.host}/${of.pid}/${of.start}/${runnerId}`;

/**
 * Whether a lease was held by a process of this host that is gone: another start with this
 * process's id (a container's pid 1 after a restart), or a process id no process has any more. Such a
 * lease is taken over at once instead of after `leaseSeconds`. A process id given to another process
 * since reads as alive: that lease waits for its time as any other. A lease of another host, or
 * written before leases named their process, is not known here.
 */
export const isDeadOnThisHost = (lease: string): boolean => {
  const [host, pidText, start] = lease.split('/');
  const pid = Number(pidText);
  if (host !== thisProcess.host || !Number.isSafeInteger(pid) || pid <= 0 || !start) return false;
  if (start === thisProcess.start) return false;
  if (pid === thisProcess.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: a process of another user holds that id, alive.
    return (error as { code?: string }).code === 'ESRCH';
  }
};

/**
 * Settings of a batch that the batch table has no column for (where new customers go) are staged
 * as row 0, before the file's header row (1); every row query starts after 0.
 */
const metaRowNo = 0;

/** What a writer is handed for one run: who confirmed, his data scope, the batch and its settings. */
export type TImportRun = {
  auth: TAuth;
  scope: TDataScope;
  batch: TBatchRow;
  mode: string;
  options: Record<string, unknown>;
};

/** The staged rows a set-based writer writes in one chunk: valid, unwritten, row_no in (after, upto]. */
export type TImportRange = { after: number; upto: number };
export type TImportCounts = { inserted: number; updated: number; skipped: number };

/**
 * How one kind of import writes its valid staged rows: handed the rows (`write`), or set-based
 * (`writeRange`: straight from the staging table in SQL, the rows never read into the process).
 */
export type TImportWriter = {
  /** Writes these rows (valid, not written yet) and says each one's outcome, in the caller's transaction. */
  write?: (tx: TDb, run: TImportRun, rows: TStagedRow[]) => Promise<TImportOutcome[]>;
  /**
   * Writes the valid unwritten rows of the range in the caller's transaction and settles each one
   * there (its checkpoint): a row written leaves the staging (or gets its outcome), a row not
   * written gets 'skipped' and why. Says how many of each.
   */
  writeRange?: (tx: TDb, run: TImportRun, range: TImportRange) => Promise<TImportCounts>;
  /**
   * All rows in one transaction (a small import: nothing or everything is written); otherwise
   * chunk by chunk, each chunk with its checkpoint.
   */
  isOneTransaction?: boolean;
};

export type TStagedCounts = { total: number; valid: number; invalid: number; duplicate: number };

/** How every import reads its upload: .xlsx or .csv, the import's own bounds, its errors' words. */
export const uploadReadOptions = (maxBytes: number, maxRows: number): TSheetReadOptions => ({
  maxBytes,
  maxRows,
  kinds: ['xlsx', 'csv'],
  wrongKindMessage: importErrors.wrongKind().message,
  unreadableMessage: importErrors.unreadable().message,
});

const outcomeText: Record<string, string> = { inserted: '已导入', updated: '已更新', skipped: '已跳过' };

/**
 * The life of every import after its file was read: the batch and its staged rows,
 * the confirm, the writing in the background, the progress, the result to download, and the
 * recovery of an import whose process died.
 *
 * Surviving a dead process: resume from a checkpoint, not one transaction per
 * batch (that would hold one transaction, its locks and its WAL for 200,000 rows). The checkpoint
 * is each staged row's outcome, set in the very transaction that writes the row, so a chunk is
 * written with its checkpoint or not at all. The writing process holds a lease on the batch
 * (runner, heartbeat_at), renewed by every chunk in that chunk's transaction; every server sweeps
 * at start and each minute for running batches whose lease ran out (FOR UPDATE SKIP LOCKED: a live
 * chunk holds the row, so a live process's import is never taken) and marks them failed with what
 * was written. Confirming again takes a new lease and writes the rows without an outcome: none
 * twice, none missing. A writer that wakes after its lease was taken finds the lease gone and stops.
 * A one-transaction import (black-list) is the same with one chunk: a dead writer wrote nothing.
 *
 * Near COPY: a set-based writer (customers) writes 5,000 staged rows per chunk straight
 * from the staging table in SQL; a row it writes leaves the staging in that chunk's transaction
 * (gone = written: the checkpoint is then the valid rows still there without an outcome). When an
 * import ends the rows written and its settings row go; the refused and skipped rows stay, with
 * their reasons, for the result to download (keepDays). A batch that expires unwritten loses its
 * unwritten rows in the sweep. The progress is counted in the chunk's own transaction.
 */
export const createImportRunner = (deps: { database: TDatabase; onError: (error: unknown) => void }) => {
  const { database } = deps;
  const scoped = <T>(auth: TAuth, fn: (tx: TDb) => Promise<T>) => withTenant(database, auth.tenantId, fn);
  const running = new Set<Promise<void>>();
  /** Set when the server closes: writers stop after the chunk each is writing (see `stop`). */
  let isClosing = false;
  /** This runner's name in the lease of the imports it writes (leaseOf). */
  const runner = leaseOf(crypto.randomUUID());

  /** Opens a batch being checked, with its settings staged as row 0. */
  const open = async (
    auth: TAuth,
    batch: { kind: string; fileName: string; mode?: string; options?: Record<string, unknown> },
  ) => {
    const batchId = crypto.randomUUID();
    await scoped(auth, async (tx) => {
      // Each new upload clears the tenant's staged rows past their keeping time (they can be 100,000 a batch).
      await repo.purgeRows(tx, auth.tenantId, importLimits.keepDays);
      await repo.insertBatch(tx, {
        id: batchId,
        tenantId: auth.tenantId,
        userId: auth.userId,
        kind: batch.kind,
        fileName: batch.fileName.slice(0, 200),
        status: 'checking',
        duplicateMode: batch.mode ?? 'skip',
      });
      await repo.insertRows(tx, [
        { importId: batchId, tenantId: auth.tenantId, rowNo: metaRowNo, data: batch.options ?? {} },
      ]);
    });
    return batchId;
  };

  /** Stages checked rows (in the caller's transaction, which may check them against the database first). */
  const stage = (tx: TDb, auth: TAuth, batchId: string, rows: Omit<TStagedInsert, 'importId' | 'tenantId'>[]) =>
    repo.stageRows(tx, auth.tenantId, batchId, rows);

  /** The check is over: the batch waits for its confirm. */
  const close = (auth: TAuth, batchId: string, counts: TStagedCounts) =>
    scoped(auth, async (tx) => {
      await repo.updateBatch(tx, auth.tenantId, batchId, {
        status: 'previewed',
        total: counts.total,
        validCount: counts.valid,
        invalidCount: counts.invalid,
        duplicateCount: counts.duplicate,
      });
      return (await repo.findBatch(tx, auth.tenantId, batchId))!;
    });

  /** The file could not be read to its end: nothing of it is kept. */
  const discard = (auth: TAuth, batchId: string) =>
    scoped(auth, async (tx) => {
      await repo.deleteRows(tx, auth.tenantId, batchId);
      await repo.updateBatch(tx, auth.tenantId, batchId, { status: 'failed', finishedAt: new Date() });
    });

  /**
   * The check of one upload: opens its batch, stages the rows with `stage` and closes it; a file
   * that cannot be read to its end keeps nothing and says so.
   */
  const checkUpload = async <S extends { counts: TStagedCounts }>(
    auth: TAuth,
    batch: Parameters<typeof open>[1],
    stage: (batchId: string) => Promise<S>,
  ) => {
    const batchId = await open(auth, batch);
    let staged: S;
    try {
      staged = await stage(batchId);
    } catch (error) {
      await discard(auth, batchId);
      if (error instanceof AppError) throw error;
      deps.onError(error);
      throw importErrors.unreadable();
    }
    return { staged, row: await close(auth, batchId, staged.counts) };
  };

  /** A batch of this tenant made by this person (an administrator may follow anyone's). */
  const find = async (auth: TAuth, batchId: string, kinds?: readonly string[]) => {
    const row = await scoped(auth, (tx) => repo.findBatch(tx, auth.tenantId, batchId));
    const isMine = row && (row.userId === auth.userId || auth.isAdmin || auth.isSuper);
    if (!row || !isMine || row.status === 'checking' || (kinds && !kinds.includes(row.kind))) {
      throw importErrors.batchMissing();
    }
    return row;
  };

  /**
   * Writes the valid unwritten staged rows of a set-based writer, `writeWorkers` chunks at once,
   * each chunk in its own transaction on its own connection. Each chunk holds the batch's lease
   * (holdLease, FOR KEY SHARE) from its first statement, takes the next key range in one look-up at
   * a time (no two chunks share a row), and renews the lease with its counts just before its
   * commit. Chunks may commit out of order: the checkpoint is each row's, so a resume writes
   * exactly what did not commit. A failing chunk stops the others after the chunk each is writing.
   * A chunk never opens a second transaction nor waits on anything of this process while it holds
   * its connection, except the range look-up of another chunk (one statement).
   * Says 'done' (every row written, the batch not closed yet) or 'lost' (the lease was taken).
   */
  const writeChunks = async (run: TImportRun, writeRange: NonNullable<TImportWriter['writeRange']>) => {
    const { auth, batch } = run;
    const workers = database.kind === 'postgres' ? Math.max(1, importLimits.writeWorkers) : 1;
    let after = metaRowNo;
    let taking: Promise<unknown> = Promise.resolve();
    let isStopped = false;
    let isLost = false;
    let failure: { error: unknown } | null = null;
    /** The next range, one look-up at a time (in the chunk's transaction); null when none is left. */
    const nextRange = (tx: TDb) => {
      const range = taking.then(async () => {
        if (isStopped) return null;
        const upto = await repo.chunkEnd(tx, auth.tenantId, batch.id, after, importLimits.writeChunk);
        if (upto === null) return null;
        const taken = { after, upto };
        after = upto;
        return taken;
      });
      taking = range.catch(() => undefined);
      return range;
    };
    const worker = async () => {
      while (!isStopped && !isClosing) {
        try {
          const step = await scoped(auth, async (tx) => {
            if (!(await repo.holdLease(tx, auth.tenantId, batch.id, runner))) return 'lost';
            const range = await nextRange(tx);
            if (!range) return 'end';
            const counts = await writeRange(tx, run, range);
            // The key-share lock kept every sweep off the batch: the lease cannot have moved.
            if (!(await repo.renewWithProgress(tx, auth.tenantId, batch.id, runner, counts))) {
              throw new Error(`import ${batch.id}: lease lost while a chunk held it`);
            }
            return 'more';
          });
          if (step === 'more') continue;
          if (step === 'lost') isLost = true;
          return;
        } catch (error) {
          failure ??= { error };
          isStopped = true;
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, worker));
    if (failure) throw (failure as { error: unknown }).error;
    return isLost ? 'lost' : isClosing ? 'closing' : 'done';
  };

  /**
   * The server closes while a batch is written: its lease is given back at once with what was
   * written, so the importer sees 继续导入 now and after the restart, instead of waiting for the
   * lease to run out. False when every row is written already: the batch is finished instead.
   */
  const pauseForClose = (auth: TAuth, batchId: string) =>
    scoped(auth, async (tx) => {
      const batch = await repo.findBatch(tx, auth.tenantId, batchId);
      const left = batch ? batch.validCount - batch.processed : 0;
      if (!batch || left <= 0) return false;
      return repo.endRun(tx, auth.tenantId, batchId, runner, {
        status: 'failed',
        finishedAt: new Date(),
        message: `导入暂停（服务重启）：已写入${batch.processed}行，其余${left}行尚未写入；请在${importLimits.batchTtlHours}小时内重新确认导入，将从中断处继续`,
      });
    });

  /** Writes the valid staged rows not yet written while this process holds the batch's lease. */
  const write = async (run: TImportRun, writer: TImportWriter) => {
    const { auth, batch } = run;
    const batchId = batch.id;
    try {
      let after = metaRowNo;
      for (;;) {
        const chunks = writer.writeRange && !writer.isOneTransaction ? await writeChunks(run, writer.writeRange) : null;
        if (chunks === 'lost') return;
        const isPausable = chunks === 'closing' || (chunks === null && isClosing && !writer.isOneTransaction);
        if (isPausable && (await pauseForClose(auth, batchId))) return;
        const step = await scoped(auth, async (tx) => {
          // The lease first: it locks the batch row until this chunk commits (a sweep passes it
          // over) and stops a writer whose batch was taken for dead meanwhile.
          if (!(await repo.renewLease(tx, auth.tenantId, batchId, runner))) return 'lost';
          const finish = async () => {
            const final = (await repo.findBatch(tx, auth.tenantId, batchId))!;
            await repo.endRun(tx, auth.tenantId, batchId, runner, {
              status: 'done',
              finishedAt: new Date(),
              message: final.skipped ? `${final.skipped}行已跳过，原因见导入结果` : '',
            });
            // What the result needs stays (refused and skipped rows with their reasons); the rest goes.
            await repo.removeWritten(tx, auth.tenantId, batchId);
            return 'done' as const;
          };
          if (writer.writeRange) {
            const limit = writer.isOneTransaction ? Number.MAX_SAFE_INTEGER : importLimits.writeChunk;
            const upto = await repo.chunkEnd(tx, auth.tenantId, batchId, after, limit);
            if (upto === null) return finish();
            const counts = await writer.writeRange(tx, run, { after, upto });
            after = upto;
            // The progress with the chunk's commit, in the lease's transaction: no transaction of its own.
            await repo.addProgress(tx, auth.tenantId, batchId, counts);
            return 'more';
          }
          const limit = writer.isOneTransaction ? Number.MAX_SAFE_INTEGER : importLimits.chunk;
          for (;;) {
            const rows = await repo.rows(tx, auth.tenantId, batchId, { after, limit, only: 'unwritten' });
            if (rows.length === 0) return finish();
            after = rows[rows.length - 1]!.rowNo;
            const outcomes = await writer.write!(tx, run, rows);
            await repo.setOutcomes(tx, auth.tenantId, batchId, outcomes);
            const n = (o: string) => outcomes.filter((x) => x.outcome === o).length;
            await repo.addProgress(tx, auth.tenantId, batchId, {
              inserted: n('inserted'),
              updated: n('updated'),
              skipped: n('skipped'),
            });
            if (!writer.isOneTransaction) return 'more';
          }
        });
        if (step !== 'more') return;
      }
    } catch (error) {
      deps.onError(error);
      await scoped(auth, (tx) =>
        repo.endRun(tx, auth.tenantId, batchId, runner, {
          status: 'failed',
          finishedAt: new Date(),
          message: writer.isOneTransaction
            ? '导入失败，未写入任何数据；可重新确认导入，或修改文件后重新上传'
            : '导入中途失败：已处理的行已写入（见导入结果），其余未写入；可重新确认导入，从中断处继续',
        }),
      ).catch(deps.onError);
    }
  };

  /**
   * Takes the batch's lease and starts writing it in the background (outside the request); a batch
   * that failed or was interrupted with rows still unwritten is resumed from its checkpoint.
   */
  const confirm = async (
    ctx: { auth: TAuth; scope: TDataScope },
    batchId: string,
    kinds: readonly string[],
    writer: TImportWriter,
    mode?: string,
  ) => {
    const { auth } = ctx;
    const batch = await find(auth, batchId, kinds);
    const isResumable = batch.status === 'failed' && batch.processed < batch.validCount;
    if (batch.status !== 'previewed' && !isResumable) throw importErrors.confirmedAlready();
    if (Date.now() - batch.createdAt.getTime() > importLimits.batchTtlHours * 3_600_000) {
      throw importErrors.batchMissing();
    }
    if (batch.validCount === 0) throw importErrors.nothingToWrite();
    const runMode = mode ?? batch.duplicateMode;
    const options = await scoped(auth, async (tx) => {
      const started = await repo.startRun(tx, auth.tenantId, batchId, [batch.status], { runner, mode: runMode });
      const meta = await repo.rows(tx, auth.tenantId, batchId, { after: -1, limit: 1 });
      return started ? (meta[0]?.rowNo === metaRowNo ? meta[0].data : {}) : null;
    });
    if (!options) throw importErrors.confirmedAlready();
    const job = detachFromRequest(() => write({ ...ctx, batch, mode: runMode, options }, writer));
    running.add(job);
    void job.finally(() => running.delete(job));
    return { ...batch, status: 'running', duplicateMode: runMode, message: '' } satisfies TBatchRow;
  };

  /**
   * Marks the imports of every tenant left running by a dead process (lease run out, or held by a
   * process of this host that is gone: a restarted server takes its predecessor's at once): failed
   * with what was written, so the importer can confirm again and go on; one written to its end but
   * not closed is done. Returns how many it found.
   */
  const recoverInterrupted = async () => {
    const limit = 100;
    let found = 0;
    const dead = (await repo.runningLeases(database.db, `${thisProcess.host}/`)).filter(isDeadOnThisHost);
    for (;;) {
      const n = await database.db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        const abandoned = await repo.lockAbandoned(tx, importLimits.leaseSeconds, limit, dead);
        for (const b of abandoned) {
          const left = b.validCount - b.processed;
          await repo.updateBatch(tx, b.tenantId, b.id, {
            status: left > 0 ? 'failed' : 'done',
            runner: null,
            heartbeatAt: null,
            finishedAt: new Date(),
            message:
              left > 0
                ? `导入中断（服务重启或异常退出）：已写入${b.processed}行，其余${left}行尚未写入；请在${importLimits.batchTtlHours}小时内重新确认导入，将从中断处继续`
                : '',
          });
        }
        return abandoned.length;
      });
      found += n;
      if (n < limit) break;
    }
    // Batches that expired unwritten lose the rows that will never be written.
    for (let n = limit; n === limit; ) n = await repo.removeExpired(database.db, importLimits.batchTtlHours, limit);
    return found;
  };

  /**
   * Every row with its check result, or its outcome once written, in row order: the kind's own
   * columns, then 结果 and 说明.
   */
  const report = async (
    auth: TAuth,
    batchId: string,
    kinds: readonly string[],
    columns: TColumn<TStagedRow>[],
  ): Promise<TDownload> => {
    const batch = await find(auth, batchId, kinds);
    if (Date.now() - batch.createdAt.getTime() > importLimits.keepDays * 86_400_000) {
      throw importErrors.reportExpired(importLimits.keepDays);
    }
    let after = metaRowNo;
    const base = batch.fileName.replace(/\.(xlsx|csv)$/i, '') || '导入';
    return streamXlsx<TStagedRow>(
      batchedRows(async () => {
        const rows = await scoped(auth, (tx) =>
          repo.rows(tx, auth.tenantId, batchId, { after, limit: importLimits.chunk * 4 }),
        );
        if (rows.length) after = rows[rows.length - 1]!.rowNo;
        return rows;
      }),
      [
        { header: '行号', width: 8, value: (r) => r.rowNo },
        ...columns,
        {
          header: '结果',
          width: 10,
          value: (r) => (r.error ? '有错误' : r.outcome ? outcomeText[r.outcome]! : r.existingId ? '已存在' : '可导入'),
        },
        { header: '说明', width: 60, value: (r) => r.error ?? r.outcomeReason ?? '' },
      ],
      `${base}-导入结果.xlsx`,
      '导入结果',
    );
  };

  return {
    open,
    stage,
    close,
    discard,
    checkUpload,
    find,
    confirm,
    report,
    recoverInterrupted,
    /** Resolves when every confirm started by this process has finished (tests). */
    idle: () => Promise.all([...running]).then(() => undefined),
    /**
     * The server closes: each import being written stops after its chunk in flight (a few seconds
     * at most), gives its lease back and waits to be confirmed again; resolves when all have.
     */
    stop: () => {
      isClosing = true;
      return Promise.all([...running]).then(() => undefined);
    },
    scoped,
  };
};

export type TImportRunner = ReturnType<typeof createImportRunner>;

/** Imports being written now, per kind (customer, follow, staff, blacklist), across every tenant: the operator's metrics. */
export const runningImports = (db: TDb) => repo.runningCounts(db);

/**
 * The imports of every kind left running by a dead process, found by a job of the server's queue: a
 * run at start, then every `recoverySeconds`, once across the servers.
 */
export const importRecoveryJob = (recoverInterrupted: () => Promise<number>): TJobDef => ({
  name: 'import.recovery',
  everySeconds: importLimits.recoverySeconds,
  atStart: () => ({}),
  run: recoverInterrupted,
});
