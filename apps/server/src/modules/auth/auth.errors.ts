import { defineErrors } from '../../http/errors.js';

/**
 * Sign-in, SMS codes, registration and passwords. The texts are shown as they are (the sign-in
 * page, e2e and the limits' tests match them); limits: docs/decisions/0009-sign-in-limits.md.
 */
export const authErrors = defineErrors('auth', {
  /** One source locked out of one account. */
  sourceLocked: ['conflict', (minutes: number) => `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`],
  sourceTooFrequent: ['conflict', '登录尝试过于频繁，请稍后再试'],
  accountLocked: [
    'conflict',
    (minutes: number) => `该账号登录失败次数过多，已暂时锁定，请${minutes}分钟后再试或使用短信验证码登录`,
  ],
  smsGap: ['conflict', (seconds: number) => `验证码发送过于频繁，请${seconds}秒后再试`],
  smsDayLimit: ['conflict', '该手机号今日验证码次数已达上限，请明天再试'],
  smsSourceLimit: ['conflict', '验证码请求过于频繁，请稍后再试'],
  smsGuessLimit: ['conflict', '验证码尝试过于频繁，请稍后再试'],
  codeExpired: ['invalid', '验证码已失效，请重新获取'],
  codeWrong: ['invalid', '验证码不正确'],
  samePassword: ['invalid', '新密码不能与原密码相同'],
  enterprisePending: ['conflict', '企业注册正在审核中，审核通过后即可登录'],
  enterpriseRejected: ['conflict', (reason: string) => `企业注册未通过审核${reason ? `：${reason}` : ''}`],
  enterpriseClosed: ['conflict', '企业已停用，请联系平台客服'],
  accountPending: ['conflict', '账号正在审核中，请联系企业管理员'],
  accountDisabled: ['conflict', '账号已停用，请联系企业管理员'],
  accountRejected: ['conflict', '账号申请未通过，请联系企业管理员'],
  accountUnusable: ['conflict', '账号不可用，请联系企业管理员'],
  wrongPassword: ['conflict', '账号或密码错误'],
  usernameTaken: ['conflict', '该账号已被使用'],
  mobileRegistered: ['conflict', '该手机号已注册，请直接登录'],
  oldPasswordWrong: ['invalid', '原密码不正确'],
  wrongOldPassword: ['conflict', '账号或原密码错误'],
  sameMobile: ['conflict', '新手机号不能与当前手机号相同'],
  mobileTaken: ['conflict', '该手机号已被其他账号使用'],
  notOwnMobile: ['invalid', '请填写本账号绑定的手机号'],
  qrInvalid: ['invalid', '二维码无效，请刷新'],
  qrUsed: ['invalid', '二维码已使用，请刷新'],
  wechatTaken: ['conflict', '该微信已绑定其他账号'],
  qrExpired: ['invalid', '二维码已失效'],
  qrScanned: ['conflict', '二维码已被扫描'],
  devSmsOff: ['invalid', '开发短信不可用'],
});
