import { callRecordRoutes, crmRoutes, taskCardRoutes } from '@yunhu/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowCallingAnyHour, call, login } from '../support/api.js';
import { baseUrl, launchBrowser, newPage } from '../support/browser.js';
import { signInWithPassword } from '../support/console.js';

type TCustomerRow = { id: number; name: string; mobile: string; ownerName: string | null };

/**
 * 任务卡: a manager makes a calling task of three of agent01's customers; agent01 (call-back
 * seat, the carrier simulator answers) works them with automatic dialing, leaves for another screen
 * during a countdown (nothing is dialled behind his back), reloads in the middle and goes on at the
 * same customer; the manager pauses the task during the last countdown (the popup ends without
 * dialling and says why) and resumes it; the manager sees 3/3 finished with the results.
 */
describe('calling task worked with automatic dialing', () => {
  let browser: Browser;
  let manager: Page;
  let agent: Page;
  let picked: TCustomerRow[];
  let managerToken: string;
  const taskName = `三位客户回访${Date.now() % 100_000}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await login('admin', 'Admin@2026');
    managerToken = await login('manager', 'Manager@2026');
    // agent01 may call at any hour (呼叫管理), so the test does not depend on the clock.
    await allowCallingAnyHour(admin, 'agent01');
    // Three of agent01's customers the other tests leave alone (the oldest ones), in id order:
    // the task works them in that order.
    const list = await call(
      crmRoutes.customerPage,
      { page: 1, limit: 100, sortField: 'createdAt', sortOrder: 'ascend' },
      managerToken,
    );
    picked = list.records
      .filter((c) => c.ownerName === '王强')
      .slice(0, 3)
      .sort((a, b) => a.id - b.id);
    manager = await newPage(browser);
    await signInWithPassword(manager, 'manager', 'Manager@2026');
    agent = await newPage(browser);
    await signInWithPassword(agent, 'agent01', 'Agent@2026');
  });
  afterAll(() => browser.close());

  const chooseInPicker = async (scope: Locator, name: string) => {
    const picker = scope.getByTestId('task-customer-picker');
    await picker.getByLabel('客户名称').fill(name);
    await picker.getByTestId('task-customer-search').click();
    const row = picker.locator('tbody tr.ant-table-row').filter({ hasText: name });
    await expect.poll(() => picker.locator('tbody tr.ant-table-row').count()).toBe(1);
    await row.locator('.ant-checkbox-input').check();
  };
  const chooseAgent = async (page: Page, scope: Locator, name: string) => {
    await scope.locator('.ant-form-item').filter({ hasText: /^坐席/ }).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).click();
    await page.keyboard.press('Escape');
  };

  it('the manager creates the task and sees it on its page', async () => {
    await manager.goto(`${baseUrl()}/#/menu/taskCard/Attribute`);
    const form = manager.getByTestId('task-attribute');
    await form.getByLabel('任务名称').fill(taskName);
    await form.getByLabel('自动拨号倒计时(秒)').fill('2');
    for (const c of picked) await chooseInPicker(form, c.name);
    await form.getByText('已选 3 位客户').waitFor();
    await chooseAgent(manager, form, '王强');
    await form.getByRole('button', { name: '新建任务' }).click();
    await manager.waitForURL(/#\/menu\/taskCard\/Info\?id=\d+/);
    expect(await manager.getByTestId('task-name').textContent()).toBe(taskName);
    await expect.poll(() => manager.getByTestId('task-figure-finished').textContent()).toContain('0/3');
  });

  it('agent01 works the three customers with automatic dialing and resumes after a reload', async () => {
    await agent.goto(`${baseUrl()}/#/menu/myTaskCard`);
    const current = agent.getByTestId('my-task-current-name');
    await expect.poll(() => current.textContent()).toBe(picked[0]!.name);
    // His number is masked, as in the CRM list (agents see 139****5678).
    expect(await agent.getByTestId('my-task-current-mobile').textContent()).toMatch(/^\d{3}\*{4}\d{4}$/);
    await agent.getByTestId('my-task-auto').click();

    const resultModal = agent.locator('.ant-modal').filter({ hasText: '通话结果' });
    const saveResult = async (name: string, result: string) => {
      await resultModal.filter({ hasText: name }).waitFor({ timeout: 30_000 });
      await resultModal.getByText(result, { exact: true }).click();
      await resultModal.getByRole('button', { name: /确\s*定/ }).click();
      await resultModal.waitFor({ state: 'detached' });
    };
    const countdown = agent.getByTestId('task-countdown-text');

    // First customer: dialled by hand; the call-back call rings, talks and reports; the form opens.
    await agent.getByTestId('my-task-dial').click();
    await agent.locator('.ant-notification-notice').filter({ hasText: '请等待接听' }).first().waitFor();
    await saveResult(picked[0]!.name, '有意向');
    // The popup counts down to the second customer; he goes to 首页 meanwhile (我的任务 stays alive
    // behind it): the popup leaves with him and, well past the 2 seconds, nobody has been dialled.
    await countdown.filter({ hasText: `秒后自动拨打下一位：${picked[1]!.name}` }).waitFor();
    await agent.evaluate(() => {
      window.location.hash = '#/menu/home';
    });
    await countdown.waitFor({ state: 'hidden' });
    await agent.waitForTimeout(3_500);
    const agentToken = await login('agent01', 'Agent@2026');
    const task = (await call(taskCardRoutes.myTasks, {}, agentToken)).find((x) => x.name === taskName);
    const waiting = await call(taskCardRoutes.myCard, { id: task!.id }, agentToken);
    expect(waiting.current).toMatchObject({ customerId: picked[1]!.id, status: 'pending', attempts: 0 });
    // Back on 我的任务 the popup shows again, counts down and dials him.
    await agent.evaluate(() => {
      window.location.hash = '#/menu/myTaskCard';
    });
    await countdown.filter({ hasText: `秒后自动拨打下一位：${picked[1]!.name}` }).waitFor();
    await countdown.waitFor({ state: 'detached' });
    await resultModal.filter({ hasText: picked[1]!.name }).waitFor({ timeout: 30_000 });

    // A reload in the middle: the same customer, the same counts, and his result form again.
    await agent.reload();
    await expect.poll(() => current.textContent()).toBe(picked[1]!.name);
    expect(await agent.getByTestId('my-task-progress').textContent()).toContain('我的进度 1/3');
    await saveResult(picked[1]!.name, '无意向');
    // The manager pauses the task while the popup counts down to the third: it ends without
    // dialling him, says why, and the card shows the paused task.
    const callsTo = async (customerId: number) =>
      (await call(callRecordRoutes.getCallDetailList, { page: 1, limit: 1, octCustomerId: customerId }, agentToken))
        .total;
    const callsBefore = await callsTo(picked[2]!.id);
    await countdown.filter({ hasText: picked[2]!.name }).waitFor();
    await call(taskCardRoutes.setStatus, { id: task!.id, status: 'paused' }, managerToken);
    await agent.locator('.ant-message-notice').filter({ hasText: '任务已暂停，请等待主管恢复后再拨打' }).waitFor();
    await agent.getByText('任务已暂停，请等待主管恢复', { exact: true }).waitFor();
    expect(await agent.getByTestId('my-task-dial').isDisabled()).toBe(true);
    const paused = await call(taskCardRoutes.myCard, { id: task!.id }, agentToken);
    expect(paused.current).toMatchObject({ customerId: picked[2]!.id, status: 'pending', attempts: 0 });
    // Resumed, he dials the third himself.
    await call(taskCardRoutes.setStatus, { id: task!.id, status: 'running' }, managerToken);
    await agent.reload();
    await expect.poll(() => current.textContent()).toBe(picked[2]!.name);
    await agent.getByTestId('my-task-dial').click();
    await saveResult(picked[2]!.name, '空号');
    // One more call to him: the one he placed himself after the pause, none from the popup.
    expect(await callsTo(picked[2]!.id)).toBe(callsBefore + 1);
    await agent.getByTestId('my-task-done').waitFor();
    expect(await agent.getByTestId('my-task-progress').textContent()).toContain('我的进度 3/3');
  });

  it('the manager sees 3/3 finished with the results, and adding a customer twice is refused', async () => {
    await manager.reload();
    await expect.poll(() => manager.getByTestId('task-figure-finished').textContent()).toContain('3/3');
    const results = await manager.getByTestId('task-results').textContent();
    expect(results).toContain('有意向 1');
    expect(results).toContain('无意向 1');
    expect(results).toContain('空号 1');

    await manager.getByRole('button', { name: '添加客户' }).click();
    const modal = manager.getByTestId('task-add-items');
    await chooseInPicker(modal, picked[0]!.name);
    await chooseAgent(manager, modal, '王强');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    // Polled over every message shown, so a failure names the message that came instead.
    await expect
      .poll(() => manager.locator('.ant-message-notice').allTextContents(), { timeout: 30_000 })
      .toContainEqual(expect.stringContaining(`客户「${picked[0]!.name}」已在任务中`));
    expect(await manager.getByTestId('task-figure-total').textContent()).toContain('3');
  });
});
