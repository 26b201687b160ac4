import { maskPhone, Perm, routeTables, type TTaskCreate } from '@yunhu/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { callKit } from '../call/call.test-kit.js';
import { customers } from '../crm/crm.schema.js';
import { roles, userRoles } from '../org/org.schema.js';
import { spread } from './task-card.service.js';
import { figuresOf, phoneLabelOf } from './task-card.view.js';

const { taskCard: r, call, crm } = routeTables;

/** 任务卡 and 我的任务 over the API, on the demo enterprise. */
describe('calling tasks', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let admin: string;
  let manager: string;
  let agent01: string;
  let agent02: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    // Calls never finish on their own here: the slowed simulator keeps a call-back call under way.
    t.app.call.simulator.configure({ timeScale: 1000 });
    [admin, manager, agent01, agent02] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.manager(),
      t.loginAs.agent(),
      t.login('agent02', 'Agent@2026'),
    ]);
    for (const u of ['agent01', 'agent02']) await kit.setRules(u);
  });
  afterAll(() => t.close());

  /** Customers of one owner, oldest first. */
  const customersOf = async (username: string, n: number) =>
    t.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.ownerId, await kit.userId(username)), isNull(customers.deletedAt)))
      .orderBy(customers.id)
      .limit(n);
  const create = (token: string, input: Partial<TTaskCreate>) =>
    t.call(r.create, { name: '回访任务', ...input } as TTaskCreate, token);

  describe('creating', () => {
    it('spreads the customers evenly among the agents, in order', async () => {
      const picked = [...(await customersOf('agent01', 4)), ...(await customersOf('agent02', 3))];
      const agents = [await kit.userId('agent01'), await kit.userId('agent02'), await kit.userId('agent03')];
      const res = await create(manager, { customerIds: picked.map((c) => c.id), userIds: agents });
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({ status: 'running', total: 7, finished: 0, countdownSeconds: 5 });
      const rows = await q<{ user_id: number; n: number }>(sql`select user_id::int, count(*)::int as n
        from call_task_items where task_id = ${res.body.data.id} group by user_id order by user_id`);
      expect(rows.map((x) => x.n).sort()).toEqual([2, 2, 3]);
      const items = (await t.call(r.items, { id: res.body.data.id, limit: 50 }, manager)).body.data.records;
      expect(items.map((x) => x.customerId)).toEqual(picked.map((c) => c.id).sort((a, b) => a - b));
      expect(items.map((x) => x.userId)).toEqual(items.map((_x, k) => agents[k % 3]));
    });

    it('gives each customer to his owner, and refuses public-pool customers in that mode', async () => {
      const picked = [...(await customersOf('agent01', 2)), ...(await customersOf('agent03', 1))].sort(
        (a, b) => a.id - b.id,
      );
      const res = await create(manager, { customerIds: picked.map((c) => c.id), assign: 'owner' });
      expect(res.body.code).toBe(0);
      const items = (await t.call(r.items, { id: res.body.data.id }, manager)).body.data.records;
      expect(items.map((x) => x.userId)).toEqual(picked.map((c) => c.ownerId));
      expect(() => spread([{ id: 1, name: '公海客户', ownerId: null }], [], 'owner')).toThrow(
        '客户「公海客户」在公海中，没有负责人，请使用平均分配',
      );
    });

    it('takes the customers of a CRM filter from his private pool', async () => {
      const agent01Id = await kit.userId('agent01');
      const res = await create(manager, { filter: { ownerId: agent01Id }, userIds: [agent01Id] });
      expect(res.body.code).toBe(0);
      const [own] = await q<{ n: number }>(sql`select count(*)::int as n from customers
        where owner_id = ${agent01Id} and deleted_at is null`);
      expect(res.body.data.total).toBe(own!.n);
    });

    it('refuses an empty task, an agent outside his scope and a customer he cannot see, writing nothing', async () => {
      const [before] = await q<{ n: number }>(sql`select count(*)::int as n from call_tasks`);
      const agent01Id = await kit.userId('agent01');
      const own = await customersOf('agent01', 1);
      const noIds = await create(manager, { customerIds: [], userIds: [agent01Id] });
      expect(noIds.body).toMatchObject({ code: 10002, msg: expect.stringContaining('请选择客户') });
      const noMatch = await create(manager, { filter: { keyword: '没有这个客户zzz' }, userIds: [agent01Id] });
      expect(noMatch.body).toMatchObject({ code: 10002, msg: '任务中没有客户，请选择客户' });
      const noAgent = await create(manager, { customerIds: [own[0]!.id], userIds: [] });
      expect(noAgent.body).toMatchObject({ code: 10002, msg: '请选择坐席' });
      // agent04 works in 销售二部, outside the manager's 销售一部.
      const outside = await create(manager, { customerIds: [own[0]!.id], userIds: [await kit.userId('agent04')] });
      expect(outside.body).toMatchObject({ code: 10056, msg: '坐席不存在、已停用或不在您的数据范围内' });
      const theirs = await customersOf('agent04', 1);
      const hidden = await create(manager, { customerIds: [own[0]!.id, theirs[0]!.id], userIds: [agent01Id] });
      expect(hidden.body).toMatchObject({ code: 10056, msg: '有1个客户不存在或不在您的数据范围内，请刷新后重新选择' });
      const [after] = await q<{ n: number }>(sql`select count(*)::int as n from call_tasks`);
      expect(after!.n).toBe(before!.n);
    });
  });

  describe('working a task', () => {
    let taskId: number;
    let picked: (typeof customers.$inferSelect)[];

    beforeAll(async () => {
      picked = (await customersOf('agent01', 12)).slice(-3);
      const res = await create(manager, {
        name: '三位客户',
        customerIds: picked.map((c) => c.id),
        userIds: [await kit.userId('agent01')],
        countdownSeconds: 3,
      });
      taskId = res.body.data.id;
    });

    it('lists the task among his own and shows the first customer, masked', async () => {
      const mine = (await t.call(r.myTasks, {}, agent01)).body.data;
      expect(mine.find((x) => x.id === taskId)).toMatchObject({ name: '三位客户', total: 3, finished: 0 });
      const card = (await t.call(r.myCard, { id: taskId }, agent01)).body.data;
      expect(card.current).toMatchObject({ customerId: picked[0]!.id, mobile: maskPhone(picked[0]!.mobile) });
      expect(card.queue.map((x) => x.customerId)).toEqual([picked[1]!.id, picked[2]!.id]);
      expect(card.figures).toMatchObject({ total: 3, dialled: 0, finished: 0 });
    });

    it('ties a dial to the item, records the result as a follow-up with the phone label, and resumes there', async () => {
      const card = (await t.call(r.myCard, { id: taskId }, agent01)).body.data;
      const item = card.current!;
      const dialled = await t.call(
        call.dial,
        { telB: item.mobile, interfaceId: kit.callbackLine.id, octCustomerId: item.customerId },
        agent01,
      );
      expect(dialled.body.code).toBe(0);
      const tied = await t.call(r.itemDialled, { itemId: item.id, bindId: dialled.body.data.bindId }, agent01);
      expect(tied.body.data).toMatchObject({ status: 'dialled', attempts: 1, callState: 'ringing' });
      // A reload in the middle of the call: the same customer, still dialled.
      const again = (await t.call(r.myCard, { id: taskId }, agent01)).body.data;
      expect(again.current).toMatchObject({ id: item.id, status: 'dialled' });

      const saved = await t.call(r.itemResult, { itemId: item.id, result: 'invalid', note: '号码不存在' }, agent01);
      expect(saved.body.data).toMatchObject({ status: 'done', result: 'invalid', note: '号码不存在' });
      const [customer] = await q<{ phone_label: string; last_follow_content: string }>(
        sql`select phone_label, last_follow_content from customers where id = ${item.customerId}`,
      );
      expect(customer).toEqual({ phone_label: 'invalid', last_follow_content: '任务「三位客户」：空号，号码不存在' });
      const follows = await q<{ method: string }>(
        sql`select method from crm_follow_records where customer_id = ${item.customerId}`,
      );
      expect(follows.map((f) => f.method)).toContain('phone');

      const next = (await t.call(r.myCard, { id: taskId }, agent01)).body.data;
      expect(next.current?.customerId).toBe(picked[1]!.id);
      expect(next.figures).toMatchObject({ total: 3, dialled: 1, finished: 1, results: { invalid: 1 } });
      expect((await t.call(r.itemResult, { itemId: item.id, result: 'interested' }, agent01)).body).toMatchObject({
        code: 10056,
        msg: '该客户已记录结果，请刷新',
      });
    });

    it("refuses working another agent's item and a bind of another customer", async () => {
      const card = (await t.call(r.myCard, { id: taskId }, agent01)).body.data;
      const item = card.current!;
      const res = await t.call(r.itemResult, { itemId: item.id, result: 'interested' }, agent02);
      expect(res.body).toMatchObject({ code: 10056, msg: '任务客户不存在或不是您的客户' });
      expect((await t.call(r.itemSkip, { itemId: item.id }, agent02)).body.code).toBe(10056);
      expect((await t.call(r.myCard, { id: taskId }, agent02)).body).toMatchObject({
        code: 10056,
        msg: '任务不存在或没有分配给您的客户',
      });
      await kit.endCalls('agent01'); // his call of the test before is still under way (one at a time)
      const other = await t.call(call.dial, { telB: '13912340001', interfaceId: kit.callbackLine.id }, agent01);
      const wrong = await t.call(r.itemDialled, { itemId: item.id, bindId: other.body.data.bindId }, agent01);
      expect(wrong.body).toMatchObject({ code: 10002, msg: '呼叫编号与任务客户不一致，请刷新后重试' });
    });

    it('equals direct counts in the progress, overall and per agent', async () => {
      const current = (await t.call(r.myCard, { id: taskId }, agent01)).body.data.current!;
      await t.call(r.itemResult, { itemId: current.id, result: 'interested' }, agent01);
      const progress = (await t.call(r.progress, { id: taskId }, manager)).body.data;
      const [direct] = await q<{ total: number; dialled: number; finished: number; connected: number }>(sql`
        select count(*)::int as total, count(*) filter (where attempts > 0)::int as dialled,
          count(*) filter (where status in ('done', 'skipped'))::int as finished,
          count(*) filter (where status = 'done' and result in ('interested', 'not_interested', 'call_later'))::int
            as connected
        from call_task_items where task_id = ${taskId}`);
      expect(progress.figures).toMatchObject(direct!);
      expect(progress.figures.results).toMatchObject({ invalid: 1, interested: 1, no_answer: 0 });
      expect(progress.agents).toEqual([expect.objectContaining({ realName: '王强', ...direct })]);
      expect(progress.task).toMatchObject({ total: 3, finished: 2 });
      const [label] = await q<{ phone_label: string }>(
        sql`select phone_label from customers where id = ${current.customerId}`,
      );
      expect(label!.phone_label).toBe('connected');
    });

    it('refuses results on a paused dial and on a closed task', async () => {
      const current = (await t.call(r.myCard, { id: taskId }, agent01)).body.data.current!;
      await t.call(r.setStatus, { id: taskId, status: 'paused' }, manager);
      const paused = await t.call(r.itemDialled, { itemId: current.id, bindId: 'x' }, agent01);
      expect(paused.body).toMatchObject({ code: 10056, msg: '任务已暂停，请等待主管恢复后再拨打' });
      const closed = await t.call(r.setStatus, { id: taskId, status: 'closed' }, manager);
      expect(closed.body.data).toMatchObject({ status: 'closed', closedAt: expect.any(Number) });
      const res = await t.call(r.itemResult, { itemId: current.id, result: 'interested' }, agent01);
      expect(res.body).toMatchObject({ code: 10056, msg: '任务已结束，不能再记录结果' });
      expect((await t.call(r.setStatus, { id: taskId, status: 'running' }, manager)).body.code).toBe(10056);
      expect((await t.call(r.myTasks, {}, agent01)).body.data.map((x) => x.id)).not.toContain(taskId);
    });
  });

  describe('the dial grant of an open item', () => {
    it("lets an agent dial a colleague's customer while the item is open, not after", async () => {
      const [theirs] = await customersOf('agent01', 1);
      const before = await t.call(
        call.dial,
        { telB: maskPhone(theirs!.mobile), interfaceId: kit.sipLine.id, octCustomerId: theirs!.id },
        agent02,
      );
      expect(before.body).toMatchObject({ code: 10056, msg: '客户不存在或已删除' });
      const task = await create(manager, { customerIds: [theirs!.id], userIds: [await kit.userId('agent02')] });
      const dialled = await t.call(
        call.dial,
        { telB: maskPhone(theirs!.mobile), interfaceId: kit.sipLine.id, octCustomerId: theirs!.id },
        agent02,
      );
      expect(dialled.body.code).toBe(0);
      const item = (await t.call(r.myCard, { id: task.body.data.id }, agent02)).body.data.current!;
      await t.call(r.itemDialled, { itemId: item.id, bindId: dialled.body.data.bindId }, agent02);
      const saved = await t.call(r.itemResult, { itemId: item.id, result: 'call_later' }, agent02);
      expect(saved.body.code).toBe(0);
      const after = await t.call(
        call.dial,
        { telB: maskPhone(theirs!.mobile), interfaceId: kit.sipLine.id, octCustomerId: theirs!.id },
        agent02,
      );
      expect(after.body).toMatchObject({ code: 10056, msg: '客户不存在或已删除' });
    });
  });

  describe('a paused task', () => {
    let taskId: number;
    let theirs: typeof customers.$inferSelect;
    const pausedRefusal = { code: 10056, msg: '任务已暂停，请等待主管恢复后再拨打' };
    const bindsFor = async (customerId: number, username = 'agent02') =>
      (
        await q<{ n: number }>(
          sql`select count(*)::int as n from call_binds where customer_id = ${customerId} and user_id = ${await kit.userId(username)}`,
        )
      )[0]!.n;
    const check = () =>
      t.call(call.calleeCheck, { mobile: maskPhone(theirs.mobile), octCustomerId: theirs.id }, agent02);
    const dial = () =>
      t.call(
        call.dial,
        { telB: maskPhone(theirs.mobile), interfaceId: kit.sipLine.id, octCustomerId: theirs.id },
        agent02,
      );

    beforeAll(async () => {
      // A colleague's customer: only the task's grant lets agent02 dial him.
      theirs = (await customersOf('agent01', 16)).at(-1)!;
      const task = await create(manager, {
        name: '暂停的任务',
        customerIds: [theirs.id],
        userIds: [await kit.userId('agent02')],
      });
      taskId = task.body.data.id;
    });

    it('refuses the callee check and the dial with the paused message, writing no dial request', async () => {
      expect((await dial()).body.code).toBe(0);
      const before = await bindsFor(theirs.id);
      await t.call(r.setStatus, { id: taskId, status: 'paused' }, manager);
      expect((await check()).body).toMatchObject(pausedRefusal);
      expect((await dial()).body).toMatchObject(pausedRefusal);
      expect(await bindsFor(theirs.id)).toBe(before);
    });

    it('grants the customer again once the task is resumed, and refuses with the closed message after closing', async () => {
      await t.call(r.setStatus, { id: taskId, status: 'running' }, manager);
      expect((await check()).body).toMatchObject({ code: 0, data: 0 });
      expect((await dial()).body.code).toBe(0);
      await t.call(r.setStatus, { id: taskId, status: 'closed' }, manager);
      const before = await bindsFor(theirs.id);
      expect((await dial()).body).toMatchObject({ code: 10056, msg: '任务已结束，不能再拨打' });
      expect(await bindsFor(theirs.id)).toBe(before);
    });

    it('leaves his own customers to his own access: a paused task does not take them from him', async () => {
      const own = (await customersOf('agent02', 1))[0]!;
      const task = await create(manager, {
        name: '自己的客户',
        customerIds: [own.id],
        userIds: [await kit.userId('agent02')],
      });
      await t.call(r.setStatus, { id: task.body.data.id, status: 'paused' }, manager);
      const res = await t.call(
        call.dial,
        { telB: maskPhone(own.mobile), interfaceId: kit.sipLine.id, octCustomerId: own.id },
        agent02,
      );
      expect(res.body.code).toBe(0);
      // Dialled from 我的任务, the request names the item: the paused task refuses it in the dial's
      // own transaction, so a pause between the page's check and the call places nothing.
      const item = (await t.call(r.myCard, { id: task.body.data.id }, agent02)).body.data.current!;
      const before = await bindsFor(own.id, 'agent02');
      const fromTask = (over: object = {}) =>
        t.call(
          call.dial,
          {
            telB: maskPhone(own.mobile),
            interfaceId: kit.sipLine.id,
            octCustomerId: own.id,
            taskItemId: item.id,
            ...over,
          },
          agent02,
        );
      expect((await fromTask()).body).toMatchObject(pausedRefusal);
      expect(await bindsFor(own.id, 'agent02')).toBe(before);
      await t.call(r.setStatus, { id: task.body.data.id, status: 'running' }, manager);
      expect((await fromTask()).body.code).toBe(0);
      // Another customer under this item, or someone else's item, is refused.
      const other = (await customersOf('agent02', 2))[1]!;
      const wrong = await fromTask({ telB: maskPhone(other.mobile), octCustomerId: other.id });
      expect(wrong.body).toMatchObject({ code: 10002, msg: '呼叫编号与任务客户不一致，请刷新后重试' });
      const notHis = await t.call(
        call.dial,
        { telB: maskPhone(own.mobile), interfaceId: kit.sipLine.id, octCustomerId: own.id, taskItemId: item.id },
        agent01,
      );
      expect(notHis.body.code).not.toBe(0);
      expect(await bindsFor(own.id, 'agent02')).toBe(before + 1);
    });
  });

  describe('customers moved to the recycle bin', () => {
    let taskId: number;
    let picked: (typeof customers.$inferSelect)[];
    const recycle = (id: number) => t.call(crm.privateRecycle, { ids: [id], reason: '重复客户' }, admin);

    beforeAll(async () => {
      picked = (await customersOf('agent01', 20)).slice(-3);
      expect(picked).toHaveLength(3);
      const res = await create(manager, {
        name: '回收站客户',
        customerIds: picked.map((c) => c.id),
        userIds: [await kit.userId('agent01')],
      });
      taskId = res.body.data.id;
    });

    it('passes over a deleted customer: the next one is current and he leaves the queue', async () => {
      expect((await recycle(picked[0]!.id)).body.code).toBe(0);
      const card = (await t.call(r.myCard, { id: taskId }, agent01)).body.data;
      expect(card.current).toMatchObject({ customerId: picked[1]!.id, status: 'pending' });
      expect(card.queue.map((x) => x.customerId)).toEqual([picked[2]!.id]);
      expect(card.figures).toMatchObject({ total: 3, finished: 0, deleted: 1 });
      // Deleted while he was the next one: the queue passes over him too.
      expect((await recycle(picked[2]!.id)).body.code).toBe(0);
      const next = (await t.call(r.myCard, { id: taskId }, agent01)).body.data;
      expect(next.current?.customerId).toBe(picked[1]!.id);
      expect(next.queue).toEqual([]);
    });

    it('shows the manager the deleted customers apart, equal to direct counts, and marks them in the list', async () => {
      const progress = (await t.call(r.progress, { id: taskId }, manager)).body.data;
      const [direct] = await q<{ total: number; finished: number; deleted: number }>(sql`
        select count(*)::int as total,
          count(*) filter (where ci.status in ('done', 'skipped'))::int as finished,
          count(*) filter (where ci.status in ('pending', 'dialled') and c.deleted_at is not null)::int as deleted
        from call_task_items ci join customers c on c.id = ci.customer_id where ci.task_id = ${taskId}`);
      expect(direct).toEqual({ total: 3, finished: 0, deleted: 2 });
      expect(progress.figures).toMatchObject(direct!);
      expect(progress.agents).toEqual([expect.objectContaining({ realName: '王强', ...direct })]);
      // The task list and the agent's list of tasks count them the same way.
      const listed = (await t.call(r.page, { limit: 100 }, manager)).body.data.records.find((x) => x.id === taskId);
      expect(listed).toMatchObject(direct!);
      const mine = (await t.call(r.myTasks, {}, agent01)).body.data.find((x) => x.id === taskId);
      expect(mine).toMatchObject(direct!);
      const items = (await t.call(r.items, { id: taskId }, manager)).body.data.records;
      expect(items.map((x) => [x.customerId, x.isCustomerDeleted])).toEqual([
        [picked[0]!.id, true],
        [picked[1]!.id, false],
        [picked[2]!.id, true],
      ]);
    });

    it('brings a recovered customer back as pending, in his place in the order', async () => {
      const recovered = await t.call(crm.recover, { id: picked[0]!.id }, admin);
      expect(recovered.body).toMatchObject({ code: 0, data: { refused: [] } });
      const card = (await t.call(r.myCard, { id: taskId }, agent01)).body.data;
      expect(card.current).toMatchObject({ customerId: picked[0]!.id, status: 'pending', isCustomerDeleted: false });
      expect(card.queue.map((x) => x.customerId)).toEqual([picked[1]!.id]);
      expect(card.figures).toMatchObject({ total: 3, deleted: 1 });
      expect((await t.call(r.progress, { id: taskId }, manager)).body.data.figures).toMatchObject({ deleted: 1 });
    });
  });

  describe('public-pool customers (公海回访) for an agent whose role lacks the public pool', () => {
    let agent03: string;
    let agent03Id: number;
    let lineId: number;
    let pool: (typeof customers.$inferSelect)[];
    let taskId: number;
    const notFound = { code: 10056, msg: '客户不存在或已删除' };
    const dial = (c: typeof customers.$inferSelect) =>
      t.call(call.dial, { telB: maskPhone(c.mobile), interfaceId: lineId, octCustomerId: c.id }, agent03);

    beforeAll(async () => {
      // agent03 gets a role of the agent's rights without 公海 (list and claim).
      const { db } = t.database;
      agent03Id = await kit.userId('agent03');
      const [agentRole] = await db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, kit.tenantId), eq(roles.name, '坐席')));
      const [callerRole] = await db
        .insert(roles)
        .values({
          tenantId: kit.tenantId,
          name: '回访坐席',
          dataScope: 'self',
          permissions: agentRole!.permissions.filter((p) => p !== Perm.poolList && p !== Perm.poolClaim),
        })
        .returning();
      await db.update(userRoles).set({ roleId: callerRole!.id }).where(eq(userRoles.userId, agent03Id));
      await kit.setRules('agent03');
      agent03 = await t.login('agent03', 'Agent@2026');
      lineId = (await t.call(call.usableLines, {}, agent03)).body.data[0]!.lineId;
      pool = await t.database.db
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, kit.tenantId), isNull(customers.ownerId), isNull(customers.deletedAt)))
        .orderBy(customers.id)
        .limit(4);
      expect(pool).toHaveLength(4);
    });

    it('refuses him the public pool and its customers outside any task', async () => {
      expect((await dial(pool[0]!)).body).toMatchObject(notFound);
      expect((await t.call(crm.poolPage, {}, agent03)).body.code).toBe(403);
      expect((await t.call(crm.poolDetail, { id: pool[0]!.id }, agent03)).body.code).toBe(403);
      // The manager may see the public pool, so his task takes them.
      const task = await create(manager, {
        name: '公海回访',
        customerIds: pool.slice(0, 3).map((c) => c.id),
        userIds: [agent03Id],
      });
      expect(task.body.data).toMatchObject({ total: 3 });
      taskId = task.body.data.id;
    });

    it('lets him dial and record the public-pool customer of his open item, who stays in the public pool', async () => {
      const card = (await t.call(r.myCard, { id: taskId }, agent03)).body.data;
      expect(card.current).toMatchObject({ customerId: pool[0]!.id, mobile: maskPhone(pool[0]!.mobile) });
      expect(card.queue.map((x) => x.customerId)).toEqual([pool[1]!.id, pool[2]!.id]);
      const item = card.current!;
      const check = await t.call(call.calleeCheck, { mobile: item.mobile, octCustomerId: item.customerId }, agent03);
      expect(check.body).toMatchObject({ code: 0, data: 0 });
      const dialled = await dial(pool[0]!);
      expect(dialled.body.code).toBe(0);
      const tied = await t.call(r.itemDialled, { itemId: item.id, bindId: dialled.body.data.bindId }, agent03);
      expect(tied.body.code).toBe(0);
      const saved = await t.call(r.itemResult, { itemId: item.id, result: 'interested', note: '愿意了解' }, agent03);
      expect(saved.body.data).toMatchObject({ status: 'done', result: 'interested' });
      const [row] = await q<{ owner_id: number | null; phone_label: string; last_follow_content: string }>(
        sql`select owner_id, phone_label, last_follow_content from customers where id = ${item.customerId}`,
      );
      expect(row).toEqual({
        owner_id: null,
        phone_label: 'connected',
        last_follow_content: '任务「公海回访」：有意向，愿意了解',
      });
      const follows = await q<{ user_id: number }>(
        sql`select user_id::int from crm_follow_records where customer_id = ${item.customerId}`,
      );
      expect(follows.map((f) => f.user_id)).toContain(agent03Id);
      // The item is done: the customer is refused to him again.
      expect((await dial(pool[0]!)).body).toMatchObject(notFound);
    });

    it('grants only the customers of his open items, and only through the task', async () => {
      // Not in the task: another public-pool customer stays refused.
      expect((await dial(pool[3]!)).body).toMatchObject(notFound);
      // Open in the task, but the CRM's own screens stay closed to him.
      const follow = await t.call(crm.followAdd, { customerId: pool[1]!.id, content: '绕过任务跟进' }, agent03);
      expect(follow.body).toMatchObject(notFound);
      expect((await t.call(crm.timeline, { customerId: pool[1]!.id }, agent03)).body).toMatchObject(notFound);
      expect((await t.call(crm.customerDetail, { id: pool[1]!.id }, agent03)).body).toMatchObject(notFound);
      // Skipping ends the grant of that item too.
      const item = (await t.call(r.myCard, { id: taskId }, agent03)).body.data.current!;
      expect(item.customerId).toBe(pool[1]!.id);
      expect((await t.call(r.itemSkip, { itemId: item.id }, agent03)).body.data).toMatchObject({ status: 'skipped' });
      expect((await dial(pool[1]!)).body).toMatchObject(notFound);
    });

    it('ends the grant when the task is closed: no dial, no result, no customer shown', async () => {
      const item = (await t.call(r.myCard, { id: taskId }, agent03)).body.data.current!;
      expect(item.customerId).toBe(pool[2]!.id);
      // The demo's own follow-ups of him: no result adds one to them.
      const follows = sql`select count(*)::int as n from crm_follow_records where customer_id = ${pool[2]!.id}`;
      const [before] = await q<{ n: number }>(follows);
      await kit.endCalls('agent03'); // his call of the test before is still under way (one at a time)
      expect((await dial(pool[2]!)).body.code).toBe(0);
      await t.call(r.setStatus, { id: taskId, status: 'closed' }, manager);
      expect((await dial(pool[2]!)).body).toMatchObject({ code: 10056, msg: '任务已结束，不能再拨打' });
      expect((await t.call(r.itemResult, { itemId: item.id, result: 'interested' }, agent03)).body).toMatchObject({
        code: 10056,
        msg: '任务已结束，不能再记录结果',
      });
      expect((await t.call(r.itemSkip, { itemId: item.id }, agent03)).body).toMatchObject({
        code: 10056,
        msg: '任务已结束，不能再跳过客户',
      });
      const card = (await t.call(r.myCard, { id: taskId }, agent03)).body.data;
      expect(card).toMatchObject({ current: null, queue: [], figures: { total: 3, finished: 2 } });
      const [last] = await q<{ n: number }>(follows);
      expect(last!.n).toBe(before!.n);
    });
  });

  describe('data scope and tenant isolation', () => {
    let adminTask: number;
    let managerTask: number;

    beforeAll(async () => {
      const agent01Id = await kit.userId('agent01');
      const [c] = await customersOf('agent01', 1);
      adminTask = (await create(admin, { name: '企业任务', customerIds: [c!.id], userIds: [agent01Id] })).body.data.id;
      managerTask = (await create(manager, { name: '部门任务', customerIds: [c!.id], userIds: [agent01Id] })).body.data
        .id;
    });

    it("hides a task of a department above the manager's from every manager endpoint", async () => {
      const list = (await t.call(r.page, { limit: 100 }, manager)).body.data.records.map((x) => x.id);
      expect(list).toContain(managerTask);
      expect(list).not.toContain(adminTask);
      expect((await t.call(r.page, { limit: 100 }, admin)).body.data.records.map((x) => x.id)).toContain(managerTask);
      const refused = { code: 10056, msg: '任务不存在或不在您的数据范围内' };
      expect((await t.call(r.progress, { id: adminTask }, manager)).body).toMatchObject(refused);
      expect((await t.call(r.items, { id: adminTask }, manager)).body).toMatchObject(refused);
      expect((await t.call(r.update, { id: adminTask, name: '改名' }, manager)).body).toMatchObject(refused);
      expect((await t.call(r.setStatus, { id: adminTask, status: 'paused' }, manager)).body).toMatchObject(refused);
      expect((await t.call(r.removeItems, { id: adminTask, itemIds: [1] }, manager)).body).toMatchObject(refused);
      const [c] = await customersOf('agent02', 1);
      const add = { id: adminTask, customerIds: [c!.id], userIds: [await kit.userId('agent02')] };
      expect((await t.call(r.addItems, add, manager)).body).toMatchObject(refused);
      // The agent works the items of both: his own customers, whoever made the task.
      const mine = (await t.call(r.myTasks, {}, agent01)).body.data.map((x) => x.id);
      expect(mine).toEqual(expect.arrayContaining([adminTask, managerTask]));
      // Agents may not open the managers' screens at all.
      expect((await t.call(r.page, {}, agent01)).body.code).toBe(403);
    });

    it('refuses a customer already in the task and removes only customers not worked yet', async () => {
      const [c] = await customersOf('agent01', 1);
      const dup = await t.call(
        r.addItems,
        { id: managerTask, customerIds: [c!.id], userIds: [await kit.userId('agent01')] },
        manager,
      );
      expect(dup.body).toMatchObject({ code: 10056, msg: `客户「${c!.name}」已在任务中` });
      const [more] = (await customersOf('agent02', 2)).slice(1);
      const added = await t.call(
        r.addItems,
        { id: managerTask, customerIds: [more!.id], userIds: [await kit.userId('agent02')] },
        manager,
      );
      expect(added.body.data.total).toBe(2);
      const items = (await t.call(r.items, { id: managerTask }, manager)).body.data.records;
      const first = items[0]!;
      await t.call(r.itemSkip, { itemId: first.id }, agent01);
      const refused = await t.call(r.removeItems, { id: managerTask, itemIds: [first.id] }, manager);
      expect(refused.body).toMatchObject({ code: 10056, msg: '已完成或已跳过的客户不能移除' });
      const removed = await t.call(r.removeItems, { id: managerTask, itemIds: [items[1]!.id] }, manager);
      expect(removed.body.data).toMatchObject({ total: 1, finished: 1 });
    });

    it("never shows or touches another enterprise's tasks", async () => {
      const stranger = await otherEnterprise(t, { code: 'E700007', username: 'taskboss', mobile: '13700000707' });
      const _tenant = { id: stranger.tenantId };
      const boss = { id: stranger.userId };
      const other = stranger.token;
      expect((await t.call(r.page, {}, other)).body.data.total).toBe(0);
      expect((await t.call(r.progress, { id: managerTask }, other)).body.code).toBe(10056);
      expect((await t.call(r.items, { id: managerTask }, other)).body.code).toBe(10056);
      expect((await t.call(r.setStatus, { id: managerTask, status: 'closed' }, other)).body.code).toBe(10056);
      expect((await t.call(r.myTasks, {}, other)).body.data).toEqual([]);
      expect((await t.call(r.myCard, { id: managerTask }, other)).body.code).toBe(10056);
      const [item] = await q<{ id: number }>(sql`select id::int from call_task_items where task_id = ${managerTask}`);
      expect((await t.call(r.itemResult, { itemId: item!.id, result: 'interested' }, other)).body.code).toBe(10056);
      expect((await t.call(r.itemSkip, { itemId: item!.id }, other)).body.code).toBe(10056);
      // Their own customer cannot join our task, nor ours theirs.
      const [c] = await customersOf('agent01', 1);
      const theirs = await t.call(r.create, { name: '偷看', customerIds: [c!.id], userIds: [boss.id] }, other);
      expect(theirs.body.code).toBe(10056);
    });
  });

  describe('figures and labels', () => {
    it('sums grouped counts and maps results to phone labels', () => {
      const f = figuresOf([
        { userId: 1, status: 'done', result: 'interested', isDialled: true, isDeleted: false, n: 2 },
        { userId: 1, status: 'skipped', result: null, isDialled: false, isDeleted: false, n: 1 },
        { userId: 2, status: 'pending', result: null, isDialled: false, isDeleted: false, n: 4 },
        { userId: 2, status: 'done', result: 'no_answer', isDialled: true, isDeleted: false, n: 1 },
        // Customers in the recycle bin: open ones count apart, worked ones keep their result.
        { userId: 2, status: 'dialled', result: null, isDialled: true, isDeleted: true, n: 2 },
        { userId: 2, status: 'done', result: 'no_answer', isDialled: true, isDeleted: true, n: 1 },
      ]);
      expect(f).toMatchObject({ total: 11, dialled: 6, finished: 5, skipped: 1, connected: 2, deleted: 2 });
      expect(f.results).toMatchObject({ interested: 2, no_answer: 2 });
      expect(phoneLabelOf('no_answer')).toBe('no_answer');
      expect(phoneLabelOf('call_later')).toBe('connected');
      expect(phoneLabelOf('rejected')).toBeUndefined();
    });
  });
});
