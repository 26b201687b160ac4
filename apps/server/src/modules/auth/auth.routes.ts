import type { authRoutes } from '@yunhu/contract';
import type { TDevOutbox } from '../../adapters/sms.js';
import { detached, type THandlers } from '../../http/bind.js';
import { authErrors } from './auth.errors.js';
import type { TAuthService } from './auth.service.js';
import { clearSessionCookie, withSessionCookie } from './session-cookie.js';

export const authHandlers = (auth: TAuthService, outbox: TDevOutbox | null): THandlers<typeof authRoutes> => ({
  login: async ({ input, ip, req, reply, audit }) =>
    withSessionCookie(req, reply, await auth.login(input, ip, audit.setSubject)),
  sendCode: ({ input, ip }) => auth.sendCode(input.mobile, input.type, ip),
  loginBySms: async ({ input, ip, req, reply, audit }) =>
    withSessionCookie(req, reply, await auth.loginBySms(input, ip, audit.setSubject)),
  ssoLogout: async (ctx) => clearSessionCookie(ctx.req, ctx.reply, await auth.logout(ctx)),
  baseLogout: async (ctx) => clearSessionCookie(ctx.req, ctx.reply, await auth.logout(ctx)),
  signup: ({ input, ip, audit }) => auth.signup(input, ip, audit.setSubject),
  // The password limits count in statements of their own: a refusal must not roll a counted try back.
  updatePassword: detached((ctx) => auth.updatePassword(ctx.auth, ctx.input, ctx.ip)),
  updatePasswordBySms: ({ input, ip, audit }) => auth.updatePasswordBySms(input, ip, audit.setSubject),
  updatePasswordByOld: ({ input, ip, audit }) => auth.updatePasswordByOld(input, ip, audit.setSubject),
  wechatTicket: (ctx) =>
    auth.wechatTicket(ctx.auth, ctx.input.purpose, `${ctx.req.protocol}://${ctx.req.headers.host ?? ctx.req.hostname}`),
  wechatQrLogin: async ({ input, ip, req, reply, audit }) =>
    withSessionCookie(req, reply, await auth.wechatQrLogin(input.ticket, ip, audit.setSubject)),
  wechatUnbind: (ctx) => auth.wechatUnbind(ctx),
  // The SMS limits count in statements of their own: a refusal must not roll a counted try back.
  sendCaptcha: detached((ctx) => auth.sendCaptcha(ctx.auth, ctx.input, ctx.ip)),
  devSmsLast: async ({ input }) => {
    if (!outbox) throw authErrors.devSmsOff();
    return outbox.get(input.mobile) ?? null;
  },
  devWechatScan: ({ input }) => auth.devWechatScan(input),
});
