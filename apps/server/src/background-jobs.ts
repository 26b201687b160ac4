import type { FastifyInstance } from 'fastify';

/** A job the server runs while it is up: started once, stopped (waiting for a run in progress) on close. */
type TJob = { stop: () => unknown };

/**
 * Starts `start` once the server is ready, `afterMs` later when that is above 0, and stops what it
 * started when the server closes (a start still waiting is dropped). Used for the jobs whose first
 * run is housekeeping at start (the automatic release, imports left running, recordings left
 * pending): on the embedded database, which runs one statement at a time, a server's first answers
 * otherwise waited behind that housekeeping. main.ts asks for a moment
 * after it listens; an app built without it (the tests) starts them at once.
 */
export const runWhileUp = (app: FastifyInstance, afterMs: number, start: () => TJob): void => {
  let job: TJob | null = null;
  let timer: NodeJS.Timeout | null = null;
  let isClosed = false;
  const begin = () => {
    timer = null;
    if (!isClosed) job = start();
  };
  app.addHook('onReady', async () => {
    if (afterMs <= 0) return begin();
    timer = setTimeout(begin, afterMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    isClosed = true;
    if (timer) clearTimeout(timer);
    await job?.stop();
  });
};
