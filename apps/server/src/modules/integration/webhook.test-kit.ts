import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TReceived = { headers: Record<string, string>; body: string };

/**
 * A webhook receiver on 127.0.0.1: keeps every request and answers each with the next status of
 * `answers` (the last one repeated), 200 when none is given.
 */
export const startReceiver = async (answers: number[] = [200]) => {
  const received: TReceived[] = [];
  let plan = [...answers];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = plan.length > 1 ? plan.shift()! : (plan[0] ?? 200);
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'receiver down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** What the receiver answers from now on. */
    answer: (next: number[]) => {
      plan = [...next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
