import { routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callRecords } from '../call/call.schema.js';
import { crmCustomFields, crmTags } from '../crm-settings/crm-settings.schema.js';
import { users } from '../org/org.schema.js';
import { crmKit } from './crm.test-kit.js';

const { crm } = routeTables;

/** Customers end to end through the API: create, duplicates, lists, scope, masking, timeline, recycle bin. */
describe('crm customers', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof crmKit>>;
  let admin: string;
  let manager: string;
  let agent: string;
  let agent4: string;
  let agentId: number;
  let agent4Id: number;
  let managerId: number;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await crmKit(t);
    [admin, manager, agent, agent4] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.manager(),
      t.loginAs.agent(),
      t.login('agent04', 'Agent@2026'),
    ]);
    agentId = await kit.userId('agent01');
    agent4Id = await kit.userId('agent04');
    managerId = await kit.userId('manager');
  });
  afterAll(() => t.close());

  const create = (token: string, body: Record<string, unknown>) =>
    t.call(crm.customerCreate, { name: '张三丰', mobile: kit.mobile(), ...body } as never, token);

  it('creates a customer for the creator with a normalised mobile, pinyin and an owner log', async () => {
    const m = kit.mobile();
    const res = await create(agent, { name: '张三丰', mobile: `+86 ${m.slice(0, 3)}-${m.slice(3, 7)} ${m.slice(7)}` });
    expect(res.body.code).toBe(0);
    expect(res.body.data.ownerId).toBe(agentId);
    expect(res.body.data.ownerName).toBe('王强');
    // The agent may not see whole numbers while the privacy switch is on.
    expect(res.body.data.isMobileMasked).toBe(true);
    expect(res.body.data.mobile).toBe(`${m.slice(0, 3)}****${m.slice(7)}`);
    const row = await kit.customer(res.body.data.id);
    expect(row.mobile).toBe(m);
    expect(row.namePinyin).toBe('zhangsanfeng');
    expect(row.nameInitials).toBe('zsf');
    expect((await kit.logsOf(row.id)).map((l) => l.action)).toEqual(['create']);
    // Found by pinyin initials and by a mobile fragment.
    const byPinyin = await t.call(crm.customerPage, { keyword: 'zsf' }, agent);
    expect(byPinyin.body.data.records.map((r) => r.id)).toContain(row.id);
    const byMobile = await t.call(crm.customerPage, { mobile: m.slice(5) }, agent);
    expect(byMobile.body.data.records.map((r) => r.id)).toEqual([row.id]);
  });

  it('refuses a duplicate mobile naming where it is and whose it is', async () => {
    const m = kit.mobile();
    expect((await create(agent, { mobile: m })).body.code).toBe(0);
    const other = await create(agent4, { mobile: m });
    expect(other.body).toMatchObject({ code: 10056, msg: '该手机号已是王强的客户' });
    const mine = await create(agent, { mobile: m });
    expect(mine.body.msg).toBe('该手机号已是您的客户');
    const exist = await t.call(crm.existOther, { mobile: m }, agent4);
    expect(exist.body.data).toMatchObject({ isExist: true, where: 'other', ownerName: '王强' });

    const pm = kit.mobile();
    const pooled = await t.call(crm.poolCreate, { name: '公海客户', mobile: pm }, admin);
    expect(pooled.body.data.ownerId).toBeNull();
    expect((await create(agent, { mobile: pm })).body.msg).toBe('该手机号已在公海中，可直接领取');

    const rm = kit.mobile();
    const gone = (await create(agent, { mobile: rm })).body.data.id;
    await t.call(crm.privateRecycle, { ids: [gone], reason: '' }, agent);
    expect((await create(agent, { mobile: rm })).body.msg).toBe('该手机号已在回收站中，可从回收站恢复');
    expect((await t.call(crm.existOther, { mobile: rm }, agent)).body.data.where).toBe('recycle');
    expect((await t.call(crm.existOther, { mobile: kit.mobile() }, agent)).body.data.isExist).toBe(false);
  });

  it('checks custom values and tags against the tenant definitions', async () => {
    const [level] = await t.database.db
      .insert(crmCustomFields)
      .values({ tenantId: kit.tenantId, name: '行业', type: 'select', options: ['教育', '金融'], isRequired: true })
      .returning();
    const [budget] = await t.database.db
      .insert(crmCustomFields)
      .values({ tenantId: kit.tenantId, name: '预算', type: 'number' })
      .returning();
    const missing = await create(agent, {});
    expect(missing.body).toMatchObject({ code: 10002, msg: '请填写「行业」' });
    const wrong = await create(agent, { customValues: { [level!.id]: '医疗' } });
    expect(wrong.body.msg).toBe('「行业」只能选择：教育、金融');
    const notNumber = await create(agent, { customValues: { [level!.id]: '教育', [budget!.id]: '很多' } });
    expect(notNumber.body.msg).toBe('「预算」请填写数字');
    const unknownTag = await create(agent, { customValues: { [level!.id]: '教育' }, tagIds: [999999] });
    expect(unknownTag.body.msg).toMatch(/标签不存在/);
    const ok = await create(agent, { name: '钱多多', customValues: { [level!.id]: '金融', [budget!.id]: 50000 } });
    expect(ok.body.code).toBe(0);
    const found = await t.call(
      crm.customerPage,
      {
        custom: [
          { fieldId: level!.id, anyOf: ['金融'] },
          { fieldId: budget!.id, range: [10000, null] },
        ],
      },
      agent,
    );
    expect(found.body.data.records.map((r) => r.id)).toEqual([ok.body.data.id]);
    // The remaining tests create customers without the industry.
    await t.database.db.update(crmCustomFields).set({ isRequired: false }).where(eq(crmCustomFields.id, level!.id));
  });

  it('masks mobiles for the agent, not for the manager, the administrator or with privacy off', async () => {
    const m = kit.mobile();
    const id = (await create(agent, { mobile: m })).body.data.id;
    expect((await t.call(crm.customerDetail, { id }, agent)).body.data.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect((await t.call(crm.customerDetail, { id }, manager)).body.data).toMatchObject({
      mobile: m,
      isMobileMasked: false,
    });
    expect((await t.call(crm.customerDetail, { id }, admin)).body.data.mobile).toBe(m);
    await kit.setRules({ isPrivacyOn: false });
    expect((await t.call(crm.customerDetail, { id }, agent)).body.data.mobile).toBe(m);
    await kit.resetRules();
  });

  it('lists by data scope: the agent his own, the manager his department and below, the administrator all', async () => {
    const mine = await t.call(crm.customerPage, { limit: 500 }, agent);
    expect(mine.body.data.total).toBeGreaterThan(0);
    expect(new Set(mine.body.data.records.map((r) => r.ownerId))).toEqual(new Set([agentId]));

    const dept = await t.call(crm.customerPage, { limit: 500 }, manager);
    const owners = new Set(dept.body.data.records.map((r) => r.ownerName));
    expect(owners.has('王强')).toBe(true);
    expect(owners.has('刘洋')).toBe(false);

    const all = await t.call(crm.customerPage, { limit: 500 }, admin);
    const total = await kit.count(
      sql`select count(*)::int as n from customers where tenant_id = ${kit.tenantId} and owner_id is not null and deleted_at is null`,
    );
    expect(all.body.data.total).toBe(total);
    expect(all.body.data.records.some((r) => r.ownerName === '刘洋')).toBe(true);

    // Another person's customer answers not found, like a missing one.
    const theirs = (await kit.ownedIds(agent4Id, 1))[0]!;
    expect((await t.call(crm.customerDetail, { id: theirs }, agent)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.customerUpdate, { id: theirs, remark: 'x' }, agent)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.customerDetail, { id: theirs }, manager)).body.code).not.toBe(0);
    expect((await t.call(crm.customerDetail, { id: theirs }, admin)).body.code).toBe(0);
  });

  it('filters by level, tags, department and sorts by a whitelisted column', async () => {
    const [tag] = await t.database.db.select().from(crmTags).where(eq(crmTags.tenantId, kit.tenantId)).limit(1);
    const tagged = await t.call(crm.customerPage, { tagIds: [tag!.id], limit: 500 }, admin);
    expect(tagged.body.data.records.every((r) => r.tags.some((x) => x.id === tag!.id && x.name === tag!.name))).toBe(
      true,
    );
    const levels = await t.call(crm.customerPage, { intentionLevels: ['A', 'B'], limit: 500 }, admin);
    expect(levels.body.data.records.every((r) => ['A', 'B'].includes(r.intentionLevel))).toBe(true);
    const [me] = await t.database.db.select().from(users).where(eq(users.id, agent4Id));
    const byDept = await t.call(crm.customerPage, { deptId: me!.deptId!, limit: 500 }, admin);
    expect(byDept.body.data.total).toBeGreaterThan(0);
    expect(byDept.body.data.records.every((r) => r.deptId === me!.deptId)).toBe(true);
    const sorted = await t.call(crm.customerPage, { sortField: 'name', sortOrder: 'ascend', limit: 50 }, admin);
    const names = sorted.body.data.records.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const page2 = await t.call(crm.customerPage, { page: 2, limit: 10 }, admin);
    expect(page2.body.data).toMatchObject({ current: 2, size: 10 });
    expect(page2.body.data.records).toHaveLength(10);
    const pool = await t.call(crm.poolPage, { limit: 500 }, agent);
    expect(pool.body.data.records.every((r) => r.ownerId === null)).toBe(true);
    expect(pool.body.data.total).toBeGreaterThan(0);
  });

  it('updates with a readable change log, follow-ups and comments on one timeline', async () => {
    const [tag] = await t.database.db.select().from(crmTags).where(eq(crmTags.tenantId, kit.tenantId)).limit(1);
    const id = (await create(agent, { intentionLevel: 'D' })).body.data.id;
    const up = await t.call(crm.customerUpdate, { id, intentionLevel: 'B', tagIds: [tag!.id], isDeal: true }, agent);
    expect(up.body.code).toBe(0);
    expect(up.body.data.dealAt).not.toBeNull();
    const past = await t.call(
      crm.followAdd,
      { customerId: id, content: '电话沟通', nextFollowAt: Date.now() - 1000 },
      agent,
    );
    expect(past.body.msg).toBe('下次跟进时间必须晚于现在');
    const next = Date.now() + 86_400_000;
    const follow = await t.call(crm.followAdd, { customerId: id, content: '客户有兴趣', nextFollowAt: next }, agent);
    expect(follow.body.data).toMatchObject({ kind: 'follow', content: '客户有兴趣', userName: '王强' });
    expect((await t.call(crm.commentAdd, { customerId: id, content: '跟紧一点' }, manager)).body.code).toBe(0);
    await t.database.db.insert(callRecords).values({
      tenantId: kit.tenantId,
      userId: agentId,
      customerId: id,
      lineId: (await kit.count(sql`select min(id)::int as n from lines`)) as number,
      bindId: 'test-call',
      telA: '13900000003',
      telB: '13900000000',
      callStatus: 1,
      finishStatus: 1,
      duration: 192,
      startTime: new Date(Date.now() - 60_000),
      endTime: new Date(Date.now() - 60_000 + 192_000),
    });
    const detail = (await t.call(crm.customerDetail, { id }, agent)).body.data;
    expect(detail).toMatchObject({
      lastFollowContent: '客户有兴趣',
      nextFollowAt: next,
      intentionLevel: 'B',
      isDeal: true,
    });
    const tl = (await t.call(crm.timeline, { customerId: id }, agent)).body.data;
    expect(new Set(tl.map((i) => i.kind))).toEqual(new Set(['follow', 'comment', 'owner', 'change', 'call']));
    const change = tl.find((i) => i.kind === 'change')!;
    expect(change.content).toContain('意向等级：D 潜在客户 → B 三个月内有需求');
    expect(change.content).toContain(`标签：空 → ${tag!.name}`);
    expect(change.content).toContain('成交状态：未成交 → 已成交');
    expect(tl.find((i) => i.kind === 'call')!.content).toBe('通话 3分12秒');
    const times = tl.map((i) => i.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const only = (await t.call(crm.timeline, { customerId: id, kinds: ['comment'] }, agent)).body.data;
    expect(only.map((i) => i.userName)).toEqual(['李娜']);
  });

  it('recycles and recovers a customer with his timeline intact, to the pool when the owner left', async () => {
    const id = (await create(agent, {})).body.data.id;
    await t.call(crm.followAdd, { customerId: id, content: '第一次沟通' }, agent);
    expect((await t.call(crm.privateRecycle, { ids: [id], reason: '重复录入' }, agent)).body.data).toEqual({
      done: 1,
      refused: [],
    });
    expect((await t.call(crm.customerDetail, { id }, agent)).body.code).not.toBe(0);
    const bin = await t.call(crm.recyclePage, { limit: 100 }, manager);
    const entry = bin.body.data.records.find((r) => r.id === id)!;
    expect(entry).toMatchObject({ deletedByName: '王强', ownerName: '王强' });
    const detail = await t.call(crm.recycleDetail, { id }, manager);
    expect(detail.body.data.timeline.some((i) => i.content === '第一次沟通')).toBe(true);
    // Recovered back to its owner, history and all.
    expect((await t.call(crm.recover, { id }, manager)).body.data).toEqual({ done: 1, refused: [] });
    const back = await t.call(crm.customerDetail, { id }, agent);
    expect(back.body.data.ownerId).toBe(agentId);
    const tl = (await t.call(crm.timeline, { customerId: id }, agent)).body.data;
    expect(tl.some((i) => i.content === '第一次沟通')).toBe(true);
    expect(tl.filter((i) => i.kind === 'owner').map((i) => i.detail.action)).toEqual(['recover', 'recycle', 'create']);

    // The owner is disabled meanwhile: the customer goes to the public pool, with the reason.
    const id2 = (await create(agent4, {})).body.data.id;
    await t.call(crm.privateRecycle, { ids: [id2], reason: '' }, agent4);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, agent4Id));
    const res = await t.call(crm.recoverBatch, { ids: [id2, 99_999_999] }, admin);
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, agent4Id));
    expect(res.body.data.done).toBe(1);
    expect(res.body.data.refused.map((r) => r.reason)).toEqual([
      '客户不在回收站中或不在您的数据范围内',
      '原负责人刘洋已不在职，已恢复到公海',
    ]);
    const inPool = await kit.customer(id2);
    expect(inPool).toMatchObject({ ownerId: null, previousOwnerId: agent4Id, deletedAt: null });
  });

  it('purges for good, one, a batch or all, only what is in the bin', async () => {
    const a = (await create(agent, {})).body.data.id;
    const b = (await create(agent, {})).body.data.id;
    const c = (await create(agent4, {})).body.data.id;
    await t.database.db.insert(callRecords).values({
      tenantId: kit.tenantId,
      userId: agentId,
      customerId: a,
      lineId: (await kit.count(sql`select min(id)::int as n from lines`)) as number,
      bindId: 'purge-call',
      telA: '13900000003',
      telB: '13900000000',
      callStatus: 2,
      finishStatus: 3,
      startTime: new Date(),
      endTime: new Date(),
    });
    await t.call(crm.privateRecycle, { ids: [a, b], reason: '' }, agent);
    await t.call(crm.privateRecycle, { ids: [c], reason: '' }, agent4);
    // Not yet in the bin: not purged.
    const live = (await create(agent, {})).body.data.id;
    expect((await t.call(crm.purgeBatch, { ids: [live] }, admin)).body.data.done).toBe(0);
    expect((await t.call(crm.purge, { id: a }, admin)).body.data.done).toBe(1);
    expect(await kit.count(sql`select count(*)::int as n from customers where id = ${a}`)).toBe(0);
    // The call stays (billed) without its customer.
    expect(
      await kit.count(
        sql`select count(*)::int as n from call_records where bind_id = 'purge-call' and customer_id is null`,
      ),
    ).toBe(1);
    // The manager's bin holds his department's rows, not agent04's.
    const inBin = await t.call(crm.recyclePage, { limit: 500 }, manager);
    expect(inBin.body.data.records.map((r) => r.id)).toContain(b);
    expect(inBin.body.data.records.map((r) => r.id)).not.toContain(c);
    // The manager may look into the bin but not empty it; the administrator empties all of it.
    expect((await t.call(crm.purgeAll, {}, manager)).body.code).toBe(403);
    const purged = await t.call(crm.purgeAll, {}, admin);
    expect(purged.body.data.done).toBeGreaterThanOrEqual(2);
    expect(await kit.count(sql`select count(*)::int as n from customers where id in (${b}, ${c})`)).toBe(0);
    expect(await kit.count(sql`select count(*)::int as n from customers where id = ${live}`)).toBe(1);
  });

  it('keeps another tenant out: its ids answer not found and its lists are empty', async () => {
    const platform = await t.loginAs.platform();
    const id = (await kit.ownedIds(agentId, 1))[0]!;
    const [pool] = await kit.poolIds(1);
    expect((await t.call(crm.customerDetail, { id }, platform)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.poolDetail, { id: pool! }, platform)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.customerUpdate, { id, name: '被改了' }, platform)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.timeline, { customerId: id }, platform)).body.code).not.toBe(0);
    expect((await t.call(crm.followAdd, { customerId: id, content: 'x' }, platform)).body.code).not.toBe(0);
    expect((await t.call(crm.claim, { ids: [pool!] }, platform)).body.data.done).toBe(0);
    expect((await t.call(crm.release, { ids: [id], reason: '' }, platform)).body.data.done).toBe(0);
    expect((await t.call(crm.privateRecycle, { ids: [id], reason: '' }, platform)).body.data.done).toBe(0);
    expect((await t.call(crm.updateLevel, { ids: [id], intentionLevel: 'A' }, platform)).body.data.done).toBe(0);
    expect((await t.call(crm.allocate, { ids: [id], userId: agentId, reason: '' }, platform)).body.code).not.toBe(0);
    expect((await t.call(crm.allocationCheck, { ids: [id], userIds: [agentId] }, platform)).body.code).not.toBe(0);
    expect((await t.call(crm.transfer, { ids: [id], toUserId: agentId, reason: '' }, platform)).body.code).not.toBe(0);
    expect((await t.call(crm.updateTags, { ids: [id], tagIds: [1], mode: 'add' }, platform)).body.code).not.toBe(0);
    const mobile = (await kit.customer(id)).mobile;
    expect((await t.call(crm.existOther, { mobile }, platform)).body.data.isExist).toBe(false);
    // Recycle-bin ids of the demo tenant are out of reach too.
    const binned = (await create(agent, {})).body.data.id;
    await t.call(crm.privateRecycle, { ids: [binned], reason: '' }, agent);
    expect((await t.call(crm.recycleDetail, { id: binned }, platform)).body.msg).toBe('客户不存在或已删除');
    expect((await t.call(crm.recover, { id: binned }, platform)).body.data.done).toBe(0);
    expect((await t.call(crm.purge, { id: binned }, platform)).body.data.done).toBe(0);
    expect((await t.call(crm.purgeAll, {}, platform)).body.data.done).toBe(0);
    expect((await kit.customer(binned)).deletedAt).not.toBeNull();
    const census = (await t.call(crm.census, { from: Date.now() - 86_400_000, to: Date.now() }, platform)).body.data;
    expect([census.total, census.inPool]).toEqual([0, 0]);
    expect((await t.call(crm.assignees, {}, platform)).body.data.every((p) => p.userId !== agentId)).toBe(true);
    expect((await t.call(crm.customerPage, {}, platform)).body.data.total).toBe(0);
    expect((await t.call(crm.poolPage, {}, platform)).body.data.total).toBe(0);
    expect((await t.call(crm.recyclePage, {}, platform)).body.data.total).toBe(0);
    expect((await t.call(crm.ownerLogPage, {}, platform)).body.data.total).toBe(0);
    expect((await kit.customer(id)).name).not.toBe('被改了');
  });

  it('offers as assignees only the staff inside the scope', async () => {
    const people = (await t.call(crm.assignees, {}, manager)).body.data;
    expect(people.some((p) => p.userId === managerId)).toBe(true);
    expect(people.some((p) => p.userId === agent4Id)).toBe(false);
  });
});
