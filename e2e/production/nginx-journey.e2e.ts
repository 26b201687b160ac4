import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { callRecordRoutes, crmCustomerRoutes } from '@yunhu/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sipCarrierSimulatorMissing } from '../../apps/server/src/modules/telephony/carrier-sip.simulator.js';
import { kamailioMissing } from '../../apps/server/src/modules/telephony/sip.kamailio.js';
import { rtpengineMissing } from '../../apps/server/src/modules/telephony/sip.kamailio-rtpengine.js';
import { onServer } from '../../apps/server/src/test/database.js';
import { freePort, nginxMissing, startProductionShape, type TProductionShape } from '../../scripts/prod-run.mjs';
import { askLog, callFirstCustomer, expectPlayedOnCustomerPage } from '../softphone/customer-call.js';
import { softphoneMediaArgs } from '../softphone/sip-server.js';
import { allowCallingAnyHour, call, login } from '../support/api.js';
import { useFront } from '../support/base-url.js';
import { launchBrowser, newPage } from '../support/browser.js';
import { uniqueMobile, uniqueName } from '../support/unique.js';

/**
 * The console as production runs it (docs/decisions/0103-production-shape.md, scripts/prod-run.mjs):
 * nginx with TLS (a self-signed certificate) in front of two server processes on one PostgreSQL,
 * server A running Kamailio and rtpengine behind nginx's wss://…/sip. An agent signs in over https,
 * opens 我的客户, calls a customer from the soft-phone over wss through nginx (the development
 * carrier answers and speaks), and plays the call's recording. Skipped without nginx, Kamailio or a
 * PostgreSQL server (TEST_DATABASE_URL), unless REQUIRE_NGINX=1 or CI.
 */
const isCi = Boolean(process.env.CI);
// Two processes share one PostgreSQL server's database (npm test passes the one it found; CI has one).
const noDatabase = process.env.TEST_DATABASE_URL
  ? null
  : '需要 PostgreSQL（TEST_DATABASE_URL）：两个服务进程共用一个数据库';
const missing = nginxMissing() ?? kamailioMissing() ?? rtpengineMissing() ?? sipCarrierSimulatorMissing() ?? noDatabase;
const isRequired = (process.env.REQUIRE_NGINX === '1' || isCi) && (noDatabase === null || isCi);
if (missing && !isRequired) console.warn(`跳过经 nginx 的端到端测试：${missing}`);

describe.skipIf(missing !== null && !isRequired)('through nginx: https, two processes, wss soft-phone', () => {
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const databaseName = `yunhu_e2e_prod_${crypto.randomBytes(4).toString('hex')}`;
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-e2e-prod-'));
  const trustedBefore = tls.getCACertificates('default');
  let shape: TProductionShape | null = null;
  let browser: Browser;

  beforeAll(async () => {
    if (missing) throw new Error(`经 nginx 的端到端测试需要：${missing}`);
    await onServer(serverUrl, `create database ${databaseName}`);
    const databaseUrl = new URL(serverUrl);
    databaseUrl.pathname = `/${databaseName}`;
    shape = await startProductionShape({
      runDir,
      databaseUrl: databaseUrl.toString(),
      httpsPort: await freePort(),
      httpPort: await freePort(),
      serverPorts: [await freePort(), await freePort()],
      sipWsPort: await freePort(),
      env: {
        LOG_LEVEL: 'warn',
        // Without a trunk the development carrier answers (production's default is none).
        SIP_DEV_CARRIER: '1',
        SIP_PORT: String(await freePort()),
        MEDIA_NG_PORT: String(await freePort()),
        // Beside the other lane's gateways (30000–39999).
        MEDIA_PORT_MIN: '45000',
        MEDIA_PORT_MAX: '45999',
      },
      log: () => undefined,
    });
    // This process's typed client trusts nginx's certificate; the browser ignores it.
    tls.setDefaultCACertificates([...trustedBefore, shape.ca.toString()]);
    useFront(shape.url);
    browser = await launchBrowser({ extraArgs: [...softphoneMediaArgs, '--ignore-certificate-errors'] });
  }, 300_000);

  afterAll(async () => {
    useFront(null);
    tls.setDefaultCACertificates(trustedBefore);
    await browser?.close();
    await shape?.stop();
    if (serverUrl) await onServer(serverUrl, `drop database if exists ${databaseName} with (force)`);
    fs.rmSync(runDir, { recursive: true, force: true });
  }, 60_000);

  it('signs in over https, lists customers, calls one over wss and plays the recording', async () => {
    if (!shape) throw new Error('未启动');
    await allowCallingAnyHour(await login('admin', 'Admin@2026'), 'agent02');
    const agent = await login('agent02', 'Agent@2026');
    // His newest customer (the top of 我的客户), with a number the simulated customer answers.
    const mobile = `${uniqueMobile().slice(0, 10)}0`;
    const customer = await call(crmCustomerRoutes.customerCreate, { name: uniqueName('经代理客户'), mobile }, agent);
    const startedAt = Date.now();

    const page = await newPage(browser, { ignoreHTTPSErrors: true });
    try {
      await callFirstCustomer(page, 'agent02', 'Agent@2026');
      expect(page.url().startsWith(`${shape.url}/`)).toBe(true);
      await page.waitForTimeout(2000);
      await page.getByTestId('softphone-hangup').click();
      await expect.poll(() => page.getByTestId('softphone-status').textContent(), { timeout: 10_000 }).toBe('已挂断');

      // The record and its recording, read through nginx by whichever process answers.
      const range: [number, number] = [startedAt - 60_000, Date.now() + 120_000];
      const asked = askLog(
        async () => {
          const { records } = await call(callRecordRoutes.getPage, { startRange: range, page: 1, limit: 20 }, agent);
          const record = records.find((r) => r.telB.endsWith(mobile.slice(-4)));
          return record ? (record.preRecordUrl ? 'ready' : record.recordingState) : 'absent';
        },
        (state) => String(state),
      );
      await expect
        .poll(asked.ask, { timeout: 30_000, interval: 500 })
        .toBe('ready')
        .catch((error: unknown) => {
          // Server A took Kamailio's events: what it said of them (warnings and errors).
          const serverA = path.join(shape!.runDir, 'logs', 'server-A.log');
          if (fs.existsSync(serverA)) console.log(`server A (tail):\n${fs.readFileSync(serverA, 'utf8').slice(-3000)}`);
          return asked.printed(error);
        });
      await expectPlayedOnCustomerPage(page, customer.id);
    } finally {
      await page.context().close();
    }
    // The soft-phone's WebSocket went through nginx: 101 on /sip, logged once the page closed it.
    const access = path.join(shape.runDir, 'access.log');
    await expect.poll(() => fs.readFileSync(access, 'utf8')).toMatch(/"GET \/sip HTTP\/1\.1" 101 /);
  });
});
