import type { Page } from 'playwright-core';

/** Plays the phone: opens the development scan page behind the QR and confirms as `openid`. */
export const scanWithWechat = async (page: Page, openid: string): Promise<void> => {
  const href = await page.getByTestId('wechat-scan-link').getAttribute('href');
  if (!href) throw new Error('no scan link on the QR');
  const phone = await page.context().newPage();
  await phone.goto(href);
  await phone.getByLabel('微信标识 (openid)').fill(openid);
  await phone.getByRole('button', { name: '确认登录' }).click();
  await phone.getByText('已确认，请回到电脑端').waitFor();
  await phone.close();
};
