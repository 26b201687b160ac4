import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LeanRequestLog, registerRequestId, requestIdMixin, requestIdOf, slowRequestMs } from './request-log.js';

/** A Fastify app whose log lines are collected, with a fast, a slow, a failing and a throwing route. */
const appLogging = async (level: string) => {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const app = Fastify({
    logger: {
      level,
      mixin: requestIdMixin,
      stream: {
        write: (line: string) => {
          raw.push(line);
          lines.push(JSON.parse(line));
        },
      },
    },
    logController: new LeanRequestLog(level),
    genReqId: requestIdOf,
    requestIdHeader: false,
  });
  registerRequestId(app);
  app.get('/fast', async () => 'ok');
  app.get('/slow', async (_req, reply) => {
    await new Promise((r) => setTimeout(r, slowRequestMs + 50));
    return reply.send('late');
  });
  app.get('/unavailable', async (_req, reply) => reply.status(503).send('down'));
  // A service that logs through the app's logger, after a body was read and a turn of the event loop.
  app.post('/service-warns', async (req) => {
    await new Promise((r) => setTimeout(r, 5));
    app.log.warn({ size: JSON.stringify(req.body).length }, 'service warning');
    return 'ok';
  });
  app.get('/throws', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines, raw, messages: () => lines.map((l) => l.msg) };
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

describe('the request id', () => {
  it('answers the caller’s sane x-request-id and writes it on the request’s log lines', async () => {
    const { app, lines } = await appLogging('info');
    const res = await app.inject({ url: '/unavailable', headers: { 'x-request-id': 'nginx-4f2a.9:1' } });
    expect(res.headers['x-request-id']).toBe('nginx-4f2a.9:1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ reqId: 'nginx-4f2a.9:1', msg: 'request failed' });
    await app.close();
  });

  it('makes a new one for a request without an id or with one that is not a plain token', async () => {
    const { app, lines } = await appLogging('info');
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const bare = await app.inject('/fast');
    const hostile = await app.inject({ url: '/throws', headers: { 'x-request-id': 'a b"}{<script>' } });
    const long = await app.inject({ url: '/fast', headers: { 'x-request-id': 'x'.repeat(129) } });
    for (const res of [bare, hostile, long]) expect(res.headers['x-request-id']).toMatch(uuid);
    expect(new Set([bare, hostile, long].map((r) => r.headers['x-request-id'])).size).toBe(3);
    // The error line of the failing one carries its new id, not what the client sent.
    expect(lines.find((l) => l.level === 50)?.reqId).toBe(hostile.headers['x-request-id']);
    await app.close();
  });

  it('is on the lines a service writes through the app’s logger while it handles the request, once', async () => {
    const { app, lines, raw } = await appLogging('info');
    const res = await app.inject({
      method: 'POST',
      url: '/service-warns',
      headers: { 'x-request-id': 'svc-1' },
      payload: { a: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(lines).toEqual([expect.objectContaining({ msg: 'service warning', reqId: 'svc-1', size: 7 })]);
    // Outside a request the app's lines carry none; request.log's carry theirs once.
    app.log.warn('idle');
    expect(lines.at(-1)).not.toHaveProperty('reqId');
    await app.inject({ url: '/unavailable', headers: { 'x-request-id': 'once-2' } });
    expect(lines.at(-1)?.reqId).toBe('once-2');
    expect(raw.at(-1)?.match(/"reqId"/g)).toHaveLength(1);
    await app.close();
  });
});
