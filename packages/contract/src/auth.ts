import { z } from 'zod';
import { ZEmpty, ZMobile, ZMobileCode, ZNull, ZPassword, ZSmsCode, zBoolean, zInt, zString } from './http.js';
import { ZAccount, ZContactName } from './org-common.js';
import { routesOf } from './route.js';

const route = routesOf('auth');

export const ZSmsPurpose = z.enum(['login', 'signup', 'reset', 'phone'], { error: '验证码用途不正确' });
export type TSmsPurpose = z.infer<typeof ZSmsPurpose>;

export const ZLoginResult = z.object({
  token: zString,
  expire: zInt,
  /** Someone else set the password: change it before anything else. */
  mustChangePassword: zBoolean,
});

/**
 * What a session whose password must be changed may still do: read who it is, change
 * the password, sign out. Every other signed-in route answers `common.passwordChangeRequired`.
 */
export const passwordChangeOpenPaths: readonly string[] = [
  '/sso/update-password',
  '/sso/logout',
  '/base/logout',
  '/base/sys/user/get-user-info',
];

export const ZWechatTicket = z.object({
  ticket: zString,
  qrDataUrl: zString,
  scanUrl: zString,
  expireAt: z.number(),
});
export const ZWechatStatus = z.enum(['waiting', 'scanned', 'confirmed', 'bound', 'unbound', 'expired']);

const ZUsername = z.string({ error: '请输入账号或手机号' }).trim().min(1, '请输入账号或手机号').max(64, '账号过长');
/** An enterprise and its first administrator: what signing up asks (with an SMS code) and the platform's 新建企业 (the platform sets the first password). */
export const ZEnterpriseCreate = z.object({
  enterpriseName: z
    .string({ error: '请输入企业名称' })
    .trim()
    .min(2, '企业名称至少2个字')
    .max(64, '企业名称最多64个字'),
  realName: ZContactName,
  mobile: ZMobile,
  username: ZAccount,
  password: ZPassword,
});
export type TEnterpriseCreate = z.infer<typeof ZEnterpriseCreate>;

export const authRoutes = {
  login: route({
    method: 'POST',
    path: '/sso/login',
    summary: '密码登录',
    access: 'public',
    audited: true,
    request: z.object({
      username: ZUsername,
      password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码过长'),
    }),
    response: ZLoginResult,
  }),
  sendCode: route({
    method: 'POST',
    path: '/sso/code',
    summary: '发送短信验证码',
    access: 'public',
    request: z.object({ mobile: ZMobile, type: ZSmsPurpose.default('login') }),
    response: z.object({ expireSeconds: zInt }),
  }),
  loginBySms: route({
    method: 'POST',
    path: '/sso/login-by-sms',
    summary: '短信登录',
    access: 'public',
    audited: true,
    request: ZMobileCode,
    response: ZLoginResult,
  }),
  ssoLogout: route({
    method: 'POST',
    path: '/sso/logout',
    summary: '退出登录',
    audited: true,
    request: ZEmpty.optional(),
    response: ZNull,
  }),
  baseLogout: route({
    method: 'POST',
    path: '/base/logout',
    summary: '退出登录',
    audited: true,
    request: ZEmpty.optional(),
    response: ZNull,
  }),
  signup: route({
    method: 'POST',
    path: '/sso/signup',
    summary: '企业注册',
    access: 'public',
    audited: true,
    // What the platform's 新建企业 asks, and the SMS code that proves the mobile.
    request: ZEnterpriseCreate.extend({
      code: ZSmsCode,
      /** An agent's invitation code: the enterprise belongs to that agent. */
      inviteCode: z
        .string({ error: '邀请码格式不正确' })
        .trim()
        .toUpperCase()
        .max(16, '邀请码格式不正确')
        .optional()
        .transform((v) => v || undefined),
    }),
    response: z.object({ tenantCode: zString, status: z.literal('pending') }),
  }),
  updatePassword: route({
    method: 'POST',
    path: '/sso/update-password',
    summary: '修改密码',
    audited: true,
    request: z.object({
      oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码'),
      newPassword: ZPassword,
    }),
    response: ZNull,
  }),
  updatePasswordBySms: route({
    method: 'POST',
    path: '/sso/update-password-by-sms',
    summary: '短信找回密码',
    access: 'public',
    audited: true,
    request: z.object({ mobile: ZMobile, code: ZSmsCode, newPassword: ZPassword }),
    response: ZNull,
  }),
  updatePasswordByOld: route({
    method: 'POST',
    path: '/sso/update-password-by-old',
    summary: '原密码修改密码',
    access: 'public',
    audited: true,
    request: z.object({
      username: ZUsername,
      oldPassword: z.string({ error: '请输入原密码' }).min(1, '请输入原密码'),
      newPassword: ZPassword,
    }),
    response: ZNull,
  }),
  wechatTicket: route({
    method: 'POST',
    path: '/sso/wechat/ticket',
    summary: '获取微信扫码凭证',
    access: 'public',
    request: z.object({ purpose: z.enum(['login', 'bind'], { error: '用途不正确' }).default('login') }),
    response: ZWechatTicket,
  }),
  wechatQrLogin: route({
    method: 'POST',
    path: '/sso/wechat/qrlogin',
    summary: '微信扫码登录',
    access: 'public',
    request: z.object({
      ticket: z.string({ error: '缺少扫码凭证' }).min(1, '缺少扫码凭证').max(64, '扫码凭证格式不正确'),
    }),
    response: z.object({
      status: ZWechatStatus,
      token: zString.optional(),
      expire: z.number().optional(),
      mustChangePassword: zBoolean.optional(),
    }),
  }),
  wechatUnbind: route({
    method: 'POST',
    path: '/sso/wechat/unbind',
    summary: '解绑微信',
    audited: true,
    request: ZEmpty.optional(),
    response: ZNull,
  }),
  sendCaptcha: route({
    method: 'GET',
    path: '/base/sendCaptcha',
    summary: '发送验证码',
    request: z.object({
      mobile: ZMobile,
      type: z.enum(['phone', 'password'], { error: '验证码用途不正确' }).default('phone'),
    }),
    response: z.object({ expireSeconds: zInt }),
  }),
  // Development adapters' hooks (never registered in production).
  devSmsLast: route({
    method: 'GET',
    path: '/dev/sms/last',
    summary: '查看开发短信',
    access: 'public',
    devOnly: true,
    request: z.object({ mobile: ZMobile }),
    response: z.object({ code: zString, purpose: zString, sentAt: z.number() }).nullable(),
  }),
  devWechatScan: route({
    method: 'POST',
    path: '/dev/wechat/scan',
    summary: '模拟微信扫码确认',
    access: 'public',
    devOnly: true,
    request: z.object({
      ticket: z.string().min(1).max(64),
      openid: z.string().trim().min(1, '请输入微信标识').max(64),
      nickname: z.string().trim().max(32).default('微信用户'),
    }),
    response: ZNull,
  }),
};
