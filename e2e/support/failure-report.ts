import type { Browser } from 'playwright-core';

/** Every browser a test file launched (launchBrowser registers it), for the report below. */
export const openBrowsers = new Set<Browser>();

/**
 * What each open page showed when a test failed: its address and whatever lay over it (a modal, a
 * message, a notice, a form's errors, a spinner). A CI log is all there is of a failure on another
 * machine; "an element intercepts pointer events" alone does not say which.
 */
export const describeScreens = async (): Promise<string[]> => {
  const lines: string[] = [];
  for (const browser of openBrowsers) {
    if (!browser.isConnected()) continue;
    for (const page of browser.contexts().flatMap((c) => c.pages())) {
      if (page.isClosed()) continue;
      const shown = await page
        .evaluate(() => {
          const visible = (el: Element) => (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0;
          const texts = (selector: string) =>
            [...document.querySelectorAll(selector)]
              .filter(visible)
              // The rendered text: antd's confirm keeps a hidden copy of its title for screen readers,
              // which textContent would print as a second dialog.
              .map((el) => ((el as HTMLElement).textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200));
          return {
            modals: texts('.ant-modal-wrap .ant-modal'),
            messages: texts('.ant-message-notice, .ant-notification-notice'),
            formErrors: texts('.ant-form-item-explain-error'),
            spinners: document.querySelectorAll('.ant-spin-spinning').length,
          };
        })
        .catch((e: unknown) => ({ error: String(e) }));
      lines.push(`  ${page.url()} ${JSON.stringify(shown)}`);
    }
  }
  return lines;
};
