import type { FastifyInstance } from 'fastify';
import type { TJobQueue } from './job-queue.js';

/**
 * The queue lives as long as the server: started when it is ready, stopped when it closes (a run
 * in progress finishes first). With `runAfterMs` it works — polls and runs its jobs — that long
 * after the server is ready: on the embedded database, which runs one statement at a time, the
 * first answers do not wait behind the housekeeping at start. Without it (tests, benches) the queue
 * runs nothing by itself and starts pg-boss only when first used (job-queue.ts): `runDue()` runs
 * what is due, so nothing runs behind a test's back.
 */
export const runQueueWithApp = (app: FastifyInstance, queue: TJobQueue, runAfterMs: number | undefined): void => {
  let timer: NodeJS.Timeout | null = null;
  let starting: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    if (runAfterMs === undefined || runAfterMs <= 0) {
      starting = queue.start({ isWorking: runAfterMs !== undefined });
      return starting;
    }
    timer = setTimeout(() => {
      timer = null;
      starting = queue
        .start({ isWorking: true })
        .catch((error: unknown) => app.log.error({ err: error }, 'job queue: start failed'));
    }, runAfterMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    await starting?.catch(() => undefined);
    await queue.stop();
  });
};
