import { routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { hashToken } from '../../security/password.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { users } from '../org/org.schema.js';
import { sessions, smsCodes } from './auth.schema.js';

const r = routeTables.auth;
const info = routeTables.org.userInfo;

describe('auth endpoints', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('password sign-in', () => {
    it('signs in with the account or the mobile and the token opens the session', async () => {
      const byAccount = await t.call(r.login, { username: 'ADMIN', password: 'Admin@2026' }, null, t.freshIp());
      expect(byAccount.body.code).toBe(0);
      expect(byAccount.body.data.token.length).toBeGreaterThanOrEqual(22);
      const byMobile = await t.call(r.login, { username: '13900000002', password: 'Manager@2026' }, null, t.freshIp());
      expect(byMobile.body.code).toBe(0);
      const me = await t.call(info, undefined, byMobile.body.data.token);
      expect(me.body.data).toMatchObject({ username: 'manager', realName: '李娜', enterpriseName: '演示科技有限公司' });
    });

    it('stores only a hash of the token, with an expiry', async () => {
      const token = await t.loginAs.agent();
      const [row] = await t.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect(row).toBeDefined();
      expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
      const raw = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
      expect(raw).toHaveLength(0);
    });

    it('refuses a wrong password and an unknown account with the same message', async () => {
      const wrong = await t.call(r.login, { username: 'agent02', password: 'nope' }, null, t.freshIp());
      const unknown = await t.call(r.login, { username: 'nobody', password: 'nope' }, null, t.freshIp());
      expect(wrong.body).toMatchObject({ code: 10056, msg: '账号或密码错误', data: null });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('locks an account out of one source after five failures, even with the right password', async () => {
      const ip = t.freshIp();
      for (let i = 0; i < 5; i++) await t.call(r.login, { username: 'agent03', password: `bad${i}` }, null, ip);
      const locked = await t.call(r.login, { username: 'agent03', password: 'Agent@2026' }, null, ip);
      expect(locked.body.code).toBe(10056);
      expect(locked.body.msg).toContain('账号已锁定');
    });

    it('limits failures per IP address across accounts', async () => {
      const ip = '10.200.0.1';
      for (let i = 0; i < 30; i++) await t.call(r.login, { username: `ghost${i}`, password: 'x' }, null, ip);
      const res = await t.call(r.login, { username: 'agent04', password: 'Agent@2026' }, null, ip);
      expect(res.body).toMatchObject({ code: 10056, msg: '登录尝试过于频繁，请稍后再试' });
      const elsewhere = await t.call(r.login, { username: 'agent04', password: 'Agent@2026' }, null, t.freshIp());
      expect(elsewhere.body.code).toBe(0);
    });

    it('names the missing field of a malformed sign-in', async () => {
      const res = await t.request('POST', '/sso/login', { body: { username: 'admin' } });
      expect(res.body).toMatchObject({ code: 10002, msg: '请输入密码', data: null });
    });

    it('accepts the token from the CLOUD_TOKEN cookie', async () => {
      const token = await t.loginAs.agent();
      const res = await t.app.inject({
        method: 'POST',
        url: info.path,
        headers: { cookie: `a=1; CLOUD_TOKEN=${token}` },
      });
      expect(res.json().code).toBe(0);
    });
  });

  describe('sessions', () => {
    it('revokes the token on logout, on both logout paths', async () => {
      for (const route of [r.ssoLogout, r.baseLogout]) {
        const token = await t.loginAs.agent();
        expect((await t.call(route, {}, token)).body.code).toBe(0);
        expect((await t.call(info, undefined, token)).body.code).toBe(401);
      }
    });

    it('answers 401 with the expired-login message once a token has expired', async () => {
      const token = await t.loginAs.agent();
      await t.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashToken(token)));
      expect((await t.call(info, undefined, token)).body).toEqual({
        code: 401,
        msg: '登录已过期，请重新登录',
        data: null,
        reason: 'common.unauthorized',
      });
    });

    it("stops a disabled user's tokens at once", async () => {
      const token = await t.login('agent05', 'Agent@2026');
      await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.username, 'agent05'));
      expect((await t.call(info, undefined, token)).body.code).toBe(401);
      const again = await t.call(r.login, { username: 'agent05', password: 'Agent@2026' }, null, t.freshIp());
      expect(again.body.msg).toBe('账号已停用，请联系企业管理员');
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.username, 'agent05'));
    });
  });

  describe('SMS codes', () => {
    it('signs in with a code that works once', async () => {
      const mobile = '13900000003';
      expect((await t.call(r.sendCode, { mobile, type: 'login' }, null, t.freshIp())).body.code).toBe(0);
      const code = await t.smsCode(mobile);
      expect(code).toMatch(/^\d{6}$/);
      const ok = await t.call(r.loginBySms, { mobile, code });
      expect(ok.body.code).toBe(0);
      expect((await t.call(info, undefined, ok.body.data.token)).body.data.username).toBe('agent01');
      const replay = await t.call(r.loginBySms, { mobile, code });
      expect(replay.body).toMatchObject({ code: 10002, msg: '验证码已失效，请重新获取' });
    });

    it('refuses a second code within 60 seconds, a wrong code and an expired code', async () => {
      const mobile = '13900000006';
      await t.call(r.sendCode, { mobile, type: 'login' }, null, t.freshIp());
      const again = await t.call(r.sendCode, { mobile, type: 'login' }, null, t.freshIp());
      expect(again.body).toMatchObject({ code: 10056, msg: '验证码发送过于频繁，请60秒后再试' });
      const code = await t.smsCode(mobile);
      const wrong = await t.call(r.loginBySms, { mobile, code: code === '000000' ? '111111' : '000000' });
      expect(wrong.body).toMatchObject({ code: 10002, msg: '验证码不正确' });
      await t.database.db
        .update(smsCodes)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(smsCodes.mobile, mobile));
      expect((await t.call(r.loginBySms, { mobile, code })).body.msg).toBe('验证码已失效，请重新获取');
    });

    it('kills a code after five wrong tries', async () => {
      const mobile = '13900000007';
      await t.call(r.sendCode, { mobile, type: 'login' }, null, t.freshIp());
      const code = await t.smsCode(mobile);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) await t.call(r.loginBySms, { mobile, code: wrong });
      expect((await t.call(r.loginBySms, { mobile, code })).body.msg).toBe('验证码已失效，请重新获取');
    });

    it('limits codes per IP address', async () => {
      const ip = '10.201.0.1';
      let last = { code: 0, msg: '' };
      for (let i = 0; i < 21; i++) {
        last = (await t.call(r.sendCode, { mobile: `1370000${String(i).padStart(4, '0')}`, type: 'login' }, null, ip))
          .body;
      }
      expect(last).toMatchObject({ code: 10056, msg: '验证码请求过于频繁，请稍后再试' });
    });

    it('refuses SMS sign-in for a mobile nobody has without saying so', async () => {
      const res = await t.call(r.loginBySms, { mobile: '13311112222', code: '123456' });
      expect(res.body).toMatchObject({ code: 10002, msg: '验证码已失效，请重新获取' });
    });

    it('validates the mobile', async () => {
      const res = await t.call(r.sendCode, { mobile: '12345', type: 'login' });
      expect(res.body).toMatchObject({ code: 10002, msg: '手机号格式不正确', data: null });
    });
  });

  describe('registration', () => {
    it('creates a pending enterprise whose administrator may not sign in yet', async () => {
      const mobile = '13512345678';
      await t.call(r.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
      const code = await t.smsCode(mobile);
      const form = {
        enterpriseName: '杭州新启网络科技有限公司',
        realName: '钱多多',
        username: 'qianduoduo',
        mobile,
        code,
        password: 'Qian@2026',
      };
      const res = await t.call(r.signup, form);
      expect(res.body.code).toBe(0);
      expect(res.body.data.status).toBe('pending');
      const login = await t.call(r.login, { username: 'qianduoduo', password: 'Qian@2026' }, null, t.freshIp());
      expect(login.body).toMatchObject({ code: 10056, msg: '企业注册正在审核中，审核通过后即可登录' });
      const twice = await t.call(r.signup, { ...form, mobile: '13512345679' });
      expect(twice.body).toMatchObject({ code: 10056, msg: '该账号已被使用' });
    });

    it('refuses registration without a valid code and writes nothing', async () => {
      const countTenants = async () => rowsOf(await t.database.db.execute(sql`select count(*)::int as n from tenants`));
      const before = await countTenants();
      const res = await t.call(r.signup, {
        enterpriseName: '无码公司',
        realName: '测试',
        username: 'nocode',
        mobile: '13512340000',
        code: '123456',
        password: 'Nocode@2026',
      });
      expect(res.body.code).toBe(10002);
      expect(await countTenants()).toEqual(before);
    });

    it('checks the password strength', async () => {
      const res = await t.call(r.signup, {
        enterpriseName: '弱密码公司',
        realName: '测试',
        username: 'weakpw',
        mobile: '13512340001',
        code: '123456',
        password: 'abcdefgh',
      });
      expect(res.body).toMatchObject({ code: 10002, msg: '密码需同时包含字母和数字' });
    });
  });

  describe('password changes', () => {
    it('changes the password with the old one and ends every session', async () => {
      const first = await t.login('agent06', 'Agent@2026');
      const second = await t.login('agent06', 'Agent@2026');
      const wrong = await t.call(r.updatePassword, { oldPassword: 'bad', newPassword: 'Zhou@2027' }, first);
      expect(wrong.body).toMatchObject({ code: 10002, msg: '原密码不正确' });
      const ok = await t.call(r.updatePassword, { oldPassword: 'Agent@2026', newPassword: 'Zhou@2027' }, first);
      expect(ok.body.code).toBe(0);
      expect((await t.call(info, undefined, first)).body.code).toBe(401);
      expect((await t.call(info, undefined, second)).body.code).toBe(401);
      expect(
        (await t.call(r.login, { username: 'agent06', password: 'Agent@2026' }, null, t.freshIp())).body.code,
      ).toBe(10056);
      await t.login('agent06', 'Zhou@2027');
    });

    it('changes the password by the old one without a session', async () => {
      const ok = await t.call(
        r.updatePasswordByOld,
        { username: 'agent06', oldPassword: 'Zhou@2027', newPassword: 'Zhou@2028' },
        null,
        t.freshIp(),
      );
      expect(ok.body.code).toBe(0);
      const bad = await t.call(
        r.updatePasswordByOld,
        { username: 'agent06', oldPassword: 'Zhou@2027', newPassword: 'Zhou@2029' },
        null,
        t.freshIp(),
      );
      expect(bad.body).toMatchObject({ code: 10056, msg: '账号或原密码错误' });
    });

    it('resets a forgotten password with an SMS code', async () => {
      const mobile = '13900000008';
      await t.call(r.sendCode, { mobile, type: 'reset' }, null, t.freshIp());
      const code = await t.smsCode(mobile);
      const res = await t.call(r.updatePasswordBySms, { mobile, code, newPassword: 'Zhou@2030' });
      expect(res.body.code).toBe(0);
      await t.login('agent06', 'Zhou@2030');
      // A login code is not a reset code.
      await t.database.db.delete(smsCodes).where(eq(smsCodes.mobile, mobile));
      await t.call(r.sendCode, { mobile, type: 'login' }, null, t.freshIp());
      const other = await t.call(r.updatePasswordBySms, {
        mobile,
        code: await t.smsCode(mobile),
        newPassword: 'Zhou@2031',
      });
      expect(other.body.msg).toBe('验证码已失效，请重新获取');
    });
  });

  describe('WeChat QR sign-in (development provider)', () => {
    it('binds a WeChat identity, signs in with it, and unbinds it', async () => {
      const agent = await t.loginAs.agent();
      const openid = `wx-test-${Date.now()}`;
      // Nobody has this WeChat yet.
      const first = await t.call(r.wechatTicket, { purpose: 'login' });
      expect(first.body.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
      expect((await t.call(r.wechatQrLogin, { ticket: first.body.data.ticket })).body.data.status).toBe('waiting');
      await t.call(r.devWechatScan, { ticket: first.body.data.ticket, openid, nickname: '测试' });
      expect((await t.call(r.wechatQrLogin, { ticket: first.body.data.ticket })).body.data.status).toBe('unbound');

      expect((await t.call(r.wechatTicket, { purpose: 'bind' })).body.code).toBe(401);
      const bind = await t.call(r.wechatTicket, { purpose: 'bind' }, agent);
      await t.call(r.devWechatScan, { ticket: bind.body.data.ticket, openid, nickname: '测试' });
      expect((await t.call(r.wechatQrLogin, { ticket: bind.body.data.ticket })).body.data.status).toBe('bound');
      expect((await t.call(info, undefined, agent)).body.data.wechatBound).toBe(true);

      const login = await t.call(r.wechatTicket, { purpose: 'login' });
      await t.call(r.devWechatScan, { ticket: login.body.data.ticket, openid, nickname: '测试' });
      const done = await t.call(r.wechatQrLogin, { ticket: login.body.data.ticket });
      expect(done.body.data.status).toBe('confirmed');
      expect((await t.call(info, undefined, done.body.data.token!)).body.data.username).toBe('agent01');
      const replay = await t.call(r.wechatQrLogin, { ticket: login.body.data.ticket });
      expect(replay.body.msg).toBe('二维码已使用，请刷新');

      expect((await t.call(r.wechatUnbind, {}, agent)).body.code).toBe(0);
      expect((await t.call(info, undefined, agent)).body.data.wechatBound).toBe(false);
    });

    it('refuses a ticket scanned twice', async () => {
      const ticket = (await t.call(r.wechatTicket, { purpose: 'login' })).body.data.ticket;
      await t.call(r.devWechatScan, { ticket, openid: 'wx-a', nickname: 'a' });
      const second = await t.call(r.devWechatScan, { ticket, openid: 'wx-b', nickname: 'b' });
      expect(second.body).toMatchObject({ code: 10056, msg: '二维码已被扫描' });
    });
  });

  describe('captcha for a signed-in user', () => {
    it('sends a phone-change code only to a mobile nobody uses', async () => {
      const token = await t.loginAs.manager();
      const taken = await t.call(r.sendCaptcha, { mobile: '13900000001', type: 'phone' }, token);
      expect(taken.body).toMatchObject({ code: 10056, msg: '该手机号已被其他账号使用' });
      const own = await t.call(r.sendCaptcha, { mobile: '13900000002', type: 'phone' }, token);
      expect(own.body.msg).toBe('新手机号不能与当前手机号相同');
      const fresh = await t.call(r.sendCaptcha, { mobile: '13612345678', type: 'phone' }, token, t.freshIp());
      expect(fresh.body.code).toBe(0);
    });
  });
});
