import type { Job, PgBoss } from 'pg-boss';
import type { TDatabase } from '../db/client.js';
import { defaultRetry, pollSecondsOf, type TJobDef } from './job.js';
import { queueDbOf, unrefClock } from './queue-db.js';

type TLogger = { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
/** Told of every run this server makes, as it ends (the operator's metrics). */
export type TJobRunObserver = (job: string, outcome: 'completed' | 'failed', seconds: number) => void;
/**
 * Told when this server takes a run again whose try before outlived its lease (`expireSeconds`):
 * the server running it was killed or stalled, and the queue's supervisor expired the run.
 */
export type TJobExpiryObserver = (job: string) => void;
type TStoredJob = TJobDef<object>;

/**
 * How long a stop waits for a run in progress, whose signal is aborted first: within the server's
 * bound on closing (main.ts). A run still going then is expired by pg-boss and runs again later.
 */
const jobStopTimeoutMs = 3000;

/** Finished and failed runs stay this long for the operator's screen (平台运营 › 后台任务). */
const keepSeconds = 3 * 86_400;

/** What pg-boss's supervisor writes as the output of a run it expired (a lapsed lease or heartbeat). */
export const expiredRunMessages = ['job timed out', 'job heartbeat timeout'];

/** Whether the try before this run of it was expired: its output, read with the run, is pg-boss's. */
const wasExpired = (job: Job<object>) => {
  const output = (job as { output?: { value?: { message?: unknown } } | null }).output;
  return expiredRunMessages.includes(String(output?.value?.message));
};

/**
 * pg-boss on the server's database, without the parts the server does not use (cron, the instance
 * registry). Loaded when the queue starts, after the server listens: not part of the warm start.
 */
const bossOn = async (database: TDatabase, opts: { isWorking: boolean }) => {
  const { PgBoss } = await import('pg-boss');
  return new PgBoss({
    db: queueDbOf(database),
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    clock: unrefClock,
    schedule: false,
    registerInstance: false,
    // Expiring the runs of a server that died and removing old ones: a working server's chore.
    supervise: opts.isWorking,
  });
};

/**
 * The server's one job queue (pg-boss, in the `pgboss` schema of its own database). Areas define
 * their jobs (jobs/job.ts); the app starts the queue when it is ready and stops it when it closes.
 * A working queue polls for due runs; one that is not (tests, benches) runs them only when
 * `runDue()` is called, so nothing runs behind a test's back, and loads pg-boss (~0.4 s) and sends
 * its runs at start only when first used: a test app that uses no job pays nothing for the queue.
 */
export const createJobQueue = (deps: {
  database: TDatabase;
  logger: TLogger;
  onRun?: TJobRunObserver;
  onExpired?: TJobExpiryObserver;
}) => {
  const jobs = new Map<string, TStoredJob>();
  let stopping = new AbortController();
  let mode: { isWorking: boolean } | null = null;
  let booting: Promise<PgBoss> | null = null;
  let boss: PgBoss | null = null;

  /** One run of `def`: the next one of its chain is queued first, so a run that dies does not end it. */
  const runOne = async (def: TStoredJob, job: Job<object>) => {
    if (def.everySeconds) await boss!.send(def.name, {}, { startAfter: def.everySeconds });
    if (wasExpired(job)) {
      deps.onExpired?.(def.name);
      deps.logger.warn(
        { job: def.name, attempt: job.retryCount + 1 },
        'background job taken again: its last try outlived its lease (its server killed or stalled)',
      );
    }
    const startedAt = performance.now();
    try {
      await def.run(job.data ?? {}, {
        signal: AbortSignal.any([job.signal, stopping.signal]),
        attempt: job.retryCount + 1,
      });
      deps.onRun?.(def.name, 'completed', (performance.now() - startedAt) / 1000);
    } catch (error) {
      deps.onRun?.(def.name, 'failed', (performance.now() - startedAt) / 1000);
      deps.logger.error({ err: error, job: def.name, attempt: job.retryCount + 1 }, 'background job failed');
      throw error;
    }
  };

  const createQueue = async (b: PgBoss, def: TStoredJob) => {
    const retry = def.retry ?? defaultRetry;
    // 'stately': at most one run waiting, one waiting for its retry and one running, whatever the
    // number of servers; a second send while one waits is dropped.
    await b.createQueue(def.name, {
      policy: 'stately',
      retryLimit: retry.limit,
      retryDelay: retry.delaySeconds,
      retryBackoff: true,
      retryDelayMax: retry.maxDelaySeconds ?? defaultRetry.maxDelaySeconds,
      expireInSeconds: def.expireSeconds ?? 900,
      deleteAfterSeconds: keepSeconds,
    });
  };

  /** Creates the tables (first start) and each job's queue, sends the runs at start, and, working, polls. */
  const boot = async (opts: { isWorking: boolean }) => {
    const b = await bossOn(deps.database, opts);
    b.on('error', (error) => deps.logger.error({ err: error }, 'job queue error'));
    b.on('warning', (warning) => deps.logger.warn({ data: warning.data }, `job queue: ${warning.message}`));
    await b.start();
    boss = b;
    for (const def of jobs.values()) {
      await createQueue(b, def);
      if (def.atStart) await sendAtStart(b, def, def.atStart());
      if (def.everySeconds) await b.send(def.name, {}, { startAfter: def.everySeconds });
      if (!opts.isWorking) continue;
      // With its metadata: the output of the try before tells a run taken again after its lease lapsed.
      await b.work<object>(
        def.name,
        { pollingIntervalSeconds: pollSecondsOf(def), includeMetadata: true },
        async ([job]) => runOne(def, job!),
      );
    }
    return b;
  };

  const started = () => {
    if (!mode) return Promise.reject(new Error('job queue not started'));
    booting ??= boot(mode);
    return booting;
  };

  /** The run at start, or, when a run is already waiting (queued before a stop), that one brought forward. */
  const sendAtStart = async (b: PgBoss, def: TStoredJob, data: object) => {
    if (await b.send(def.name, data)) return;
    const [waiting] = await b.findJobs(def.name, { queued: true });
    if (waiting) await b.update(def.name, data, { id: waiting.id, startAfter: new Date() });
  };

  return {
    /** Adds a job; before start() (the app defines its jobs while it is built). */
    define: <T extends object>(def: TJobDef<T>) => {
      if (jobs.has(def.name)) throw new Error(`job ${def.name} defined twice`);
      jobs.set(def.name, def as unknown as TStoredJob);
    },

    /** Starts the queue: a working one at once, one that is not at its first use. */
    start: async (opts: { isWorking: boolean }) => {
      stopping = new AbortController();
      mode = opts;
      if (opts.isWorking) await started();
    },

    /** Stops polling, lets a run in progress finish (aborting its signal first), and leaves the database open. */
    stop: async () => {
      stopping.abort();
      const b = await booting?.catch(() => null);
      await b?.stop({ close: false, graceful: true, timeout: jobStopTimeoutMs });
      mode = null;
      booting = null;
      boss = null;
    },

    /** Runs every run due now, here, until none is left (a queue that does not poll); answers how many ran. */
    runDue: async () => {
      const b = await started();
      let ran = 0;
      for (let again = true; again; ) {
        again = false;
        for (const def of jobs.values()) {
          const [job] = await b.fetch<object>(def.name, { includeMetadata: true });
          if (!job) continue;
          again = true;
          ran++;
          const failed = await runOne(def, { ...job, signal: stopping.signal }).then(
            () => null,
            (error: unknown) => error,
          );
          if (failed) await b.fail(def.name, job.id, { message: (failed as Error).message ?? String(failed) });
          else await b.complete(def.name, job.id);
        }
      }
      return ran;
    },

    /**
     * Expires now the runs whose lease lapsed (a killed or stalled server's), as a working queue's
     * supervisor does every minute: each is queued for its retry, or failed when it has none left.
     */
    expireLapsed: async () => {
      await (await started()).supervise();
    },

    /** Queues a run of a defined job (dropped when one already waits). */
    send: async (name: string, data: object = {}) => (await started()).send(name, data),

    /** Queues a failed run again; false when it is not failed (any more) or its job waits already. */
    retry: async (name: string, id: string) => {
      const b = await started();
      const [job] = await b.findJobs(name, { id });
      if (job?.state !== 'failed') return false;
      // 'stately' keeps one run waiting for its retry: a second is refused (a unique violation).
      return b.retry(name, id).then(
        () => true,
        (error: { code?: string }) => {
          if (error.code === '23505') return false;
          throw error;
        },
      );
    },

    /** The names of the jobs this server runs. */
    names: () => [...jobs.keys()],
  };
};

export type TJobQueue = ReturnType<typeof createJobQueue>;

/** Creates the queue's tables (the `pgboss` schema) if they are missing: a server does at its first start. */
export const installJobQueue = async (database: TDatabase) => {
  const queue = createJobQueue({ database, logger: { error: () => undefined, warn: () => undefined } });
  await queue.start({ isWorking: false });
  await queue.runDue();
  await queue.stop();
};
