import type { FastifyInstance } from 'fastify';
import { sendBusy } from './envelope.js';

/**
 * Requests a server admits at once when the setting says nothing: ten per connection of the pool.
 * Past the pool, admitted requests wait for a connection: at the ~250–350 requests a second a pool
 * of 10 serves the signed-in mix at 1,000,000 customers, a hundred in flight is at most ~0.4 s of
 * waiting, far below the pool's 10 s, and a burst (a collection pause, a checkpoint, fifty people
 * refreshing at once) rides it out instead of being refused. Four per connection refused 25 of
 * 8,000 requests at 200 a second, and a closed loop of 50 clients spent a quarter of a core on
 * refusals (bench/reports).
 */
export const inFlightPerConnection = 10;

/**
 * What the admission gate never refuses: the health check (a load balancer must see a busy server
 * as alive, and the check is one bounded `select 1`), Prometheus's scrape of /metrics (an overload is
 * when the operator needs the figures; one scrape per interval, its reads bounded), and the machines' own routes under /internal/
 * (Kamailio's registrations, digest look-ups and call events, the carrier's callbacks): a call in
 * progress must not fail because people's lists are slow. They are few and bounded by their
 * callers (Kamailio's worker processes, the carrier's calls), so they cannot crowd users out.
 */
const isExempt = (url: string) =>
  url.startsWith('/internal/') || url === '/healthz' || url.startsWith('/healthz?') || url === '/metrics';

/**
 * Admission control: at most `limit` requests in flight (from their arrival to their response's
 * end); one more is answered 503 服务繁忙，请稍后重试 at once, before its body is read, so those
 * admitted keep their latency instead of every request queueing for the pool until it times out.
 */
export const registerAdmission = (app: FastifyInstance, limit: number): void => {
  let inFlight = 0;
  app.addHook('onRequest', (req, reply, done) => {
    if (isExempt(req.url)) return done();
    if (inFlight >= limit) {
      sendBusy(reply);
      return;
    }
    inFlight++;
    // 'close' comes once whether the response was sent whole or the client went away.
    reply.raw.once('close', () => {
      inFlight--;
    });
    done();
  });
};
