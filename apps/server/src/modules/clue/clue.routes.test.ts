import { clueLimits, routeTables } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { customers } from '../crm/crm.schema.js';
import { tenants } from '../org/org.schema.js';
import { clueCompanies, clueContacts, clueQuotaLedger, clueSettings, clueUnlocks } from './clue.schema.js';

const r = routeTables.clue;

describe('企业线索', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let demoId: number;

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.msg).toBe('success');
    return res.body.data;
  };
  const search = (query: Parameters<typeof t.call<typeof r.companyPage>>[1], token = admin) =>
    t.call(r.companyPage, query, token);
  /** A company of the generated slice that has a mobile and is no customer yet. */
  const withMobile = async (skip: number) => {
    const rows = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select c.id::int as id from clue_companies c
        where c.has_mobile and exists (select 1 from clue_contacts x where x.company_id = c.id and x.mobile <> '')
        order by c.id offset ${skip} limit 1`),
    );
    return rows[0]!.id;
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    agent = await t.loginAs.agent();
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001'));
    demoId = demo!.id;
  });
  afterAll(async () => t.close());

  describe('找企业', () => {
    it('finds the keyword in the name or the business scope, names the simulated source', async () => {
      const [sample] = await t.database.db.select().from(clueCompanies).limit(1);
      const word = sample!.name.slice(2, 6);
      const found = ok(await search({ keyword: word, limit: 50 }));
      expect(found.source).toBe('模拟企业库（开发用）');
      expect(found.total).toBeGreaterThan(0);
      for (const c of found.records) expect(c.name.includes(word)).toBe(true);
      const names = found.records.map((c) => c.name);
      expect(names).toContain(sample!.name);
      const scope = ok(await search({ keyword: '软件开发', limit: 100 }));
      expect(scope.total).toBeGreaterThan(0);
      // Relevance: the companies named with the keyword come before those with it only in their scope.
      const inName = scope.records.map((c) => c.name.includes('软件开发'));
      expect(inName.indexOf(false) === -1 || inName.lastIndexOf(true) < inName.indexOf(false)).toBe(true);
    });

    it('filters by place, status, capital, founding year and mobile, sorted as asked', async () => {
      const found = ok(
        await search({
          province: '广东省',
          status: '存续',
          capitalBand: 3,
          hasMobile: true,
          sort: 'founded',
          limit: 100,
        }),
      );
      expect(found.total).toBeGreaterThan(0);
      for (const c of found.records) {
        expect(c).toMatchObject({ province: '广东省', status: '存续', hasMobile: true });
        expect(c.capitalWan).toBeGreaterThanOrEqual(1000);
        expect(c.capitalWan).toBeLessThan(5000);
      }
      const days = found.records.map((c) => c.foundedOn);
      expect([...days].sort().reverse()).toEqual(days);
      const young = ok(await search({ ageBand: 4, limit: 100 }));
      const tenYearsAgo = `${new Date().getUTCFullYear() - 10}`;
      for (const c of young.records) expect(c.foundedOn.slice(0, 4) <= tenYearsAgo).toBe(true);
    });

    it('refuses a one-character keyword and a page past the bound, in Chinese', async () => {
      expect((await search({ keyword: '华' })).body.msg).toContain('关键词至少2个字');
      expect((await search({ page: 300, limit: 20 })).body.msg).toContain(
        `最多查看前${clueLimits.maxRows}条结果，请增加筛选条件缩小范围`,
      );
      const broad = ok(await search({ limit: 20 }));
      expect(broad.total).toBe(2000);
      expect(broad.isCapped).toBe(false);
    });

    it('masks the contacts until the enterprise unlocks them', async () => {
      const id = await withMobile(0);
      const info = ok(await t.call(r.companyInfo, { id }, agent));
      expect(info.isUnlocked).toBe(false);
      expect(info.contacts.length).toBeGreaterThan(0);
      for (const c of info.contacts) {
        expect(c.mobile === '' || /^\d{3}\*{4}\d{4}$/.test(c.mobile)).toBe(true);
        expect(c.name.endsWith('**')).toBe(true);
      }
    });
  });

  describe('解锁与额度', () => {
    it('refuses an unlock without quota, then grants the trial once', async () => {
      const id = await withMobile(1);
      const empty = await t.call(r.companyUnlock, { id }, agent);
      expect(empty.body).toMatchObject({ reason: 'clue.quotaEmpty' });
      expect(empty.body.msg).toContain('线索额度不足');
      // 20 parallel takes of the trial grant it once.
      const takes = await Promise.all(Array.from({ length: 20 }, () => t.call(r.trialTake, {}, admin)));
      expect(takes.filter((x) => x.body.code === 0)).toHaveLength(1);
      expect(takes.filter((x) => (x.body as { reason?: string }).reason === 'clue.trialTaken')).toHaveLength(19);
      const quota = ok(await t.call(r.quota, {}, admin));
      expect(quota).toMatchObject({ balance: clueLimits.trialUnits, trialTaken: true, dailyLimit: 10 });
      // A role without the settings string cannot take it.
      expect((await t.call(r.trialTake, {}, agent)).body.code).toBe(403);
    });

    it('charges 20 parallel unlocks of one company once', async () => {
      const id = await withMobile(2);
      const before = ok(await t.call(r.quota, {}, admin)).balance;
      const all = await Promise.all(Array.from({ length: 20 }, () => t.call(r.companyUnlock, { id }, admin)));
      for (const res of all) expect(res.body.code).toBe(0);
      const contacts = all.map((res) => JSON.stringify(res.body.data.contacts));
      expect(new Set(contacts).size).toBe(1);
      expect(all[0]!.body.data.contacts.some((c) => /^1\d{10}$/.test(c.mobile))).toBe(true);
      expect(ok(await t.call(r.quota, {}, admin)).balance).toBe(before - 1);
      const rows = await t.database.db
        .select()
        .from(clueQuotaLedger)
        .where(and(eq(clueQuotaLedger.tenantId, demoId), eq(clueQuotaLedger.businessKey, `unlock:${id}`)));
      expect(rows).toHaveLength(1);
      expect(
        await t.database.db
          .select()
          .from(clueUnlocks)
          .where(and(eq(clueUnlocks.tenantId, demoId), eq(clueUnlocks.companyId, id))),
      ).toHaveLength(1);
    });

    it('holds the daily limit per person under parallel unlocks', async () => {
      ok(await t.call(r.settingsSave, { dailyLimit: 3 }, admin));
      const ids = await Promise.all([3, 4, 5, 6, 7, 8, 9, 10].map(withMobile));
      const all = await Promise.all(ids.map((id) => t.call(r.companyUnlock, { id }, agent)));
      expect(all.filter((x) => x.body.code === 0)).toHaveLength(3);
      const refused = all.filter((x) => x.body.code !== 0);
      expect(refused).toHaveLength(5);
      for (const x of refused) {
        expect((x.body as { reason?: string }).reason).toBe('clue.dailyLimitReached');
        expect(x.body.msg).toBe('今日解锁已达上限（每人每天3家），请明天再试或联系管理员调整');
      }
      expect(ok(await t.call(r.quota, {}, agent))).toMatchObject({ usedToday: 3, dailyLimit: 3 });
      expect((await t.call(r.settingsSave, { dailyLimit: -1 }, admin)).body.msg).toContain('每人每日解锁上限不能小于0');
      expect((await t.call(r.settingsSave, { dailyLimit: 5 }, agent)).body.code).toBe(403);
      await t.database.db.delete(clueSettings);
    });

    it('lists what the enterprise unlocked, and another enterprise sees none of it', async () => {
      const mine = ok(await t.call(r.unlockPage, { limit: 50 }, admin));
      expect(mine.total).toBe(4);
      // The agent's data scope is himself: his three.
      expect(ok(await t.call(r.unlockPage, { limit: 50 }, agent)).total).toBe(3);
      const id = mine.records[0]!.id;
      const other = await otherEnterprise(t, { code: 'E900035', username: 'clueother', mobile: '13900000035' });
      expect(ok(await t.call(r.unlockPage, { limit: 50 }, other.token)).total).toBe(0);
      const seen = ok(await t.call(r.companyInfo, { id }, other.token));
      expect(seen.isUnlocked).toBe(false);
      expect(seen.contacts.every((c) => c.mobile === '' || c.mobile.includes('****'))).toBe(true);
      const listed = ok(await search({ keyword: seen.name.slice(-8, -4), limit: 100 }, other.token));
      expect(listed.records.every((c) => !c.isUnlocked)).toBe(true);
      expect(ok(await t.call(r.quota, {}, other.token))).toMatchObject({ balance: 0, unlockedTotal: 0 });
    });
  });

  describe('转为客户', () => {
    it('converts by the CRM rules with an answer per company', async () => {
      const unlocked = ok(await t.call(r.unlockPage, { limit: 50 }, admin)).records.map((x) => x.id);
      const locked = await withMobile(20);
      // One unlocked company's mobile is already a customer in the public pool.
      const [taken] = await t.database.db
        .select()
        .from(clueUnlocks)
        .where(and(eq(clueUnlocks.tenantId, demoId), eq(clueUnlocks.companyId, unlocked[1]!)));
      const mobile = taken!.contacts.find((c) => c.mobile)!.mobile;
      await t.database.db.insert(customers).values({ tenantId: demoId, name: '已有客户', mobile, poolAt: new Date() });
      const results = ok(await t.call(r.convert, { ids: [unlocked[0]!, unlocked[1]!, locked], target: 'mine' }, admin));
      expect(results[0]).toMatchObject({ isOk: true, reason: '' });
      expect(results[1]).toMatchObject({ isOk: false, reason: '该手机号已在公海中，可直接领取' });
      expect(results[2]).toMatchObject({ isOk: false, reason: '请先解锁该企业的联系方式，再转为客户' });
      const [made] = await t.database.db.select().from(customers).where(eq(customers.id, results[0]!.customerId!));
      expect(made).toMatchObject({ source: '企业线索', company: results[0]!.name, ownerId: expect.any(Number) });
      // Again: already converted; the search marks it a customer.
      const again = ok(await t.call(r.convert, { ids: [unlocked[0]!], target: 'pool' }, admin));
      expect(again[0]).toMatchObject({ isOk: false, reason: '该企业已转为客户' });
      const info = ok(await t.call(r.companyInfo, { id: unlocked[0]! }, admin));
      expect(info).toMatchObject({ isCustomer: true, customerId: results[0]!.customerId });
      // Into the public pool: no owner.
      const pool = ok(await t.call(r.convert, { ids: [unlocked[2]!], target: 'pool' }, admin));
      expect(pool[0]!.isOk).toBe(true);
      const [pooled] = await t.database.db.select().from(customers).where(eq(customers.id, pool[0]!.customerId!));
      expect(pooled!.ownerId).toBeNull();
      expect((await t.call(r.convert, { ids: [], target: 'mine' }, admin)).body.msg).toContain('请选择企业');
    });

    it('refuses a black-listed mobile with the black-list reason', async () => {
      const id = (ok(await t.call(r.unlockPage, { isConverted: false, limit: 50 }, admin)).records ?? [])[0]!.id;
      const [u] = await t.database.db.select().from(clueUnlocks).where(eq(clueUnlocks.companyId, id));
      const mobile = u!.contacts.find((c) => c.mobile)!.mobile;
      await t.database.db.execute(
        sql`insert into number_blacklist (tenant_id, number, reason, source) values (${demoId}, ${mobile}, '测试', 'manual')`,
      );
      const [res] = ok(await t.call(r.convert, { ids: [id], target: 'mine' }, admin));
      expect(res).toMatchObject({ isOk: false, reason: '号码在黑名单中（企业黑名单）' });
    });
  });

  it('answers a company that is not there in Chinese, and charges nothing for it', async () => {
    const before = ok(await t.call(r.quota, {}, admin)).balance;
    for (const res of [
      await t.call(r.companyInfo, { id: 99_999_999 }, admin),
      await t.call(r.companyUnlock, { id: 99_999_999 }, admin),
    ]) {
      expect(res.body).toMatchObject({ msg: '企业不存在或已从企业库移除', reason: 'clue.companyMissing' });
    }
    expect(ok(await t.call(r.quota, {}, admin)).balance).toBe(before);
  });

  it('keeps the generated contacts of every company', async () => {
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(clueContacts);
    expect(n!.n).toBeGreaterThanOrEqual(2000);
  });
});
