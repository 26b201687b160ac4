import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithPage, type TTestApp } from '../test/harness.js';

/** What every answer carries (helmet's defaults with our content security policy). */
const expected = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
    "img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';" +
    "style-src 'self' 'unsafe-inline';media-src 'self' blob:;connect-src 'self' ws: wss:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestAppWithPage();
  });
  afterAll(() => t.close());

  it('are on every answer: the API, a refusal, a bad request, an unknown path and the page', async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'POST', url: '/base/crm/user-page', payload: {} }),
      t.app.inject({
        method: 'POST',
        url: '/sso/login',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      }),
      t.app.inject({ method: 'GET', url: '/base/no-such-route' }),
      t.app.inject({ method: 'GET', url: '/' }),
    ]);
    expect(answers[0]?.json()).toMatchObject({ code: 0 });
    // Refused, malformed, unknown: each its own error envelope.
    expect(answers.slice(1, 4).map((a) => a.json().code)).not.toContain(0);
    expect(answers[4]?.body).toContain('云呼');
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], name).toBe(value);
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });
});
