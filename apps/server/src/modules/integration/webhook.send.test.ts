import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './webhook.send.js';

describe('one webhook attempt', () => {
  let server: http.Server;
  let base = '';
  const hits: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url === '/slow') return; // never answers
      if (req.url === '/moved') return res.writeHead(302, { location: '/elsewhere' }).end();
      res.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  const send = (path: string, allowLoopback = true) =>
    sendWebhook(
      { url: `${base}${path}`, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', id: 'msg_1', body: '{}' },
      { allowLoopback, timeoutMs: 300 },
    );

  it('arrives on a 2xx', async () => {
    expect(await send('/ok')).toMatchObject({ isOk: true, status: 200, error: '' });
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const result = await send('/slow');
    expect(result).toMatchObject({ isOk: false, status: null });
    expect(result.error).toContain('超时');
    expect(result.durationMs).toBeLessThan(2000);
  });

  it('does not follow a redirect (it could lead inside)', async () => {
    const result = await send('/moved');
    expect(result).toMatchObject({ isOk: false, status: 302 });
    expect(hits).not.toContain('/elsewhere');
  });

  it('refuses, without a request, an address the setting does not allow', async () => {
    const before = hits.length;
    const result = await send('/ok', false);
    expect(result).toMatchObject({ isOk: false, status: null, error: '接收地址须以 https:// 开头' });
    expect(hits).toHaveLength(before);
  });
});
