import { allRoutes, isPlatformPerm } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, startTestAppWithPage, type TTestApp } from '../test/harness.js';

describe('the envelope', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown route with code 404 in the envelope', async () => {
    const res = await t.request('POST', '/base/no/such/thing');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 404, msg: '接口不存在', data: null });
  });

  it('answers malformed and oversized bodies with 10002', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.json()).toMatchObject({ code: 10002, msg: '请求内容不是有效的JSON', data: null });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(huge.json()).toMatchObject({ code: 10002, msg: '请求内容过大', data: null });
    const text = await t.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(text.json()).toMatchObject({ code: 10002, msg: '不支持的请求格式', data: null });
  });

  it('hides unexpected failures behind a safe message', async () => {
    await t.database.close();
    const res = await t.request('POST', '/sso/login', { body: { username: 'admin', password: 'Admin@2026' } });
    expect(res.body).toMatchObject({ code: 500, msg: '服务器内部异常，请稍后重试', data: null });
    expect(JSON.stringify(res.body)).not.toMatch(/at |Error|stack/);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
  });
});

describe('the envelope around what Fastify and its plugins refuse', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestAppWithPage();
  });
  afterAll(() => t.close());

  it.each(['/abc%00def', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd', '/%ZZ', '/a%00.js'])(
    'answers the path %s in the envelope, never 500',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect([404, 10002]).toContain(body.code);
      expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
    },
  );

  it('answers a path parameter over its length in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/base/sys/oss/file/${'x'.repeat(300)}` });
    expect(res.statusCode).toBe(200);
    // Too long for the route: refused, or (with the web app's catch-all) not found.
    expect([10002, 404]).toContain(res.json().code);
  });

  const multipartRoutes = allRoutes().filter((r) => r.body === 'multipart');
  const malformed: [string, string, string][] = [
    [
      'no closing boundary',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nabc',
    ],
    ['no boundary at all', 'multipart/form-data', 'garbage'],
    [
      'a broken part header',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition\r\n\r\nabc\r\n--XyZ--\r\n',
    ],
    [
      'no file part',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--XyZ--\r\n',
    ],
    ['an empty body', 'multipart/form-data; boundary=XyZ', ''],
  ];
  it.each(
    multipartRoutes.flatMap((r) =>
      malformed.map(([what, type, payload]) => [`${r.path}: ${what}`, r, type, payload] as const),
    ),
  )('%s is refused with 10002', async (_n, route, type, payload) => {
    const token =
      route.permission && isPlatformPerm(route.permission) ? await t.loginAs.platform() : await t.loginAs.admin();
    const res = await t.app.inject({
      method: 'POST',
      url: route.path,
      headers: { 'cloud-token': token, 'content-type': type },
      payload,
    });
    const body = res.json();
    expect(body.code, body.msg).toBe(10002);
    expect(body.msg).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('refuses NUL, lone surrogates and deep nesting before any handler, in any field', async () => {
    const token = await t.loginAs.admin();
    // As sent on the wire: JSON.stringify itself could not write the 20,000-deep one.
    for (const payload of [
      '{"ids":[5],"x":"\\u0000"}',
      '{"ids":[5],"x":"a\\ud800"}',
      '{"ids":[5],"x":{"\\udc00":1}}',
      `{"ids":[5],"x":${'['.repeat(20_000)}1${']'.repeat(20_000)}}`,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/base/crm/delete',
        headers: { 'cloud-token': token, 'content-type': 'application/json' },
        payload,
      });
      expect(res.json().code, payload.slice(0, 40)).toBe(10002);
    }
    const get = await t.request('GET', '/sso/login', { query: { username: '\u0000' } });
    expect(get.body.code).not.toBe(500);
    const login = await t.request('POST', '/sso/login', { body: { username: '\u0000', password: 'x' } });
    expect(login.body.code).toBe(10002);
  });

  it('refuses a timestamp no date can hold', async () => {
    const token = await t.loginAs.admin();
    const res = await t.request('POST', '/base/sys/log/page', {
      token,
      body: { page: 1, limit: 10, startTime: 9007199254740991 },
    });
    expect(res.body).toMatchObject({ code: 10002 });
    expect(res.body.msg).toContain('时间超出范围');
  });
});
