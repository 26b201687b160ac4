import { agentRoutes, authRoutes, platformRoutes, sandboxPayAct, type TAgent, tradeRoutes } from '@yunhu/contract';
import { call, login } from './api.js';
import { lastSmsCode } from './browser.js';
import { uniqueAccount, uniqueMobile, uniqueName } from './unique.js';

/** The platform operator of the demo data. */
export const platformAccount = { username: 'platform', password: 'Platform@2026' } as const;

/**
 * A new agent created by the platform (`platformToken`), with its first administrator: a name,
 * account and mobile of this attempt's own; `password` signs its administrator in (he changed the
 * one the platform gave him to it, as the first sign-in asks).
 */
export const createAgent = async (
  platformToken: string,
  opts: { namePrefix: string; accountPrefix: string; password: string },
): Promise<TAgent & { name: string; username: string }> => {
  const name = uniqueName(opts.namePrefix, '代理有限公司');
  const username = uniqueAccount(opts.accountPrefix);
  const given = 'Given@2026x';
  const agent = await call(
    agentRoutes.platformAgentCreate,
    { name, contactName: '代理经理', mobile: uniqueMobile(), username, password: given },
    platformToken,
  );
  await call(
    authRoutes.updatePassword,
    { oldPassword: given, newPassword: opts.password },
    await login(username, given),
  );
  return { ...agent, name, username };
};

export type TRegistered = { id: number; name: string; username: string; mobile: string; password: string };
type TRegistration = { namePrefix: string; accountPrefix: string; password: string; inviteCode?: string };

/**
 * An enterprise that registered itself with an SMS code (and the agent's `inviteCode`, if given),
 * waiting for the platform's approval: its name, administrator and mobile are this attempt's own.
 */
export const signUpEnterprise = async (opts: TRegistration): Promise<Omit<TRegistered, 'id'>> => {
  const name = uniqueName(opts.namePrefix, '科技有限公司');
  const username = uniqueAccount(opts.accountPrefix);
  const mobile = uniqueMobile();
  await call(authRoutes.sendCode, { mobile, type: 'signup' });
  await call(authRoutes.signup, {
    enterpriseName: name,
    realName: '企业老板',
    username,
    mobile,
    code: await lastSmsCode(mobile),
    password: opts.password,
    ...(opts.inviteCode ? { inviteCode: opts.inviteCode } : {}),
  });
  return { name, username, mobile, password: opts.password };
};

/** An enterprise that signed up (as `signUpEnterprise`) and that the platform approved. */
export const registerEnterprise = async (platformToken: string, opts: TRegistration): Promise<TRegistered> => {
  const signedUp = await signUpEnterprise(opts);
  const found = await call(platformRoutes.enterprisePage, { page: 1, limit: 10, name: signedUp.name }, platformToken);
  const id = found.records.find((e) => e.name === signedUp.name)!.id;
  await call(platformRoutes.examine, { id, pass: true, reason: '' }, platformToken);
  return { id, ...signedUp };
};

/** An enterprise registered and approved (as `registerEnterprise`, the platform signing in for it), and its administrator's token. */
export const approvedEnterprise = async (opts: TRegistration): Promise<{ firm: TRegistered; token: string }> => {
  const firm = await registerEnterprise(await login(platformAccount.username, platformAccount.password), opts);
  return { firm, token: await login(firm.username, firm.password) };
};

/** Pays an order through the sandbox channel's page, as the phone would, and waits until the server has it paid. */
export const payInSandbox = async (orderNo: string, token: string): Promise<void> => {
  const qr = await call(tradeRoutes.generateQrCode, { orderNo }, token);
  await call(sandboxPayAct, { t: qr.outTradeNo, action: 'pay' });
  for (let i = 0; ; i++) {
    const paid = await call(tradeRoutes.findPayResult, { orderNo }, token);
    if (paid.state === 'paid') return;
    if (i > 30) throw new Error(`order ${orderNo} stayed ${paid.state}`);
    await new Promise((done) => setTimeout(done, 500));
  }
};
