import type { authRoutes } from '@yunhu/contract';
import type { TDevOutbox } from '../../adapters/sms.js';
import type { THandlers } from '../../http/bind.js';
import { invalid } from '../../http/errors.js';
import type { TAuthService } from './auth.service.js';
import { clearSessionCookie, withSessionCookie } from './session-cookie.js';

export const authHandlers = (auth: TAuthService, outbox: TDevOutbox | null): THandlers<typeof authRoutes> => ({
  login: async ({ input, ip, req, reply, setAuditSubject }) =>
    withSessionCookie(req, reply, await auth.login(input, ip, setAuditSubject)),
  sendCode: ({ input, ip }) => auth.sendCode(input.mobile, input.type, ip),
  loginBySms: async ({ input, ip, req, reply, setAuditSubject }) =>
    withSessionCookie(req, reply, await auth.loginBySms(input, ip, setAuditSubject)),
  ssoLogout: async (ctx) => clearSessionCookie(ctx.req, ctx.reply, await auth.logout(ctx.auth)),
  baseLogout: async (ctx) => clearSessionCookie(ctx.req, ctx.reply, await auth.logout(ctx.auth)),
  signup: ({ input, ip, setAuditSubject }) => auth.signup(input, ip, setAuditSubject),
  updatePassword: (ctx) => auth.updatePassword(ctx.auth, ctx.input),
  updatePasswordBySms: ({ input, ip, setAuditSubject }) => auth.updatePasswordBySms(input, ip, setAuditSubject),
  updatePasswordByOld: ({ input, ip, setAuditSubject }) => auth.updatePasswordByOld(input, ip, setAuditSubject),
  wechatTicket: (ctx) =>
    auth.wechatTicket(ctx.auth, ctx.input.purpose, `${ctx.req.protocol}://${ctx.req.headers.host ?? ctx.req.hostname}`),
  wechatQrLogin: async ({ input, ip, req, reply, setAuditSubject }) =>
    withSessionCookie(req, reply, await auth.wechatQrLogin(input.ticket, ip, setAuditSubject)),
  wechatUnbind: (ctx) => auth.wechatUnbind(ctx.auth),
  sendCaptcha: (ctx) => auth.sendCaptcha(ctx.auth, ctx.input, ctx.ip),
  devSmsLast: async ({ input }) => {
    if (!outbox) throw invalid('开发短信不可用');
    return outbox.get(input.mobile) ?? null;
  },
  devWechatScan: ({ input }) => auth.devWechatScan(input),
});
