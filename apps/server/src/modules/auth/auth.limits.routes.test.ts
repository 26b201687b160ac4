import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { smsCodes } from './auth.schema.js';
import { authLimits } from './auth.service.js';

const r = routeTables.auth;
const info = routeTables.org.userInfo;

/** Sign-in and SMS limits under concurrency, lock-out by strangers, small auth leaks. */
describe('sign-in limits', () => {
  let t: TTestApp;
  beforeAll(async () => {
    // Parallel guesses are the point here, not the admission gate: every one of them must reach the check.
    t = await startTestApp({ env: { HTTP_MAX_IN_FLIGHT: '1000' } });
  });
  afterAll(() => t.close());

  const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');
  /** A password answer that means the password was really compared. */
  const wasChecked = (body: { code: number; msg: string }) => body.code === 0 || body.msg === '账号或密码错误';

  describe('password', () => {
    it('checks at most the limit of 60 concurrent wrong passwords from one source', async () => {
      const ip = '10.210.0.1';
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          t.call(r.login, { username: 'agent02', password: `Wrong${i}x` }, null, ip),
        ),
      );
      const checked = answers.filter((a) => wasChecked(a.body)).length;
      expect(checked).toBeLessThanOrEqual(authLimits.sourceAccountTries);
      expect(answers.map((a) => a.body.msg)).toContain('密码错误次数过多，账号已锁定，请15分钟后再试');
    });

    it('does not sign in with the right password sent among 30 wrong ones once the limit is reached', async () => {
      const ip = '10.210.0.2';
      const answers = await Promise.all([
        ...Array.from({ length: 30 }, (_, i) =>
          t.call(r.login, { username: 'agent03', password: `Wrong${i}x` }, null, ip),
        ),
        t.call(r.login, { username: 'agent03', password: 'Agent@2026' }, null, ip),
      ]);
      expect(answers.filter((a) => wasChecked(a.body)).length).toBeLessThanOrEqual(authLimits.sourceAccountTries);
      // Whatever order they ran in, the limit is reached now: the right password is refused.
      const after = await t.call(r.login, { username: 'agent03', password: 'Agent@2026' }, null, ip);
      expect(after.body.msg).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
    });

    it('counts the account name and its mobile as one account', async () => {
      const ip = '10.210.0.3';
      for (let i = 0; i < 3; i++) await t.call(r.login, { username: 'AGENT04', password: `Wrong${i}x` }, null, ip);
      for (let i = 0; i < 2; i++) await t.call(r.login, { username: '13900000006', password: `Wrong${i}y` }, null, ip);
      const right = await t.call(r.login, { username: 'agent04', password: 'Agent@2026' }, null, ip);
      expect(right.body.msg).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
    });

    it("a stranger's five wrong tries do not lock the real user out from his own address", async () => {
      const stranger = '10.210.0.4';
      for (let i = 0; i < 5; i++)
        await t.call(r.login, { username: 'agent05', password: `Wrong${i}x` }, null, stranger);
      const locked = await t.call(r.login, { username: 'agent05', password: 'Agent@2026' }, null, stranger);
      expect(locked.body.msg).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
      const owner = await t.call(r.login, { username: 'agent05', password: 'Agent@2026' }, null, '10.210.0.5');
      expect(owner.body.code).toBe(0);
    });

    it('stops guesses spread over many sources at the per-account ceiling', async () => {
      const answers = await Promise.all(
        Array.from({ length: authLimits.accountTries + 20 }, (_, i) =>
          t.call(
            r.login,
            { username: 'agent06', password: `Wrong${i}x` },
            null,
            `10.211.${Math.floor(i / 200)}.${i % 200}`,
          ),
        ),
      );
      expect(answers.filter((a) => wasChecked(a.body)).length).toBeLessThanOrEqual(authLimits.accountTries);
      const elsewhere = await t.call(r.login, { username: 'agent06', password: 'Agent@2026' }, null, '10.212.0.1');
      expect(elsewhere.body.msg).toContain('该账号登录失败次数过多');
    }, 60_000);

    it('limits the old-password change like the sign-in', async () => {
      const ip = '10.210.0.6';
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.call(
            r.updatePasswordByOld,
            { username: 'manager', oldPassword: `Wrong${i}x`, newPassword: 'Zhao@2030' },
            null,
            ip,
          ),
        ),
      );
      expect(answers.filter((a) => a.body.msg === '账号或原密码错误').length).toBeLessThanOrEqual(
        authLimits.sourceAccountTries,
      );
    });

    it('limits the signed-in password change like the sign-in: 8 sequential and 40 parallel guesses, then the right one', async () => {
      const ip = '10.210.0.7';
      const token = (await t.call(r.login, { username: 'admin', password: 'Admin@2026' }, null, ip)).body.data.token;
      const guess = (oldPassword: string) =>
        t.call(r.updatePassword, { oldPassword, newPassword: 'Guess@2030x' }, token, ip);
      const answers = [];
      for (let i = 0; i < 8; i++) answers.push(await guess(`Wrong${i}x`));
      answers.push(...(await Promise.all(Array.from({ length: 40 }, (_, i) => guess(`Parallel${i}x`)))));
      expect(answers.filter((a) => a.body.msg === '原密码不正确').length).toBe(authLimits.sourceAccountTries);
      const right = await guess('Admin@2026');
      expect(right.body.msg).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
      // Not changed: a change would have ended this session.
      expect((await t.call(info, undefined, token)).body.code).toBe(0);
    });

    it('counts the signed-in change, the old-password change and the sign-in as one', async () => {
      const ip = '10.210.0.8';
      const token = (await t.call(r.login, { username: 'agent04', password: 'Agent@2026' }, null, ip)).body.data.token;
      for (let i = 0; i < 2; i++)
        await t.call(r.updatePassword, { oldPassword: `Wrong${i}x`, newPassword: 'Guess@2030x' }, token, ip);
      for (let i = 0; i < 2; i++)
        await t.call(
          r.updatePasswordByOld,
          { username: 'agent04', oldPassword: `Wrong${i}y`, newPassword: 'Guess@2030x' },
          null,
          ip,
        );
      await t.call(r.login, { username: 'agent04', password: 'Wrong9z' }, null, ip);
      const right = await t.call(r.login, { username: 'agent04', password: 'Agent@2026' }, null, ip);
      expect(right.body.msg).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
    });
  });

  describe('SMS codes', () => {
    it('checks at most the try limit of 1,000 concurrent guesses, and the right code after them is refused', async () => {
      const mobile = '13900000004';
      expect((await t.call(r.sendCode, { mobile, type: 'login' }, null, t.freshIp())).body.code).toBe(0);
      const code = await t.smsCode(mobile);
      const answers = await Promise.all(
        Array.from({ length: 1000 }, (_, i) =>
          t.call(r.loginBySms, { mobile, code: wrongOf(code) }, null, `10.220.${Math.floor(i / 200)}.${i % 200}`),
        ),
      );
      expect(answers.filter((a) => a.body.msg === '验证码不正确').length).toBeLessThanOrEqual(authLimits.smsMaxTries);
      const [row] = await t.database.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile));
      expect(row!.attempts).toBeLessThanOrEqual(authLimits.smsMaxTries);
      const right = await t.call(r.loginBySms, { mobile, code }, null, t.freshIp());
      expect(right.body).toMatchObject({ code: 10002, msg: '验证码已失效，请重新获取' });
    }, 120_000);

    it('stops a source guessing codes of many mobiles', async () => {
      const ip = '10.221.0.1';
      const answers = [];
      for (let i = 0; i <= authLimits.smsGuessesPerIpPerHour; i++) {
        answers.push(
          (await t.call(r.loginBySms, { mobile: `1371111${String(i).padStart(4, '0')}`, code: '123456' }, null, ip))
            .body,
        );
      }
      expect(answers.at(-1)).toMatchObject({ code: 10056, msg: '验证码尝试过于频繁，请稍后再试' });
      // Another source is not stopped by it.
      const other = await t.call(r.loginBySms, { mobile: '13711119999', code: '123456' }, null, t.freshIp());
      expect(other.body.msg).not.toBe('验证码尝试过于频繁，请稍后再试');
    });

    it('sends one code per 60 seconds even to concurrent requests', async () => {
      const mobile = '13900000005';
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.call(r.sendCode, { mobile, type: 'login' }, null, t.freshIp())),
      );
      expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
      expect(await t.database.db.select().from(smsCodes).where(eq(smsCodes.mobile, mobile))).toHaveLength(1);
    });

    it('answers the same for a mobile nobody has, which never gets a code that works', async () => {
      const known = '13900000009';
      const unknown = '13311112222';
      const sentKnown = await t.call(r.sendCode, { mobile: known, type: 'login' }, null, t.freshIp());
      const sentUnknown = await t.call(r.sendCode, { mobile: unknown, type: 'login' }, null, t.freshIp());
      expect(sentUnknown.body).toEqual(sentKnown.body);
      expect(await t.smsCode(unknown)).toBe('');
      const code = await t.smsCode(known);
      const wrongKnown = await t.call(r.loginBySms, { mobile: known, code: wrongOf(code) }, null, t.freshIp());
      const wrongUnknown = await t.call(r.loginBySms, { mobile: unknown, code: '123456' }, null, t.freshIp());
      expect(wrongUnknown.body).toEqual(wrongKnown.body);
      const none = await t.call(r.loginBySms, { mobile: '13311113333', code: '123456' }, null, t.freshIp());
      const resetUnknown = await t.call(
        r.updatePasswordBySms,
        { mobile: '13311113333', code: '123456', newPassword: 'Abc@12345' },
        null,
        t.freshIp(),
      );
      expect(none.body).toMatchObject({ code: 10002, msg: '验证码已失效，请重新获取', data: null });
      expect(resetUnknown.body).toEqual(none.body);
    });
  });

  describe('sessions and the token cookie', () => {
    it('does not revive the sessions of a closed enterprise when it is opened again', async () => {
      const platform = await t.loginAs.platform();
      const agent = await t.loginAs.agent();
      const demo = (await t.call(routeTables.platform.enterprisePage, { page: 1, limit: 10, name: '演示' }, platform))
        .body.data.records[0]!;
      const set = (status: 'active' | 'closed') =>
        t.call(
          routeTables.platform.setStatus,
          { id: demo.id, status, reason: status === 'closed' ? '欠费' : '' },
          platform,
        );
      expect((await set('closed')).body.code).toBe(0);
      expect((await set('active')).body.code).toBe(0);
      expect((await t.call(info, undefined, agent)).body.code).toBe(401);
      expect((await t.call(info, undefined, await t.loginAs.agent())).body.code).toBe(0);
    });

    it('sets the token as an HttpOnly cookie at sign-in, with a readable mark, and clears both at logout', async () => {
      const res = await t.call(r.login, { username: 'agent01', password: 'Agent@2026' }, null, t.freshIp());
      const [token, mark] = res.headers['set-cookie'] as string[];
      expect(token).toMatch(
        new RegExp(`^CLOUD_TOKEN=${res.body.data.token}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Strict$`),
      );
      expect(Number(token!.match(/Max-Age=(\d+)/)![1])).toBeGreaterThan(12 * 3600 - 60);
      expect(mark).toMatch(/^CLOUD_SESSION=1; Path=\/; Max-Age=\d+; SameSite=Strict$/);
      // The cookie alone opens the session (a new tab sends no header).
      const me = await t.app.inject({ method: 'POST', url: info.path, headers: { cookie: token!.split(';')[0]! } });
      expect(me.json().code).toBe(0);
      const out = await t.call(r.ssoLogout, {}, res.body.data.token);
      const cleared = out.headers['set-cookie'] as string[];
      expect(cleared[0]).toMatch(/^CLOUD_TOKEN=; Path=\/; Max-Age=0; HttpOnly/);
      expect(cleared[1]).toMatch(/^CLOUD_SESSION=; Path=\/; Max-Age=0/);
    });

    it('sets the cookie on SMS sign-in too', async () => {
      const mobile = '13900000008';
      await t.call(r.sendCode, { mobile, type: 'login' }, null, t.freshIp());
      const res = await t.call(r.loginBySms, { mobile, code: await t.smsCode(mobile) }, null, t.freshIp());
      expect(String(res.headers['set-cookie'])).toContain(`CLOUD_TOKEN=${res.body.data.token}; Path=/;`);
    });
  });
});
