import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';

/**
 * The notify endpoints answer every failure the way their channel reads it, the refusals made
 * before our handler runs (too large, unreadable) included: WeChat Pay and the sandbox take any
 * 2xx as received, so a failure is a 4xx/5xx with {code: 'FAIL', message}; Alipay reads the body,
 * so a failure is the plain text `failure`.
 */
describe('pay notification answers', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (channel: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/pay/notify/${channel}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });
  const big = JSON.stringify({ outTradeNo: 'YH1', pad: 'x'.repeat(70 * 1024) });
  const expectFail = (res: Awaited<ReturnType<typeof post>>, status: number) => {
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ code: 'FAIL', message: expect.any(String) });
  };

  it('refuses a 70 KB sandbox notification with a 413 and FAIL, never a 200', async () => {
    const res = await post('sandbox', big);
    expectFail(res, 413);
    expect(res.json().message).toBe('通知内容过大');
  });

  it('refuses a 70 KB WeChat Pay notification with a 413 and FAIL', async () => {
    expectFail(await post('wechat', big), 413);
  });

  it('refuses a 70 KB Alipay notification with the plain text failure', async () => {
    const res = await post('alipay', big, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('failure');
  });

  it('refuses a body whose length is wrong, each channel its way', async () => {
    expectFail(await post('sandbox', '{"a":1}', { 'content-length': '3' }), 400);
    expectFail(await post('wechat', '{"a":1}', { 'content-length': '3' }), 400);
    const alipay = await post('alipay', 'a=1&b=2', { 'content-length': '3' });
    expect(alipay.body).toBe('failure');
  });

  it('refuses a body with a NUL character as unreadable, not as our failure', async () => {
    const res = await post('sandbox', '{"outTradeNo":"YH\u0000"}');
    expectFail(res, 400);
    const wechat = await post('wechat', 'a\u0000b');
    expectFail(wechat, 400);
  });

  it('refuses an unsigned or unreadable notification, each channel its way', async () => {
    expectFail(await post('sandbox', 'not json'), 400);
    expectFail(await post('wechat', '{}'), 400);
    const alipay = await post('alipay', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect({ status: alipay.statusCode, body: alipay.body }).toEqual({ status: 200, body: 'failure' });
  });
});
