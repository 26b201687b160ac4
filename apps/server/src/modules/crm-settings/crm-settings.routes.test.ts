import { routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { crmKit } from '../crm/crm.test-kit.js';
import { crmCustomFields, crmQuickContents, crmSettings, crmTags } from './crm-settings.schema.js';

const { crm, crmSettings: s } = routeTables;

/** 客户设置 and 业务规则 through the API: tags, custom fields, quick replies, rules, privacy, list configs. */
describe('crm settings', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof crmKit>>;
  let admin: string;
  let manager: string;
  let agent: string;
  let agent4: string;
  let platform: string;
  let agentId: number;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await crmKit(t);
    [admin, manager, agent, agent4, platform] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.manager(),
      t.loginAs.agent(),
      t.login('agent04', 'Agent@2026'),
      t.loginAs.platform(),
    ]);
    agentId = await kit.userId('agent01');
  });
  afterAll(() => t.close());

  const create = async (body: Record<string, unknown>) => {
    const res = await t.call(crm.customerCreate, { name: '设置测试', mobile: kit.mobile(), ...body } as never, admin);
    expect(res.body.code).toBe(0);
    return res.body.data.id;
  };
  const liveWithTag = (tagId: number) =>
    kit.count(sql`select count(*)::int as n from customers
      where tenant_id = ${kit.tenantId} and deleted_at is null and tag_ids @> array[${tagId}]::bigint[]`);

  describe('tags', () => {
    it('lists the tenant tags in order with the live customers carrying each', async () => {
      const tag = (await t.call(s.tagSave, { name: '计数标签', color: 'red', sort: 0 }, admin)).body.data;
      const [a, b] = [await create({ tagIds: [tag.id] }), await create({ tagIds: [tag.id] })];
      expect(a).toBeGreaterThan(0);
      await t.call(crm.privateRecycle, { ids: [b], reason: '' }, admin);
      const list = (await t.call(s.tagList, {}, agent)).body.data;
      expect(list.find((x) => x.id === tag.id)?.customerCount).toBe(1);
      for (const x of list) expect(x.customerCount).toBe(await liveWithTag(x.id));
      const sorted = [...list].sort((x, y) => x.sort - y.sort || x.id - y.id);
      expect(list.map((x) => x.id)).toEqual(sorted.map((x) => x.id));
      // Another tenant sees none of them.
      expect((await t.call(s.tagList, {}, platform)).body.data.some((x) => x.id === tag.id)).toBe(false);
    });

    it('keeps names unique per tenant and edits a tag', async () => {
      const res = await t.call(s.tagSave, { name: '唯一标签' }, admin);
      expect(res.body.data).toMatchObject({ name: '唯一标签', color: 'blue', sort: 0, customerCount: 0 });
      expect((await t.call(s.tagSave, { name: ' 唯一标签 ' }, admin)).body).toMatchObject({
        code: 10056,
        msg: '标签名称已存在',
      });
      const other = (await t.call(s.tagSave, { name: '另一个标签' }, admin)).body.data;
      expect((await t.call(s.tagSave, { id: other.id, name: '唯一标签' }, admin)).body.msg).toBe('标签名称已存在');
      const edited = await t.call(s.tagSave, { id: other.id, name: '改名标签', color: 'green', sort: 3 }, admin);
      expect(edited.body.data).toMatchObject({ id: other.id, name: '改名标签', color: 'green', sort: 3 });
      // Saving a tag under its own name is no clash; another tenant may use the same name.
      expect((await t.call(s.tagSave, { id: other.id, name: '改名标签' }, admin)).body.code).toBe(0);
      expect((await t.call(s.tagSave, { name: '唯一标签' }, platform)).body.code).toBe(0);
      const badColor = (await t.call(s.tagSave, { name: '坏颜色', color: 'black' } as never, admin)).body;
      expect(badColor.code).toBe(10002);
      expect(badColor.msg).toContain('标签颜色不正确');
    });

    it('deletes a tag and takes it off every customer, recycle bin included', async () => {
      const tag = (await t.call(s.tagSave, { name: '待删标签' }, admin)).body.data;
      const keep = (await t.call(s.tagSave, { name: '保留标签' }, admin)).body.data;
      const live = await create({ tagIds: [keep.id, tag.id] });
      const binned = await create({ tagIds: [tag.id] });
      await t.call(crm.privateRecycle, { ids: [binned], reason: '' }, admin);
      expect((await t.call(s.tagDelete, { id: tag.id }, admin)).body.code).toBe(0);
      expect((await kit.customer(live)).tagIds).toEqual([keep.id]);
      expect((await kit.customer(binned)).tagIds).toEqual([]);
      expect(
        await kit.count(sql`select count(*)::int as n from customers where ${tag.id}::bigint = any(tag_ids)`),
      ).toBe(0);
      expect(await t.database.db.select().from(crmTags).where(eq(crmTags.id, tag.id))).toEqual([]);
      expect((await t.call(s.tagDelete, { id: tag.id }, admin)).body.msg).toBe('标签不存在或已删除');
    });

    it('refuses people without the settings permission and another tenant', async () => {
      const tag = (await t.call(s.tagSave, { name: '外人标签' }, admin)).body.data;
      const carrier = await create({ tagIds: [tag.id] });
      expect((await t.call(s.tagSave, { name: '坐席标签' }, agent)).body.code).toBe(403);
      expect((await t.call(s.tagDelete, { id: tag.id }, manager)).body.code).toBe(403);
      expect((await t.call(s.tagSave, { id: tag.id, name: '被改了' }, platform)).body.msg).toBe('标签不存在或已删除');
      expect((await t.call(s.tagDelete, { id: tag.id }, platform)).body.msg).toBe('标签不存在或已删除');
      const [row] = await t.database.db.select().from(crmTags).where(eq(crmTags.id, tag.id));
      expect(row?.name).toBe('外人标签');
      expect((await kit.customer(carrier)).tagIds).toEqual([tag.id]);
    });
  });

  describe('custom fields', () => {
    const field = (body: Record<string, unknown>, token = admin) =>
      t.call(s.fieldAdd, { type: 'text', ...body } as never, token);

    it('adds fields with unique names and lists them in order', async () => {
      const a = await field({ name: '预算', type: 'number', sort: 2, options: ['忽略'] });
      expect(a.body.data).toMatchObject({ name: '预算', type: 'number', options: [], isInList: true, sort: 2 });
      const b = await field({ name: '行业', type: 'select', options: ['教育', '医疗'], sort: 1 });
      expect(b.body.data.options).toEqual(['教育', '医疗']);
      expect((await field({ name: '预算' })).body).toMatchObject({ code: 10056, msg: '字段名称已存在' });
      const noOptions = (await field({ name: '空选项', type: 'select' })).body;
      expect(noOptions.code).toBe(10002);
      expect(noOptions.msg).toContain('单选和多选字段至少需要一个选项');
      const all = (await t.call(s.fieldQuery, {}, agent)).body.data;
      expect(all.map((f) => f.name)).toEqual(expect.arrayContaining(['行业', '预算']));
      expect(all.findIndex((f) => f.name === '行业')).toBeLessThan(all.findIndex((f) => f.name === '预算'));
      const page = (await t.call(s.fieldPage, { page: 1, limit: 1 }, agent)).body.data;
      expect(page).toMatchObject({ total: all.length, size: 1, current: 1, pages: all.length });
      expect(page.records[0]!.id).toBe(all[0]!.id);
      expect((await field({ name: '坐席字段' }, agent)).body.code).toBe(403);
    });

    it('changes the type only while no customer has a value', async () => {
      const f = (await field({ name: '备用字段' })).body.data;
      const changed = await t.call(s.fieldEdit, { ...f, type: 'number' }, admin);
      expect(changed.body.data.type).toBe('number');
      const c = await create({ customValues: { [f.id]: 42 } });
      const refused = await t.call(s.fieldEdit, { ...f, type: 'text' }, admin);
      expect(refused.body).toMatchObject({
        code: 10056,
        msg: '「备用字段」已有1个客户填写了值，不能修改字段类型；如需其他类型，请新建一个字段',
      });
      const [row] = await t.database.db.select().from(crmCustomFields).where(eq(crmCustomFields.id, f.id));
      expect(row?.type).toBe('number');
      // The rest of the definition may still change with the same type.
      const renamed = await t.call(s.fieldEdit, { ...f, type: 'number', name: '备用数字', isInFilter: true }, admin);
      expect(renamed.body.data).toMatchObject({ name: '备用数字', type: 'number', isInFilter: true });
      expect((await kit.customer(c)).customValues[String(f.id)]).toBe(42);
    });

    it('refuses removing an option customers chose and allows the others', async () => {
      const f = (await field({ name: '渠道', type: 'multiselect', options: ['电话', '网站', '展会'] })).body.data;
      await create({ customValues: { [f.id]: ['电话', '网站'] } });
      await create({ customValues: { [f.id]: ['电话'] } });
      const refused = await t.call(s.fieldEdit, { ...f, options: ['展会'] }, admin);
      expect(refused.body.msg).toBe(
        '选项「电话」（2个客户）、「网站」（1个客户）正在使用，不能删除；请先修改这些客户的「渠道」',
      );
      const ok = await t.call(s.fieldEdit, { ...f, options: ['电话', '网站', '转介绍'] }, admin);
      expect(ok.body.data.options).toEqual(['电话', '网站', '转介绍']);
      const single = (await field({ name: '级别', type: 'select', options: ['高', '低'] })).body.data;
      await create({ customValues: { [single.id]: '高' } });
      expect((await t.call(s.fieldEdit, { ...single, options: ['低'] }, admin)).body.msg).toBe(
        '选项「高」（1个客户）正在使用，不能删除；请先修改这些客户的「级别」',
      );
    });

    it('deletes a field with every customer value of it', async () => {
      const f = (await field({ name: '临时字段' })).body.data;
      const keep = (await field({ name: '保留字段' })).body.data;
      const c = await create({ customValues: { [f.id]: '值', [keep.id]: '留' } });
      const binned = await create({ customValues: { [f.id]: '回收站里的值' } });
      await t.call(crm.privateRecycle, { ids: [binned], reason: '' }, admin);
      expect((await t.call(s.fieldDelete, { id: f.id }, admin)).body.code).toBe(0);
      expect((await kit.customer(c)).customValues).toEqual({ [keep.id]: '留' });
      expect((await kit.customer(binned)).customValues).toEqual({});
      expect((await t.call(s.fieldQuery, {}, admin)).body.data.some((x) => x.id === f.id)).toBe(false);
      expect((await t.call(s.fieldDelete, { id: f.id }, admin)).body.msg).toBe('自定义字段不存在或已删除');
    });

    it("answers not found for another tenant's field and stops at 50 fields", async () => {
      const f = (await field({ name: '外人字段' })).body.data;
      expect((await t.call(s.fieldEdit, { ...f, name: '被改了' }, platform)).body.msg).toBe('自定义字段不存在或已删除');
      expect((await t.call(s.fieldDelete, { id: f.id }, platform)).body.msg).toBe('自定义字段不存在或已删除');
      expect((await t.call(s.fieldQuery, {}, platform)).body.data).toEqual([]);
      const [row] = await t.database.db.select().from(crmCustomFields).where(eq(crmCustomFields.id, f.id));
      expect(row?.name).toBe('外人字段');
      // The platform tenant fills its own 50; the demo tenant is untouched.
      for (let i = 1; i <= 50; i += 1) expect((await field({ name: `字段${i}` }, platform)).body.code).toBe(0);
      expect((await field({ name: '第51个' }, platform)).body).toMatchObject({
        code: 10056,
        msg: '最多只能添加50个自定义字段',
      });
      expect((await field({ name: '演示企业不受影响' })).body.code).toBe(0);
    });
  });

  describe('quick replies', () => {
    const save = (token: string, body: Record<string, unknown>) =>
      t.call(s.quickSave, { content: '您好', ...body } as never, token);

    it('shows the shared replies and his own, and only the settings holder shares', async () => {
      const shared = (await save(admin, { content: '共享：欢迎致电', isShared: true })).body.data;
      expect(shared.isShared).toBe(true);
      const mine = (await save(agent, { content: '我的：稍后回电' })).body.data;
      expect(mine.isShared).toBe(false);
      const others = (await save(agent4, { content: '刘洋的' })).body.data;
      const list = (await t.call(s.quickList, {}, agent)).body.data;
      expect(list.map((q) => q.id)).toEqual(expect.arrayContaining([shared.id, mine.id]));
      expect(list.some((q) => q.id === others.id)).toBe(false);
      expect(list.findIndex((q) => q.id === shared.id)).toBeLessThan(list.findIndex((q) => q.id === mine.id));

      const refused = await save(agent, { content: '想共享', isShared: true });
      expect(refused.body).toMatchObject({ code: 403, msg: '设为共享快捷回复需要客户设置权限' });
      expect((await save(agent, { id: mine.id, isShared: true })).body.code).toBe(403);
      expect((await save(manager, { content: '主管也不行', isShared: true })).body.code).toBe(403);
      const n = await kit.count(sql`select count(*)::int as n from crm_quick_contents where content = '想共享'`);
      expect(n).toBe(0);
    });

    it('lets a person change and delete only his own; shared ones need the permission', async () => {
      const shared = (await save(admin, { content: '共享话术', isShared: true })).body.data;
      const mine = (await save(agent, { content: '原话术' })).body.data;
      expect((await save(agent, { id: mine.id, content: '新话术', sort: 5 })).body.data).toMatchObject({
        id: mine.id,
        content: '新话术',
        sort: 5,
        isShared: false,
      });
      expect((await save(agent, { id: shared.id, content: '改共享' })).body.code).toBe(403);
      expect((await t.call(s.quickDelete, { id: shared.id }, agent)).body.code).toBe(403);
      // Someone else's own reply is as unknown to him as another tenant's.
      expect((await save(agent4, { id: mine.id, content: '改别人的' })).body.msg).toBe('快捷回复不存在或已删除');
      expect((await t.call(s.quickDelete, { id: mine.id }, agent4)).body.msg).toBe('快捷回复不存在或已删除');
      expect((await t.call(s.quickDelete, { id: shared.id }, platform)).body.msg).toBe('快捷回复不存在或已删除');
      expect((await save(admin, { id: shared.id, content: '改好的共享', isShared: true })).body.data.content).toBe(
        '改好的共享',
      );
      const rows = await t.database.db.select().from(crmQuickContents).where(eq(crmQuickContents.id, mine.id));
      expect(rows[0]).toMatchObject({ content: '新话术', userId: agentId });
      expect((await t.call(s.quickDelete, { id: mine.id }, agent)).body.code).toBe(0);
      expect((await t.call(s.quickDelete, { id: shared.id }, admin)).body.code).toBe(0);
      const left = await t.database.db
        .select()
        .from(crmQuickContents)
        .where(eq(crmQuickContents.tenantId, kit.tenantId));
      expect(left.some((q) => q.id === mine.id || q.id === shared.id)).toBe(false);
    });
  });

  describe('rules and privacy', () => {
    const rules = {
      maxOwned: 300,
      dailyClaimLimit: 20,
      reclaimBlockDays: 7,
      releaseNoFollowDays: 15,
      releaseNoDealDays: 30,
      remindBeforeDays: 3,
    };

    it('answers the defaults while the tenant never saved', async () => {
      await kit.resetRules();
      expect((await t.call(s.rulesGet, {}, agent)).body.data).toEqual({
        maxOwned: 0,
        dailyClaimLimit: 0,
        reclaimBlockDays: 0,
        releaseNoFollowDays: 0,
        releaseNoDealDays: 0,
        remindBeforeDays: 0,
        // Mobiles are masked until someone turns the switch off (crm.rules.ts defaults).
        isPrivacyOn: true,
        updatedAt: null,
        updatedByName: null,
      });
    });

    it('saves and reads back the rules with who saved them; the privacy switch is its own', async () => {
      await kit.resetRules();
      const before = Date.now();
      expect((await t.call(s.rulesSave, rules, admin)).body.code).toBe(0);
      const got = (await t.call(s.rulesGet, {}, agent)).body.data;
      expect(got).toMatchObject({ ...rules, isPrivacyOn: true, updatedByName: '张明' });
      expect(got.updatedAt).toBeGreaterThanOrEqual(before - 1000);
      expect((await t.call(s.privacySave, { isPrivacyOn: false }, admin)).body.code).toBe(0);
      expect((await t.call(s.rulesGet, {}, admin)).body.data).toMatchObject({ ...rules, isPrivacyOn: false });
      // The customer lists follow the switch: the agent now reads whole numbers.
      const page = (await t.call(crm.customerPage, { limit: 1 }, agent)).body.data.records[0]!;
      expect(page.isMobileMasked).toBe(false);
      await t.call(s.rulesSave, { ...rules, maxOwned: 0 }, admin);
      expect((await t.call(s.rulesGet, {}, admin)).body.data).toMatchObject({ maxOwned: 0, isPrivacyOn: false });
      expect((await t.call(s.rulesGet, {}, platform)).body.data).toMatchObject({ maxOwned: 0, updatedAt: null });
      await kit.resetRules();
    });

    it('refuses a reminder that cannot come before the release, and people without the permission', async () => {
      await kit.resetRules();
      const noRelease = await t.call(s.rulesSave, { ...rules, releaseNoFollowDays: 0, releaseNoDealDays: 0 }, admin);
      expect(noRelease.body).toMatchObject({
        code: 10002,
        msg: '请先设置未跟进或未成交自动回收天数，再设置回收前提醒天数',
      });
      const late = await t.call(s.rulesSave, { ...rules, remindBeforeDays: 15 }, admin);
      expect(late.body.msg).toBe('回收前提醒天数须小于自动回收天数（15天）');
      expect((await t.call(s.rulesSave, { ...rules, maxOwned: -1 }, admin)).body.msg).toContain(
        '每人最多客户数不能小于0',
      );
      expect((await t.call(s.rulesSave, rules, agent)).body.code).toBe(403);
      expect((await t.call(s.privacySave, { isPrivacyOn: false }, manager)).body.code).toBe(403);
      expect(await t.database.db.select().from(crmSettings).where(eq(crmSettings.tenantId, kit.tenantId))).toEqual([]);
    });
  });

  describe('screen configs', () => {
    it('keeps each person his own config per screen', async () => {
      expect((await t.call(s.screenConfigGet, { screen: 'myCustomer' }, agent)).body.data).toEqual({
        savedFilters: [],
      });
      const config = {
        columns: ['name', 'mobile', 'intentionLevel'],
        savedFilters: [{ name: 'A类客户', filter: { intentionLevels: ['A'] } }],
      };
      expect((await t.call(s.screenConfigSave, { screen: 'myCustomer', ...config }, agent)).body.code).toBe(0);
      expect((await t.call(s.screenConfigGet, { screen: 'myCustomer' }, agent)).body.data).toEqual(config);
      const next = { savedFilters: [{ name: '已成交', filter: { isDeal: true } }] };
      await t.call(s.screenConfigSave, { screen: 'myCustomer', ...next }, agent);
      expect((await t.call(s.screenConfigGet, { screen: 'myCustomer' }, agent)).body.data).toEqual(next);
      expect((await t.call(s.screenConfigGet, { screen: 'recycler' }, agent)).body.data).toEqual({ savedFilters: [] });
      expect((await t.call(s.screenConfigGet, { screen: 'myCustomer' }, agent4)).body.data).toEqual({
        savedFilters: [],
      });
      const dup = await t.call(
        s.screenConfigSave,
        {
          screen: 'recycler',
          savedFilters: [
            { name: '同名', filter: {} },
            { name: '同名', filter: {} },
          ],
        },
        agent,
      );
      expect(dup.body).toMatchObject({ code: 10002, msg: '筛选名称不能重复' });
      expect((await t.call(s.screenConfigGet, { screen: 'nope' } as never, agent)).body.msg).toContain('页面不正确');
    });
  });
});
