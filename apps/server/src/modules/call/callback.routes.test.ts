import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerEnvelope } from '../../http/envelope.js';
import { registerCallInternalRoutes, sipCallEventPath } from './callback.routes.js';
import type { TCallbackService } from './callback.service.js';

/**
 * Kamailio drops an event the server answers 200 (taken) or 4xx (refused) and posts one answered
 * 5xx again: an ingestion that fails must say 5xx, though every other unexpected error of the server
 * is an envelope with HTTP 200.
 */
describe('a call event the server could not write', () => {
  it('is answered 500 (Kamailio posts it again), not an envelope with HTTP 200', async () => {
    const app = Fastify({ logger: false });
    registerEnvelope(app);
    let tries = 0;
    const callbacks = {
      ingestSip: async () => {
        tries++;
        if (tries === 1) throw new Error('the database went away mid-write');
        return 'written';
      },
    } as unknown as TCallbackService;
    await registerCallInternalRoutes(app, {
      carrierSecret: null,
      isTrustedSipCaller: (secret) => secret === 'sip-secret',
      callbacks,
    });
    const post = () =>
      app.inject({
        method: 'POST',
        url: sipCallEventPath,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-sip-secret': 'sip-secret' },
        payload: 'event=ended&code=0&bindId=&callId=c-1%40desk&kind=inbound&from=13800000001&to=e100001-901',
      });
    const failed = await post();
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toMatchObject({ code: 500 });
    // Posted again, it is written.
    const again = await post();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ code: 0, msg: 'ok' });
    await app.close();
  });
});
