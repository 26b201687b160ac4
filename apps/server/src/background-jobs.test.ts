import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { runWhileUp } from './background-jobs.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job that counts its starts and its stops. */
const counted = () => {
  const seen = { started: 0, stopped: 0 };
  return {
    seen,
    start: () => {
      seen.started++;
      return {
        stop: async () => {
          seen.stopped++;
        },
      };
    },
  };
};

describe('runWhileUp', () => {
  it('starts the job when the server is ready and stops it when the server closes', async () => {
    const app = Fastify();
    const job = counted();
    runWhileUp(app, 0, job.start);
    expect(job.seen.started).toBe(0);
    await app.ready();
    expect(job.seen).toEqual({ started: 1, stopped: 0 });
    await app.close();
    expect(job.seen).toEqual({ started: 1, stopped: 1 });
  });

  it('with a delay, starts it that long after ready, not before', async () => {
    const app = Fastify();
    const job = counted();
    runWhileUp(app, 150, job.start);
    await app.ready();
    await sleep(50);
    expect(job.seen.started).toBe(0);
    await sleep(250);
    expect(job.seen.started).toBe(1);
    await app.close();
    expect(job.seen.stopped).toBe(1);
  });

  it('a server closed before the delay is up never starts it', async () => {
    const app = Fastify();
    const job = counted();
    runWhileUp(app, 150, job.start);
    await app.ready();
    await app.close();
    await sleep(250);
    expect(job.seen).toEqual({ started: 0, stopped: 0 });
  });
});
