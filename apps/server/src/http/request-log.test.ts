import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LeanRequestLog, slowRequestMs } from './request-log.js';

/** A Fastify app whose log lines are collected, with a fast, a slow, a failing and a throwing route. */
const appLogging = async (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: { level, stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    logController: new LeanRequestLog(level),
  });
  app.get('/fast', async () => 'ok');
  app.get('/slow', async (_req, reply) => {
    await new Promise((r) => setTimeout(r, slowRequestMs + 50));
    return reply.send('late');
  });
  app.get('/unavailable', async (_req, reply) => reply.status(503).send('down'));
  app.get('/throws', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines, messages: () => lines.map((l) => l.msg) };
};

describe('request logging', () => {
  it('at info writes nothing for a quick answer', async () => {
    const { app, messages } = await appLogging('info');
    expect((await app.inject('/fast')).statusCode).toBe(200);
    expect(messages()).toEqual([]);
    await app.close();
  });

  it('at info writes one lean line for a failed answer and for a slow one', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject('/unavailable');
    await app.inject('/slow');
    expect(lines.map(({ msg, method, url, statusCode }) => ({ msg, method, url, statusCode }))).toEqual([
      { msg: 'request failed', method: 'GET', url: '/unavailable', statusCode: 503 },
      { msg: 'slow request', method: 'GET', url: '/slow', statusCode: 200 },
    ]);
    expect(lines[1]?.ms).toBeGreaterThanOrEqual(slowRequestMs);
    await app.close();
  });

  it('at info still logs an unexpected error with its stack', async () => {
    const { app, lines } = await appLogging('info');
    expect((await app.inject('/throws')).statusCode).toBe(500);
    const errorLine = lines.find((l) => l.level === 50);
    expect(errorLine?.err).toMatchObject({ message: 'boom' });
    await app.close();
  });

  it('at debug logs every request the full way (incoming and completed)', async () => {
    const { app, messages } = await appLogging('debug');
    await app.inject('/fast');
    expect(messages()).toEqual(['incoming request', 'request completed']);
    await app.close();
  });
});
