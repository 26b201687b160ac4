import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { tenants } from '../org/org.schema.js';
import { brandOptions } from '../system/system.schema.js';

const r = routeTables.platformContent;
const day = 86_400_000;

describe('platform: contracts, notices, brand settings', () => {
  let t: TTestApp;
  let platform: string;
  let admin: string;
  let demoId: number;
  let otherId: number;
  let otherToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    platform = await t.loginAs.platform();
    admin = await t.loginAs.admin();
    const [demo] = await t.database.db.select().from(tenants).where(eq(tenants.code, 'E100001'));
    demoId = demo!.id;
    // A second enterprise, registered and let in.
    const mobile = '13644440001';
    await t.call(routeTables.auth.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
    const signup = await t.call(routeTables.auth.signup, {
      enterpriseName: '宁波通知测试有限公司',
      realName: '周五',
      username: 'noticeother',
      mobile,
      code: await t.smsCode(mobile),
      password: 'Note@2026x',
    });
    const [other] = await t.database.db
      .update(tenants)
      .set({ status: 'active' })
      .where(eq(tenants.code, signup.body.data.tenantCode))
      .returning();
    otherId = other!.id;
    otherToken = await t.login('noticeother', 'Note@2026x');
  });
  afterAll(() => t.close());

  describe('contracts', () => {
    it("shows the demo enterprise's seeded contract to the platform", async () => {
      const res = await t.call(r.findContract, { id: demoId }, platform);
      expect(res.body.data).toMatchObject({ contractNo: 'HT-2026-0001', seats: 20, seatPrice: 19_900 });
      expect((await t.call(r.findContract, { id: otherId }, platform)).body.data).toBeNull();
      expect((await t.call(r.findContract, { id: 999_999 }, platform)).body).toMatchObject({ code: 10056 });
    });

    it('refuses the contract to an enterprise administrator, even holding every enterprise string', async () => {
      expect((await t.call(r.findContract, { id: demoId }, admin)).body.code).toBe(403);
    });

    it('saves terms, checking the dates and the number', async () => {
      const terms = {
        tenantId: otherId,
        contractNo: 'HT-2026-0002',
        signedAt: Date.now(),
        seats: 5,
        seatPrice: 15_000,
        startAt: Date.now(),
        endAt: Date.now() + 365 * day,
      };
      const bad = await t.call(r.saveContract, { ...terms, endAt: terms.startAt - day }, platform);
      expect(bad.body).toMatchObject({ code: 10002, msg: '合同结束日期须晚于开始日期（字段：endAt）' });
      const taken = await t.call(r.saveContract, { ...terms, contractNo: 'HT-2026-0001' }, platform);
      expect(taken.body).toMatchObject({ code: 10056, msg: '合同编号已被其他企业使用' });
      expect((await t.call(r.saveContract, terms, platform)).body.data).toMatchObject({ seats: 5 });
      expect((await t.call(r.saveContract, { ...terms, seats: 8 }, platform)).body.data).toMatchObject({ seats: 8 });
      const own = await t.call(r.queryEnterpriseInfo, {}, otherToken);
      expect(own.body.data).toMatchObject({
        name: '宁波通知测试有限公司',
        contract: { contractNo: 'HT-2026-0002', seats: 8 },
      });
      const demoOwn = await t.call(r.queryEnterpriseInfo, {}, admin);
      expect(demoOwn.body.data).toMatchObject({ authStateLabel: '企业认证', contract: { contractNo: 'HT-2026-0001' } });
    });
  });

  describe('notices', () => {
    const bell = async (token: string) =>
      (await t.call(routeTables.system.myNoticePage, { page: 1, limit: 50 }, token)).body.data.records.map(
        (n) => n.title,
      );

    it('publishes to chosen enterprises only, and to all', async () => {
      const bad = await t.call(r.noticePublish, { title: '维护', content: '今晚维护', audience: 'tenants' }, platform);
      expect(bad.body).toMatchObject({ code: 10002, msg: '请选择接收通知的企业（字段：tenantIds）' });
      const missing = await t.call(
        r.noticePublish,
        { title: '维护', content: '今晚维护', audience: 'tenants', tenantIds: [999_999] },
        platform,
      );
      expect(missing.body).toMatchObject({ code: 10002, msg: '所选企业不存在：999999' });

      const targeted = await t.call(
        r.noticePublish,
        { title: '宁波专属通知', content: '仅发给宁波', audience: 'tenants', tenantIds: [otherId] },
        platform,
      );
      expect(targeted.body.data).toMatchObject({ targets: [{ id: otherId, name: '宁波通知测试有限公司' }] });
      await t.call(r.noticePublish, { title: '全平台通知', content: '所有企业', audience: 'all' }, platform);
      expect(await bell(otherToken)).toEqual(expect.arrayContaining(['宁波专属通知', '全平台通知']));
      expect(await bell(admin)).toContain('全平台通知');
      expect(await bell(admin)).not.toContain('宁波专属通知');
      const log = await t.call(routeTables.system.logPage, { page: 1, limit: 10 }, platform);
      expect(log.body.data.records.map((l) => l.summary)).toContain('发布通知');
    });

    it('lists what was published with read counts, and deletes all or nothing', async () => {
      const page = await t.call(r.noticePage, { page: 1, limit: 10, title: '宁波' }, platform);
      const [notice] = page.body.data.records;
      expect(notice).toMatchObject({ title: '宁波专属通知', audience: 'tenants', readCount: 0 });
      await t.call(routeTables.system.noticeRead, { ids: [notice!.id] }, otherToken);
      const read = await t.call(r.noticePage, { page: 1, limit: 10, title: '宁波' }, platform);
      expect(read.body.data.records[0]!.readCount).toBe(1);

      const partial = await t.call(r.noticeDelete, { ids: [notice!.id, 999_999] }, platform);
      expect(partial.body.code).toBe(10056);
      expect(await bell(otherToken)).toContain('宁波专属通知');
      expect((await t.call(r.noticeDelete, { ids: [notice!.id] }, admin)).body.code).toBe(403);
      expect((await t.call(r.noticeDelete, { ids: [notice!.id] }, platform)).body.code).toBe(0);
      expect(await bell(otherToken)).not.toContain('宁波专属通知');
    });
  });

  describe('brand settings', () => {
    const publicMap = async (host: string) =>
      Object.fromEntries(
        (await t.call(routeTables.system.brandOptions, { host, showDefault: 1 })).body.data.data.map((o) => [
          o.optionKey,
          o.optionValue,
        ]),
      );

    it('lists the platform default with every key, internal options left out', async () => {
      const list = await t.call(r.brandList, {}, platform);
      const [defaults] = list.body.data;
      expect(defaults).toMatchObject({
        host: '',
        values: { platform_name: '云呼外呼管理平台', app_product: ['云呼坐席APP'] },
      });
      expect(defaults!.ownKeys).not.toContain('fws_gateway');
      expect((await t.call(r.brandList, {}, admin)).body.code).toBe(403);
    });

    it("saves a host's own values over the defaults, and removing them falls back", async () => {
      const values = {
        platform_name: '甬通外呼',
        home_logo: 'https://cdn.example.com/yt.png',
        app_product: ['甬通APP', '甬通坐席'],
      };
      const bad = await t.call(
        r.brandSave,
        { host: 'crm.yt.com', values: { ...values, home_logo: 'javascript:x' } },
        platform,
      );
      expect(bad.body).toMatchObject({ code: 10002 });
      expect(bad.body.msg).toContain('平台Logo须为 http(s):// 开头的地址或 / 开头的站内路径');
      expect((await t.call(r.brandSave, { host: 'bad host', values }, platform)).body.code).toBe(10002);

      const saved = await t.call(r.brandSave, { host: 'CRM.yt.com', values }, platform);
      expect(saved.body.data).toMatchObject({
        host: 'crm.yt.com',
        ownKeys: ['platform_name', 'home_logo', 'app_product'],
      });
      expect(await publicMap('crm.yt.com')).toMatchObject({
        platform_name: '甬通外呼',
        home_logo: 'https://cdn.example.com/yt.png',
        app_product: '["甬通APP","甬通坐席"]',
        // No guide link of the platform's own: 操作指南 in the console is the guide.
        user_guide: '',
      });
      await t.call(r.brandSave, { host: 'crm.yt.com', values: { platform_name: '甬通外呼' } }, platform);
      expect((await publicMap('crm.yt.com')).home_logo).toBe('/logo.svg');
      expect((await t.call(r.brandDelete, { host: 'crm.yt.com' }, platform)).body.code).toBe(0);
      expect((await publicMap('crm.yt.com')).platform_name).toBe('云呼外呼管理平台');
      expect((await t.call(r.brandDelete, { host: '' }, platform)).body.code).toBe(10002);
      expect((await t.call(r.brandDelete, { host: 'crm.yt.com' }, platform)).body.code).toBe(10056);
    });

    it('edits the platform default itself, keeping internal options', async () => {
      const list = (await t.call(r.brandList, {}, platform)).body.data[0]!;
      await t.call(r.brandSave, { host: '', values: { ...list.values, platform_name: '云呼平台' } }, platform);
      expect((await publicMap('')).platform_name).toBe('云呼平台');
      const internal = await t.database.db.select().from(brandOptions).where(eq(brandOptions.optionType, 'fws'));
      expect(internal).toHaveLength(1);
    });
  });
});
