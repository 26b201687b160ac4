import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { callRoutes, integrationRoutes } from '@yunhu/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowCallingAnyHour, call, login } from '../support/api.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

type TReceived = { headers: http.IncomingHttpHeaders; body: string };

/**
 * The Standard Webhooks check a receiver makes, written from the specification: the HMAC-SHA256 of
 * `id.timestamp.body` keyed with the secret's base64 part, one of the `v1,` signatures, a recent
 * timestamp.
 */
const isSigned = (secret: string, r: TReceived) => {
  const id = String(r.headers['webhook-id']);
  const timestamp = String(r.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${r.body}`).digest('base64');
  const given = String(r.headers['webhook-signature'])
    .split(' ')
    .map((s) => s.replace(/^v1,/, ''));
  return given.includes(expected) && Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
};

/**
 * 开放平台 › Webhook end to end: the administrator adds an endpoint in the console, agent01's call
 * through the carrier simulator ends, a receiver on this machine gets 通话结束 signed with the
 * endpoint's secret after its first answer failed and the delivery was retried, the delivery log
 * shows both attempts, and 重新发送 sends the same message once more.
 */
describe('webhooks', () => {
  let browser: Browser;
  let page: Page;
  let admin: string;
  const received: TReceived[] = [];
  const answers = [500, 200];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = answers.length > 1 ? answers.shift()! : answers[0]!;
      res.writeHead(status).end(status === 200 ? 'ok' : 'down');
    });
  });
  let url = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    browser = await launchBrowser();
    admin = await login('admin', 'Admin@2026');
    await allowCallingAnyHour(admin, 'agent01');
    page = await newPage(browser);
    await signInWithPassword(page, 'admin', 'Admin@2026');
  });
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('adds an endpoint from the menu, and a finished call reaches the receiver signed, after a retry', async () => {
    await page.getByTestId('side-menu').getByText('开放平台').click();
    await page.getByTestId('menu-ThirdParty/webhooks').click();
    await page.getByTestId('webhooks-page').waitFor();
    await page.getByTestId('webhook-add').click();
    const form = page.getByTestId('webhook-endpoint-form');
    await page.getByTestId('webhook-url').fill(url);
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText(url).waitFor();
    const [endpoint] = (await call(integrationRoutes.webhookList, {}, admin)).filter((e) => e.url === url);
    expect(endpoint!.events).toEqual(['call.finished']);

    const agent = await login('agent01', 'Agent@2026');
    const line = (await call(callRoutes.usableLines, {}, agent)).find((l) => l.lineMode === 0)!;
    const { bindId } = await call(callRoutes.dial, { telB: '13912345036', interfaceId: line.lineId }, agent);
    await expect.poll(() => received.length, { timeout: 40_000, interval: 500 }).toBe(2);
    const { secret } = await call(integrationRoutes.webhookSecret, { id: endpoint!.id }, admin);
    const [first, second] = received;
    expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
    expect(isSigned(secret, second!)).toBe(true);
    expect(
      isSigned(
        secret.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        second!,
      ),
    ).toBe(false);
    const event = JSON.parse(second!.body) as { type: string; data: { bindId: string } };
    expect(event).toMatchObject({ type: 'call.finished', data: { bindId } });

    // The delivery log in the console: one delivery, arrived on its second attempt.
    await page.getByTestId(`webhook-deliveries-${endpoint!.id}`).click();
    const log = page.getByTestId(`list-integration-deliveries`);
    const row = log.locator('tbody tr.ant-table-row').first();
    await expect.poll(() => row.textContent()).toContain('成功');
    expect(await row.textContent()).toContain('通话结束');
    await row.locator('[data-testid^="webhook-attempts-"]').click();
    const attempts = page.getByTestId('webhook-attempts');
    await expect.poll(() => attempts.locator('tbody tr.ant-table-row').count()).toBe(2);
    expect(await attempts.locator('tbody tr.ant-table-row').first().textContent()).toContain('HTTP 500');
    await page.keyboard.press('Escape');
    await attempts.waitFor({ state: 'hidden' });

    // 重新发送, clicked twice: the same message once more.
    const resend = row.locator('[data-testid^="webhook-resend-"]');
    await resend.click();
    await resend.click({ force: true }).catch(() => undefined);
    await expect.poll(() => received.length, { timeout: 20_000, interval: 500 }).toBe(3);
    expect(received[2]!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    await page.waitForTimeout(3000);
    expect(received).toHaveLength(3);
  });
});
