import { noticeLinks, routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { crmOwnerLogs } from './crm.schema.js';
import { crmKit } from './crm.test-kit.js';

const { crm, system } = routeTables;
const day = 86_400_000;

/** The pool rules (业务规则) through the API, and the automatic release job. */
describe('crm pools and their rules', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof crmKit>>;
  let admin: string;
  let manager: string;
  let agent: string;
  let agent2: string;
  let agentId: number;
  let agent2Id: number;
  let agent3Id: number;
  let agent4Id: number;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await crmKit(t);
    [admin, manager, agent, agent2] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.manager(),
      t.loginAs.agent(),
      t.login('agent02', 'Agent@2026'),
    ]);
    agentId = await kit.userId('agent01');
    agent2Id = await kit.userId('agent02');
    agent3Id = await kit.userId('agent03');
    agent4Id = await kit.userId('agent04');
  });
  beforeEach(() => kit.resetRules());
  afterAll(() => t.close());

  /** Fresh public-pool customers (created by the administrator straight into the pool). */
  const poolCustomers = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await t.call(crm.poolCreate, { name: `公海客户${i}`, mobile: kit.mobile() }, admin);
      ids.push(res.body.data.id);
    }
    return ids;
  };
  const owned = (userId: number) =>
    kit.count(sql`select count(*)::int as n from customers where owner_id = ${userId} and deleted_at is null`);

  it('claims from the public pool, sets owner, department and time, and logs it', async () => {
    const [id] = await poolCustomers(1);
    const res = await t.call(crm.claim, { ids: [id!] }, agent);
    expect(res.body.data).toEqual({ done: 1, refused: [] });
    const row = await kit.customer(id!);
    expect(row.ownerId).toBe(agentId);
    expect(row.deptId).not.toBeNull();
    expect(row.ownedAt).not.toBeNull();
    expect((await kit.logsOf(id!)).map((l) => l.action)).toEqual(['create', 'claim']);
    const again = await t.call(crm.claim, { ids: [id!] }, agent2);
    expect(again.body.data).toEqual({ done: 0, refused: [{ id, name: '公海客户0', reason: '已被他人领取' }] });
  });

  it('refuses claims over the daily limit and says how many are left today', async () => {
    await kit.setRules({ dailyClaimLimit: 2 });
    const ids = await poolCustomers(3);
    const over = await t.call(crm.claim, { ids }, agent2);
    expect(over.body).toMatchObject({ code: 10056, msg: '每天最多领取2个客户，今天还可以领取2个，您选择了3个' });
    expect(await kit.customer(ids[0]!)).toMatchObject({ ownerId: null });
    expect((await t.call(crm.claim, { ids: [ids[0]!] }, agent2)).body.data.done).toBe(1);
    expect((await t.call(crm.claim, { ids: [ids[1]!, ids[2]!] }, agent2)).body.msg).toBe(
      '每天最多领取2个客户，今天还可以领取1个，您选择了2个',
    );
    expect((await t.call(crm.claim, { ids: [ids[1]!] }, agent2)).body.data.done).toBe(1);
    expect((await t.call(crm.claim, { ids: [ids[2]!] }, agent2)).body.msg).toBe(
      '今天的领取数量已达上限2个，请明天再领取',
    );
  });

  it('refuses claims over the maximum owned', async () => {
    const has = await owned(agentId);
    await kit.setRules({ maxOwned: has + 1 });
    const ids = await poolCustomers(2);
    const res = await t.call(crm.claim, { ids }, agent);
    expect(res.body.msg).toBe(`您已有${has}个客户，再增加2个将超过上限${has + 1}个（还可以增加1个）`);
    expect((await t.call(crm.claim, { ids: [ids[0]!] }, agent)).body.data.done).toBe(1);
  });

  it('blocks the previous owner from re-claiming for N days, with the date he may', async () => {
    await kit.setRules({ reclaimBlockDays: 3 });
    const [id] = await poolCustomers(1);
    await t.call(crm.claim, { ids: [id!] }, agent);
    expect((await t.call(crm.release, { ids: [id!], reason: '暂无需求' }, agent)).body.data.done).toBe(1);
    const row = await kit.customer(id!);
    expect(row).toMatchObject({ ownerId: null, previousOwnerId: agentId, deptId: null });
    const blocked = await t.call(crm.claim, { ids: [id!] }, agent);
    expect(blocked.body.data.done).toBe(0);
    expect(blocked.body.data.refused[0]!.reason).toMatch(
      /^离开您不满3天，\d{4}-\d{2}-\d{2} \d{2}:\d{2}后才能重新领取$/,
    );
    // Someone else may take him at once.
    expect((await t.call(crm.claim, { ids: [id!] }, agent2)).body.data.done).toBe(1);
    // After the block has passed the previous owner may claim again.
    await t.call(crm.release, { ids: [id!], reason: '' }, agent2);
    await t.database.db.execute(
      sql`update crm_owner_logs set created_at = now() - interval '4 days' where customer_id = ${id!} and from_user_id = ${agentId}`,
    );
    expect((await t.call(crm.claim, { ids: [id!] }, agent)).body.data.done).toBe(1);
  });

  it('gives a customer claimed by two people at once to only one of them', async () => {
    const ids = await poolCustomers(3);
    const [a, b] = await Promise.all([t.call(crm.claim, { ids }, agent), t.call(crm.claim, { ids }, agent2)]);
    expect(a.body.data.done + b.body.data.done).toBe(3);
    expect(a.body.data.refused.length + b.body.data.refused.length).toBe(3);
    for (const id of ids) {
      const claims = (await kit.logsOf(id)).filter((l) => l.action === 'claim');
      expect(claims).toHaveLength(1);
      expect((await kit.customer(id)).ownerId).toBe(claims[0]!.toUserId);
    }
  });

  it('checks an allocation and refuses it whole when anyone would go over his maximum', async () => {
    const ids = await poolCustomers(5);
    const has3 = await owned(agent3Id);
    // agent03 gets 3 of the 5 (the first person takes the remainder) and has room for 2 only.
    await kit.setRules({ maxOwned: has3 + 2 });
    const check = (await t.call(crm.allocationCheck, { ids, userIds: [agent3Id, agent2Id] }, manager)).body.data;
    expect(check.plan.map((p) => [p.userId, p.adding])).toEqual([
      [agent3Id, 3],
      [agent2Id, 2],
    ]);
    expect(check.plan[0]).toMatchObject({ owned: has3, maxOwned: has3 + 2, isOver: true, realName: '陈晨' });
    expect(check.isOk).toBe(false);
    expect(check.problems).toContain(`陈晨已有${has3}个客户，再增加3个将超过上限${has3 + 2}个（还可以增加2个）`);
    const refused = await t.call(crm.allocateEven, { ids, userIds: [agent3Id, agent2Id], reason: '新线索' }, manager);
    expect(refused.body.code).toBe(10056);
    expect(refused.body.msg).toMatch(/^分配未执行：陈晨已有/);
    // Nothing moved, not even agent02's share.
    for (const id of ids) expect((await kit.customer(id)).ownerId).toBeNull();

    await kit.resetRules();
    const ok = await t.call(crm.allocateEven, { ids, userIds: [agent3Id, agent2Id], reason: '新线索' }, manager);
    expect(ok.body.data).toEqual({ done: 5, refused: [] });
    const owners = await Promise.all(ids.map(async (id) => (await kit.customer(id)).ownerId));
    expect(owners).toEqual([agent3Id, agent3Id, agent3Id, agent2Id, agent2Id]);
    expect((await kit.logsOf(ids[0]!)).at(-1)).toMatchObject({
      action: 'allocate',
      toUserId: agent3Id,
      reason: '新线索',
    });
  });

  it('allocates only to active staff inside the scope and only customers inside it', async () => {
    const ids = await poolCustomers(1);
    const outside = await t.call(crm.allocate, { ids, userId: agent4Id, reason: '' }, manager);
    expect(outside.body.msg).toBe('员工不存在、已停用或不在您的数据范围内');
    const theirs = await kit.ownedIds(agent4Id, 1);
    const notMine = await t.call(crm.allocate, { ids: [...ids, ...theirs], userId: agent2Id, reason: '' }, manager);
    expect(notMine.body.msg).toBe('分配未执行：有1个客户不存在或不在您的数据范围内，请刷新后重新选择');
    expect((await kit.customer(ids[0]!)).ownerId).toBeNull();
    expect((await t.call(crm.allocate, { ids, userId: agent2Id, reason: '' }, manager)).body.data.done).toBe(1);
    expect(
      (await t.call(crm.allocate, { ids, userId: agent2Id, reason: '' }, manager)).body.data.refused[0]!.reason,
    ).toBe('已是赵丽的客户');
  });

  it('keeps the pools’ totals exact when agents claim, release and re-level at once (customer_counts)', async () => {
    // The totals of the lists come from counter rows kept by statement triggers (migration 0032):
    // every claim, release and level change below moves customers between those rows, in parallel.
    const levels = ['A', 'B', 'C', 'D'] as const;
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await t.call(
        crm.poolCreate,
        { name: `并发计数${i}`, mobile: kit.mobile(), intentionLevel: levels[i % 4] },
        admin,
      );
      ids.push(res.body.data.id);
    }
    const [mine, theirs] = [ids.slice(0, 12), ids.slice(12)];
    const answers = await Promise.all([
      ...mine.map((id) => t.call(crm.claim, { ids: [id] }, agent)),
      ...theirs.map((id) => t.call(crm.claim, { ids: [id] }, agent2)),
      ...mine.slice(0, 6).map((id) => t.call(crm.updateLevel, { ids: [id], intentionLevel: 'E' }, admin)),
      t.call(crm.claim, { ids: theirs.slice(0, 6) }, agent),
    ]);
    expect(answers.filter((a) => a.body.code !== 0 && a.body.code !== 10056).map((a) => a.body)).toEqual([]);
    const releases = await Promise.all([
      t.call(crm.release, { ids: mine.slice(6) }, agent),
      t.call(crm.release, { ids: theirs.slice(6) }, agent2),
      t.call(crm.updateLevel, { ids: ids.slice(3, 9), intentionLevel: 'A' }, admin),
    ]);
    expect(releases.map((a) => a.body.code)).toEqual([0, 0, 0]);
    const counted = async (owned: boolean) => {
      const page = await t.call(crm[owned ? 'customerPage' : 'poolPage'], { page: 1, limit: 20 }, admin);
      const direct = await t.database.db.execute(sql`select count(*)::int as n from customers
        where tenant_id = ${kit.tenantId} and deleted_at is null and owner_id is ${sql.raw(owned ? 'not null' : 'null')}`);
      return [page.body.data.total, rowsOf<{ n: number }>(direct)[0]!.n];
    };
    const [privateTotal, privateRows] = await counted(true);
    const [poolTotal, poolRows] = await counted(false);
    expect(privateTotal).toBe(privateRows);
    expect(poolTotal).toBe(poolRows);
  });

  it('transfers a leaver’s customers and checks the receiver’s maximum', async () => {
    const theirs = await kit.ownedIds(agent3Id, 100);
    const has2 = await owned(agent2Id);
    await kit.setRules({ maxOwned: has2 + theirs.length - 1 });
    const over = await t.call(crm.transfer, { fromUserId: agent3Id, toUserId: agent2Id, reason: '离职交接' }, manager);
    expect(over.body.msg).toMatch(/^转移未执行：赵丽已有/);
    await kit.resetRules();
    const res = await t.call(crm.transfer, { fromUserId: agent3Id, toUserId: agent2Id, reason: '离职交接' }, manager);
    expect(res.body.data).toEqual({ done: theirs.length, refused: [] });
    expect(await owned(agent3Id)).toBe(0);
    const log = (await kit.logsOf(theirs[0]!)).at(-1)!;
    expect(log).toMatchObject({ action: 'transfer', fromUserId: agent3Id, toUserId: agent2Id, reason: '离职交接' });
    expect((await kit.customer(theirs[0]!)).previousOwnerId).toBe(agent3Id);
    const agentCannot = await t.call(crm.transfer, { ids: theirs.slice(0, 1), toUserId: agentId, reason: '' }, agent);
    expect(agentCannot.body.code).toBe(403);
  });

  it('releases and recycles by condition, only what the caller sees', async () => {
    const mine = await t.call(
      crm.customerCreate,
      { name: '条件放入公海', mobile: kit.mobile(), source: '条件测试来源' },
      agent,
    );
    await t.call(crm.customerCreate, { name: '别人的', mobile: kit.mobile(), source: '条件测试来源' }, agent2);
    const res = await t.call(crm.releaseByCondition, { filter: { source: '条件测试来源' }, reason: '批量' }, agent);
    expect(res.body.data).toEqual({ done: 1, refused: [] });
    expect((await kit.customer(mine.body.data.id)).ownerId).toBeNull();
    const gone = await t.call(crm.recycleByCondition, { filter: { keyword: '条件放入公海' }, reason: '无效' }, agent);
    expect(gone.body.data.done).toBe(1);
    expect((await kit.customer(mine.body.data.id)).deletedAt).not.toBeNull();
  });

  it("edits each pool's customers at its own path, refusing one that changed pool", async () => {
    const [owned] = await kit.ownedIds(agentId, 1);
    const pooled = (await t.call(crm.poolCreate, { name: '公海待改', mobile: kit.mobile() }, admin)).body.data.id;
    const edited = await t.call(crm.poolUpdate, { id: pooled, remark: '公海里改的' }, admin);
    expect(edited.body.data.remark).toBe('公海里改的');
    expect((await t.call(crm.customerUpdate, { id: pooled, remark: 'x' }, admin)).body.msg).toBe(
      '该客户已在公海中，请刷新后重试',
    );
    expect((await t.call(crm.poolUpdate, { id: owned!, remark: 'x' }, admin)).body.msg).toBe(
      '该客户已被领取，请刷新后重试',
    );
    expect((await kit.customer(owned!)).remark).not.toBe('x');
  });

  it("deletes from each pool at its own path, refusing the other pool's customers", async () => {
    const [owned] = await kit.ownedIds(agentId, 1);
    const inPool = await t.call(crm.poolCreate, { name: '公海待删', mobile: kit.mobile() }, admin);
    const poolId = inPool.body.data.id;
    const wrongPool = await t.call(crm.recycle, { ids: [owned!], reason: '' }, admin);
    expect(wrongPool.body.data.refused.map((r) => r.reason)).toEqual(['不在公海中']);
    const wrongPrivate = await t.call(crm.privateRecycle, { ids: [poolId], reason: '' }, admin);
    expect(wrongPrivate.body.data.refused.map((r) => r.reason)).toEqual(['已在公海中']);
    expect((await kit.customer(owned!)).deletedAt).toBeNull();
    expect((await kit.customer(poolId)).deletedAt).toBeNull();
    expect((await t.call(crm.recycle, { ids: [poolId], reason: '' }, admin)).body.data.done).toBe(1);
    expect((await t.call(crm.privateRecycle, { ids: [owned!], reason: '' }, admin)).body.data.done).toBe(1);
    // By condition: the private path takes only owned customers of the filter.
    const source = `分池删除${kit.mobile().slice(-4)}`;
    const mine = await t.call(crm.customerCreate, { name: '条件私有', mobile: kit.mobile(), source }, agent);
    const pooled = await t.call(crm.poolCreate, { name: '条件公海', mobile: kit.mobile(), source }, admin);
    const byCond = await t.call(crm.privateRecycleByCondition, { filter: { source }, reason: '' }, admin);
    expect(byCond.body.data.done).toBe(1);
    expect((await kit.customer(mine.body.data.id)).deletedAt).not.toBeNull();
    expect((await kit.customer(pooled.body.data.id)).deletedAt).toBeNull();
  });

  it('changes level, labels, deal, protection and tags in batches with change logs', async () => {
    const ids = await kit.ownedIds(agentId, 3);
    const theirs = await kit.ownedIds(agent4Id, 1);
    const lv = await t.call(crm.updateLevel, { ids: [...ids, ...theirs], intentionLevel: 'A' }, agent);
    expect(lv.body.data.done).toBe(3);
    expect(lv.body.data.refused.map((r) => r.reason)).toEqual(['客户不存在或不在您的数据范围内']);
    expect((await kit.customer(ids[0]!)).intentionLevel).toBe('A');
    const deal = await t.call(crm.updateLabelOrDeal, { ids, isDeal: true, phoneLabel: 'busy' }, agent);
    expect(deal.body.data.done).toBe(3);
    expect(await kit.customer(ids[0]!)).toMatchObject({ isDeal: true, phoneLabel: 'busy' });
    expect((await kit.customer(ids[0]!)).dealAt).not.toBeNull();
    await t.call(crm.updateProtected, { ids, isProtected: true }, agent);
    expect((await kit.customer(ids[1]!)).isProtected).toBe(true);

    const tags = (await t.database.db.execute(
      sql`select id from crm_tags where tenant_id = ${kit.tenantId} order by id`,
    )) as unknown;
    const tagIds = ((tags as { rows?: { id: number }[] }).rows ?? (tags as { id: number }[])).map((r) => Number(r.id));
    await t.call(crm.updateTags, { ids, tagIds: [tagIds[0]!], mode: 'set' }, agent);
    await t.call(crm.updateTags, { ids, tagIds: [tagIds[1]!], mode: 'add' }, agent);
    expect((await kit.customer(ids[0]!)).tagIds).toEqual([tagIds[0], tagIds[1]]);
    await t.call(crm.updateTags, { ids, tagIds: [tagIds[0]!], mode: 'remove' }, agent);
    expect((await kit.customer(ids[2]!)).tagIds).toEqual([tagIds[1]]);
    expect((await t.call(crm.updateTags, { ids, tagIds: [99_999], mode: 'add' }, agent)).body.msg).toMatch(
      /标签不存在/,
    );
    const tl = (await t.call(crm.timeline, { customerId: ids[0]!, kinds: ['change'] }, agent)).body.data;
    expect(tl.map((i) => i.content).join('\n')).toMatch(/意向等级：.* → A 一个月内有明确需求/);
    expect(tl.map((i) => i.content).join('\n')).toContain('电话标签');
    expect(tl.map((i) => i.content).join('\n')).toContain('保护状态：未保护 → 已保护');
  });

  describe('automatic release', () => {
    const ago = (days: number) => new Date(Date.now() - days * day);
    const make = async (set: Record<string, unknown>) => {
      const res = await t.call(crm.customerCreate, { name: '自动回收测试', mobile: kit.mobile() }, agent2);
      await kit.setCustomer(res.body.data.id, { ownedAt: ago(8), lastFollowAt: null, ...set });
      return res.body.data.id;
    };

    it('releases by the rules, sparing protected and dealt customers, and reminds the owner once', async () => {
      await kit.setRules({ releaseNoFollowDays: 7, releaseNoDealDays: 30, remindBeforeDays: 2 });
      const stale = await make({});
      const protectedOne = await make({ isProtected: true });
      const dealt = await make({ isDeal: true });
      const followed = await make({ ownedAt: ago(20), lastFollowAt: ago(1) });
      const noDeal = await make({ ownedAt: ago(31), lastFollowAt: ago(1) });
      const soon = await make({ ownedAt: ago(6) });
      const fresh = await make({ ownedAt: ago(1) });
      const listed = (await t.call(crm.customerDetail, { id: soon }, agent2)).body.data;
      expect(listed.releaseAt).toBe((await kit.customer(soon)).ownedAt!.getTime() + 7 * day);
      expect((await t.call(crm.customerDetail, { id: protectedOne }, agent2)).body.data.releaseAt).toBeNull();

      // Two server processes running the job at the same moment.
      const [r1, r2] = await Promise.all([t.app.services.crm.runReleaseJob(), t.app.services.crm.runReleaseJob()]);
      expect(r1.released + r2.released).toBeGreaterThanOrEqual(2);

      for (const id of [stale, noDeal]) {
        const row = await kit.customer(id);
        expect(row).toMatchObject({ ownerId: null, previousOwnerId: agent2Id });
        const logs = (await kit.logsOf(id)).filter((l) => l.action === 'auto_release');
        expect(logs).toHaveLength(1);
        expect(logs[0]!.operatorId).toBeNull();
      }
      expect((await kit.logsOf(stale)).at(-1)!.reason).toBe('超过7天未跟进，自动放入公海');
      expect((await kit.logsOf(noDeal)).at(-1)!.reason).toBe('超过30天未成交，自动放入公海');
      for (const id of [protectedOne, dealt, followed, soon, fresh])
        expect((await kit.customer(id)).ownerId).toBe(agent2Id);

      expect((await kit.customer(soon)).releaseRemindedAt).not.toBeNull();
      expect((await kit.customer(fresh)).releaseRemindedAt).toBeNull();
      const bell = await t.call(system.myNoticePage, { page: 1, limit: 20 }, agent2);
      const reminders = bell.body.data.records.filter((n) => n.title === '客户即将自动放入公海');
      expect(reminders).toHaveLength(1);
      // The demo customers of agent02 fall under the same rules; one notice names them together.
      expect(reminders[0]!.content).toMatch(/^您有\d+个客户（.*自动回收测试.*）将因未跟进或未成交自动放入公海，最早在/);
      // The bell opens 我的客户 from it.
      expect(reminders[0]!.link).toBe(noticeLinks.myCustomers);
      // Each owner gets his own: agent01 hears of his customers only, the administrator (who owns none) of none.
      const other = await t.call(system.myNoticePage, { page: 1, limit: 20 }, agent);
      expect(other.body.data.records.some((n) => n.content.includes('自动回收测试'))).toBe(false);
      const none = await t.call(system.myNoticePage, { page: 1, limit: 20 }, admin);
      expect(none.body.data.records.some((n) => n.title === '客户即将自动放入公海')).toBe(false);

      // A later run moves nothing more and does not remind again.
      const again = await t.app.services.crm.runReleaseJob();
      expect(again).toEqual({ released: 0, reminded: 0 });
      const bell2 = await t.call(system.myNoticePage, { page: 1, limit: 20 }, agent2);
      expect(bell2.body.data.records.filter((n) => n.title === '客户即将自动放入公海')).toHaveLength(1);

      // A follow-up restarts the clock and the reminder.
      await t.call(crm.followAdd, { customerId: soon, content: '再联系' }, agent2);
      expect((await kit.customer(soon)).releaseRemindedAt).toBeNull();
      const auto = await t.call(crm.ownerLogPage, { action: 'auto_release', limit: 50 }, admin);
      expect(auto.body.data.records.every((r) => r.operatorName === null)).toBe(true);
      expect(
        await kit.count(
          sql`select count(*)::int as n from ${crmOwnerLogs} where action = 'auto_release' and customer_id in (${stale}, ${noDeal})`,
        ),
      ).toBe(2);
    });
  });
});
