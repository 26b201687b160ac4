import { authRoutes } from '@yunhu/contract';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { call } from './api.js';
import { baseUrl } from './base-url.js';
import { openBrowsers } from './failure-report.js';

export { baseUrl };

/**
 * Debian's Chromium, headless, with the flags this workplace's closed network needs; `extraArgs`
 * adds flags (the soft-phone tests: fake microphone, no permission prompt).
 */
export const launchBrowser = async (options: { extraArgs?: string[] } = {}): Promise<Browser> => {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(options.extraArgs ?? []),
    ],
  });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
};

/**
 * A fresh browser context (own storage) with a page on the console; `ignoreHTTPSErrors`: a front with
 * a self-signed certificate (the production shape's nginx).
 */
export const newPage = async (browser: Browser, { ignoreHTTPSErrors = false } = {}): Promise<Page> => {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1366, height: 860 },
    ignoreHTTPSErrors,
  });
  return context.newPage();
};

/** Reads the last SMS code the development provider sent to a mobile. */
export const lastSmsCode = async (mobile: string): Promise<string> => {
  const sent = await call(authRoutes.devSmsLast, { mobile });
  if (!sent) throw new Error(`no SMS sent to ${mobile}`);
  return sent.code;
};

/**
 * Chooses `option` in a single-choice select or tree select of `form`, labelled `label`. On a
 * loaded machine the opening click can be lost or the dropdown can open late, so it retries until
 * the field shows the option and no dropdown is left open to cover the next field.
 */
export const pickOption = async (page: Page, form: Locator, label: string, option: string): Promise<void> => {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const item = form
    .locator('.ant-form-item')
    .filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) });
  const isChosen = async () => ((await item.textContent()) ?? '').includes(option);
  await expect
    .poll(
      async () => {
        if ((await dropdown.count()) === 0 && !(await isChosen())) {
          await form.getByLabel(label, { exact: true }).click();
          await dropdown
            .first()
            .waitFor({ state: 'visible', timeout: 3000 })
            .catch(() => undefined);
        }
        if ((await dropdown.count()) > 0) {
          await dropdown
            .getByText(option, { exact: true })
            .first()
            .click({ timeout: 3000 })
            .catch(() => undefined);
          await dropdown
            .first()
            .waitFor({ state: 'hidden', timeout: 3000 })
            .catch(() => undefined);
        }
        return (await isChosen()) && (await dropdown.count()) === 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
};

/**
 * Presses `button` (确定 unless named) in the confirm dialog, waiting for it to open, until the dialog
 * is gone. On a loaded machine a click can land while the dialog still zooms in and be lost; the
 * dialog closes once its action ran, whatever the answer (a refusal is shown as a message), and a
 * button busy with the action is not pressed again, so a second press only follows a lost one.
 */
export const pressInConfirm = async (page: Page, button: string | RegExp = /确\s*定/): Promise<void> => {
  const dialog = page.locator('.ant-modal-confirm:visible');
  await dialog.first().waitFor();
  const press = async () => {
    const ok = dialog.first().getByRole('button', { name: button });
    const isBusy = ((await ok.getAttribute('class', { timeout: 3000 }).catch(() => '')) ?? '').includes(
      'ant-btn-loading',
    );
    if (!isBusy) await ok.click({ timeout: 3000 }).catch(() => undefined);
    await dialog
      .first()
      .waitFor({ state: 'hidden', timeout: 3000 })
      .catch(() => undefined);
  };
  await expect
    .poll(
      async () => {
        if ((await dialog.count()) > 0) await press();
        return dialog.count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
};
