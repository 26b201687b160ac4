import { crmCustomerRoutes, resourceRoutes, taskCardRoutes } from '@yunhu/contract';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  sipCarrierSimulatorMissing,
  startSipCarrierSimulator,
  type TSipCarrierSimulator,
} from '../../apps/server/src/modules/telephony/carrier-sip.simulator.js';
import { kamailioMissing, type TKamailio } from '../../apps/server/src/modules/telephony/sip.kamailio.js';
import { rtpengineMissing } from '../../apps/server/src/modules/telephony/sip.kamailio-rtpengine.js';
import { startGatewayToTrunk } from '../softphone/customer-call.js';
import { allowCallingAnyHour, call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';
import { uniqueMobile, uniqueName } from '../support/unique.js';

/**
 * The task's own 话术 while calling: the administrator writes a script in the library (each attempt
 * its own, by a unique title and opening); the manager names it the 任务话术 of a new task of
 * agent02's in the task's settings; agent02 (a soft-phone seat) goes online, dials the task's
 * customer from 我的任务 through the development carrier and, while the call is 通话中, sees in the
 * dock whom the call is for and opens 话术 in the dock and in 当前客户: the task's script is listed
 * first, tagged 任务话术, and reads with its opening; then he hangs up and the customer's card goes.
 */
const missing = kamailioMissing() ?? rtpengineMissing() ?? sipCarrierSimulatorMissing();
const isRequired = process.env.REQUIRE_KAMAILIO === '1';
if (missing && !isRequired) console.warn(`跳过任务话术通话端到端测试：${missing}`);

describe.skipIf(missing !== null && !isRequired)('an agent reads the task’s script during its call', () => {
  const sip = inject('sip');
  let browser: Browser;
  let kam: TKamailio | null = null;
  let carrier: TSipCarrierSimulator | null = null;

  beforeAll(async () => {
    browser = await launchBrowser({
      extraArgs: ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    });
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      console.log(`Kamailio log (tail):\n${kam?.log().slice(-3000)}`);
      console.log(`carrier simulator log (tail):\n${carrier?.log().slice(-3000)}`);
    }
    await kam?.stop();
    await carrier?.stop();
    kam = null;
    carrier = null;
  });
  afterAll(() => browser?.close());

  it('shows the task’s script first, tagged 任务话术, while the call is 通话中', { timeout: 90_000 }, async () => {
    carrier = await startSipCarrierSimulator({ ringMs: 500 });
    kam = await startGatewayToTrunk(sip, carrier.address);
    const admin = await login('admin', 'Admin@2026');
    const manager = await login('manager', 'Manager@2026');
    const agent = await login('agent02', 'Agent@2026');
    await allowCallingAnyHour(admin, 'agent02');

    const title = uniqueName('任务开场话术');
    const opening = `您好，我是云呼的回访顾问，${title}，耽误您一分钟。`;
    const script = await call(
      resourceRoutes.librarySave,
      { kind: 'script', title, sections: [{ kind: 'opening', heading: '开场白', text: opening }], visibility: 'all' },
      admin,
    );
    // His own new customer, with a number the simulated customer answers (not ending 5, 6, 8 or 9).
    const customerName = uniqueName('任务话术客户');
    const customer = await call(
      crmCustomerRoutes.customerCreate,
      { name: customerName, mobile: `${uniqueMobile().slice(0, 10)}0` },
      agent,
    );
    const taskName = uniqueName('话术回访');
    const task = await call(
      taskCardRoutes.create,
      { name: taskName, customerIds: [customer.id], assign: 'owner' },
      manager,
    );

    // The manager names the script the task's 任务话术 in its settings.
    const managerPage = await newPage(browser);
    await signInWithPassword(managerPage, 'manager', 'Manager@2026');
    await managerPage.goto(`${baseUrl()}/#/menu/taskCard/Attribute?id=${task.id}`);
    const form = managerPage.getByTestId('task-attribute');
    await form.getByTestId('task-script').click();
    await managerPage.keyboard.type(title);
    await managerPage
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: title })
      .click();
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await managerPage.waitForURL(/#\/menu\/taskCard\/Info\?id=\d+/);
    expect((await call(taskCardRoutes.progress, { id: task.id }, manager)).task).toMatchObject({
      scriptId: script.id,
      scriptTitle: title,
    });
    await managerPage.context().close();

    // agent02 goes online and works the task in 我的任务.
    const page = await newPage(browser);
    await signInWithPassword(page, 'agent02', 'Agent@2026');
    await page.locator('[data-testid="softphone"][data-config="ready"]').waitFor({ timeout: 15_000 });
    await page.getByTestId('softphone-online').click();
    await expect.poll(() => page.getByTestId('softphone-line').textContent(), { timeout: 15_000 }).toBe('已上线');
    await page.goto(`${baseUrl()}/#/menu/myTaskCard`);
    await page.getByTestId('my-task-picker').click();
    await page.locator('.ant-select-dropdown:visible').getByText(taskName, { exact: true }).click();
    await expect.poll(() => page.getByTestId('my-task-current-name').textContent()).toBe(customerName);
    // The line list loads after the page (a dial before it only says 请先选择线路): his soft-phone line.
    await expect.poll(() => page.getByTestId('call-line-picker').textContent()).toContain('（软电话）');
    await page.getByTestId('my-task-dial').click();
    const status = page.getByTestId('softphone-status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('通话中');
    // The dock shows whom the call is for, a way to his details, while the call lasts.
    const callCustomer = page.getByTestId('softphone').getByTestId('call-customer');
    await callCustomer.getByRole('link', { name: customerName }).waitFor({ timeout: 10_000 });

    // During the call, 话术 lists the task's script first, tagged 任务话术, and reads it: the dock's
    // panel (it knows the task the call was dialled within) and 当前客户's alike, one open at a time.
    const readTaskScriptIn = async (toggle: Locator) => {
      await toggle.click();
      const panel = page.locator('.ant-drawer-open').filter({ has: page.getByTestId('script-panel') });
      const first = panel.getByTestId('script-panel-linked').locator('[data-testid^="script-panel-linked-"]').first();
      await first.waitFor({ timeout: 15_000 });
      expect(await first.getAttribute('data-testid')).toBe(`script-panel-linked-${script.id}`);
      expect(await first.textContent()).toContain('任务话术');
      await first.click();
      await panel.getByTestId('script-panel-reader').getByText(opening).waitFor();
      expect(await status.textContent()).toBe('通话中');
    };
    await readTaskScriptIn(page.getByTestId('softphone').getByTestId('script-panel-toggle'));
    await readTaskScriptIn(page.getByTestId('my-task-current').getByTestId('script-panel-toggle'));

    await page.getByTestId('softphone-hangup').click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('已挂断');
    await callCustomer.waitFor({ state: 'detached', timeout: 10_000 });
    await page.context().close();
  });
});
