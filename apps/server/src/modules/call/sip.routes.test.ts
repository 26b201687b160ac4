import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { users } from '../org/org.schema.js';
import { seats } from '../seat/seat.schema.js';
import { sipHa1Path, sipSecretHeader } from './sip.routes.js';
import { sipHa1 } from './sip.service.js';
import { sipKit } from './sip.test-kit.js';

const { call } = routeTables;
const day = 86_400_000;

/** The soft-phone's SIP credentials: the line-config request and Kamailio's HA1 lookup. */
describe('soft-phone SIP credentials', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof sipKit>>;
  let admin: string;
  let manager: string;
  let agent: string;
  const { sip } = loadConfig({});

  beforeAll(async () => {
    t = await startTestApp();
    kit = await sipKit(t);
    [admin, manager, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.manager(), t.loginAs.agent()]);
  });
  afterAll(() => t.close());

  const lookup = (query: Record<string, string>, secret: string | null = sip.sharedSecret) =>
    t.app.inject({
      method: 'GET',
      url: sipHa1Path,
      query,
      headers: secret === null ? {} : { [sipSecretHeader]: secret },
    });

  describe('line-config at querySipPassword (lineId=2)', () => {
    it('issues a key and password to a user with a soft-phone seat, the same ones every time', async () => {
      const first = await t.call(call.lineConfig, { lineId: 2 }, manager);
      expect(first.body.code).toBe(0);
      const managerId = await kit.userId('manager');
      expect(first.body.data).toEqual({
        key: `e100001-${managerId}`,
        passWord: expect.stringMatching(/^[A-Za-z0-9]{24}$/),
        wsUrl: sip.wsUrl,
        realm: sip.realm,
      });
      const again = await t.call(call.lineConfig, { lineId: 2 }, manager);
      expect(again.body.data).toEqual(first.body.data);
      // Another agent gets his own key and password.
      const agent02 = await t.call(call.lineConfig, { lineId: 2 }, await t.login('agent02', 'Agent@2026'));
      expect(agent02.body.data.key).toBe(`e100001-${await kit.userId('agent02')}`);
      expect(agent02.body.data.passWord).not.toBe(first.body.data.passWord);
    });

    it('refuses a user without a soft-phone seat, and one whose seat is on another line', async () => {
      // The administrator holds no seat; agent01's seat is on the call-back line.
      for (const token of [admin, agent]) {
        const res = await t.call(call.lineConfig, { lineId: 2 }, token);
        expect(res.body).toMatchObject({ code: 10056, msg: '您没有可用的软电话坐席，请联系管理员分配', data: null });
      }
    });

    it('refuses once the seat has expired, is released or not yet started', async () => {
      const token = await t.login('agent04', 'Agent@2026');
      expect((await t.call(call.lineConfig, { lineId: 2 }, token)).body.code).toBe(0);
      const refusals = [
        { expireAt: new Date(Date.now() - 1000) },
        { status: 'released' },
        { startAt: new Date(Date.now() + day) },
      ];
      for (const change of refusals) {
        await kit.setSeat('agent04', change);
        const res = await t.call(call.lineConfig, { lineId: 2 }, token);
        expect(res.body.msg).toBe('您没有可用的软电话坐席，请联系管理员分配');
        await kit.setSeat('agent04', {
          status: 'active',
          startAt: new Date(Date.now() - day),
          expireAt: new Date(Date.now() + 30 * day),
        });
      }
      expect((await t.call(call.lineConfig, { lineId: 2 }, token)).body.code).toBe(0);
    });

    it('answers only the soft-phone line', async () => {
      const res = await t.call(call.lineConfig, { lineId: 0 }, manager);
      expect(res.body).toEqual({
        code: 10002,
        msg: '只有软电话线路（lineId=2）提供SIP配置（字段：lineId）',
        data: null,
        reason: 'common.invalidInput',
      });
    });

    it('resets the password: same key, new password, and the lookup follows', async () => {
      const token = await t.login('agent06', 'Agent@2026');
      const before = (await t.call(call.lineConfig, { lineId: 2 }, token)).body.data;
      const reset = await t.call(call.lineConfigReset, { lineId: 2 }, token);
      expect(reset.body.code).toBe(0);
      expect(reset.body.data.key).toBe(before.key);
      expect(reset.body.data.passWord).not.toBe(before.passWord);
      expect((await t.call(call.lineConfig, { lineId: 2 }, token)).body.data).toEqual(reset.body.data);
      const res = await lookup({ user: before.key, realm: sip.realm });
      expect(res.body).toBe(sipHa1(before.key, sip.realm, reset.body.data.passWord));
    });

    it('keeps enterprises apart: keys carry the enterprise, a seat of another enterprise does not count', async () => {
      const other = await kit.otherEnterprise();
      const token = await other.login();
      const own = await t.call(call.lineConfig, { lineId: 2 }, token);
      expect(own.body.data.key).toBe(`e200002-${other.userId}`);
      const managerKey = (await t.call(call.lineConfig, { lineId: 2 }, manager)).body.data.key;
      expect(own.body.data.key).not.toBe(managerKey);
      // A seat of the demo enterprise cannot point at the other enterprise's person (its key names
      // the enterprise on both sides): with his own seat gone, he is refused.
      await t.database.db.update(seats).set({ status: 'released' }).where(eq(seats.userId, other.userId));
      await expect(
        t.database.db.insert(seats).values({
          tenantId: kit.demoTenantId,
          userId: other.userId,
          lineId: kit.sipLineId,
          startAt: new Date(Date.now() - day),
          expireAt: new Date(Date.now() + day),
        }),
      ).rejects.toMatchObject({ cause: { code: '23503' } });
      const refused = await t.call(call.lineConfig, { lineId: 2 }, token);
      expect(refused.body.msg).toBe('您没有可用的软电话坐席，请联系管理员分配');
      expect((await lookup({ user: own.body.data.key, realm: sip.realm })).statusCode).toBe(404);
    });
  });

  describe('HA1 lookup for Kamailio', () => {
    let key: string;
    let password: string;
    beforeAll(async () => {
      ({ key, passWord: password } = (await t.call(call.lineConfig, { lineId: 2 }, manager)).body.data);
    });

    it('refuses without the shared secret or with a wrong one', async () => {
      for (const secret of [null, '', 'not-the-secret']) {
        const res = await lookup({ user: key, realm: sip.realm }, secret);
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toMatch(/[0-9a-f]{32}/);
      }
    });

    it('returns md5(key:realm:password) with the secret', async () => {
      const res = await lookup({ user: key, realm: sip.realm });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(sipHa1(key, sip.realm, password));
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers 404 for an unknown key, another realm, or a key whose owner may not register now', async () => {
      expect((await lookup({ user: 'e100001-999999', realm: sip.realm })).statusCode).toBe(404);
      expect((await lookup({ user: key, realm: 'other.example' })).statusCode).toBe(404);
      const managerId = await kit.userId('manager');
      await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, managerId));
      expect((await lookup({ user: key, realm: sip.realm })).statusCode).toBe(404);
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, managerId));
      await kit.setSeat('manager', { expireAt: new Date(Date.now() - 1000) });
      expect((await lookup({ user: key, realm: sip.realm })).statusCode).toBe(404);
      await kit.setSeat('manager', { expireAt: new Date(Date.now() + 30 * day) });
      expect((await lookup({ user: key, realm: sip.realm })).statusCode).toBe(200);
    });

    it('answers the REGISTER that follows 上线 from the credentials just issued, once', async () => {
      const token = await t.login('agent02', 'Agent@2026');
      const issued = (await t.call(call.lineConfig, { lineId: 2 }, token)).body.data;
      const agentId = await kit.userId('agent02');
      // Disabled behind the service's back right after 上线: the first lookup is the REGISTER that
      // 上线 sends (checked by the config request a moment ago), every later one asks the database.
      await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, agentId));
      const first = await lookup({ user: issued.key, realm: sip.realm });
      expect(first.body).toBe(sipHa1(issued.key, sip.realm, issued.passWord));
      expect((await lookup({ user: issued.key, realm: sip.realm })).statusCode).toBe(404);
      await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, agentId));
    });

    it('answers 400 to a malformed query', async () => {
      expect((await lookup({ realm: sip.realm })).statusCode).toBe(400);
      expect((await lookup({ user: 'x'.repeat(65), realm: sip.realm })).statusCode).toBe(400);
    });

    it('has no development secret in production unless SIP_SHARED_SECRET is set', () => {
      expect(loadConfig({ NODE_ENV: 'production' }).sip.sharedSecret).toBeNull();
      expect(loadConfig({ NODE_ENV: 'production', SIP_SHARED_SECRET: 's3cret' }).sip.sharedSecret).toBe('s3cret');
    });
  });
});
