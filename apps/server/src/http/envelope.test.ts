import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness.js';

describe('the envelope', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown route with code 404 in the envelope', async () => {
    const res = await t.request('POST', '/base/no/such/thing');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 404, msg: '接口不存在', data: null });
  });

  it('answers malformed and oversized bodies with 10002', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.json()).toEqual({ code: 10002, msg: '请求内容不是有效的JSON', data: null });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(huge.json()).toEqual({ code: 10002, msg: '请求内容过大', data: null });
    const text = await t.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(text.json()).toEqual({ code: 10002, msg: '不支持的请求格式', data: null });
  });

  it('hides unexpected failures behind a safe message', async () => {
    await t.database.close();
    const res = await t.request('POST', '/sso/login', { body: { username: 'admin', password: 'Admin@2026' } });
    expect(res.body).toEqual({ code: 500, msg: '服务器内部异常，请稍后重试', data: null });
    expect(JSON.stringify(res.body)).not.toMatch(/at |Error|stack/);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
  });
});
