import { routeTables, type TResourceSave } from '@yunhu/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { customers } from '../crm/crm.schema.js';
import { departments, tenants, users } from '../org/org.schema.js';

const { resource: r, taskCard, line } = routeTables;

const script = (title: string, more: Partial<TResourceSave> = {}): TResourceSave => ({
  kind: 'script',
  title,
  sections: [{ kind: 'opening', heading: '开场白', text: `${title}：您好，我是演示科技的顾问。` }],
  ...more,
});

/**
 * A task's and a line's own 话术: named from the library by whoever sets the task or the line (only
 * a script of his enterprise that he may read), and shown first to the agent calling within the task
 * or on the line (only when he may read it).
 */
describe('the scripts a task and a line name', () => {
  let t: TTestApp;
  let admin: string;
  let agent01: string;
  let agent02: string;
  let other: Awaited<ReturnType<typeof otherEnterprise>>;
  let lineId: number;
  let taskId: number;
  const ids = { task: 0, line: 0, hidden: 0, other: 0 };
  const missing = '所选话术不存在或您无权查看，请重新选择';

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data;
  };
  const linked = async (token: string, input: { taskId?: number; lineId?: number }) =>
    ok(await t.call(r.libraryLinked, input, token)).map((s) => [s.origin, s.title]);

  beforeAll(async () => {
    t = await startTestApp();
    const { db } = t.database;
    [admin, agent01, agent02] = await Promise.all([
      t.loginAs.admin(),
      t.loginAs.agent(),
      t.login('agent02', 'Agent@2026'),
    ]);
    other = await otherEnterprise(t, { code: 'E400106', username: 'scriptboss', mobile: '13700010601' });
    const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'E100001'));
    // A department nobody of the test is in: a script for it is hidden from the agents.
    const [apart] = await db.insert(departments).values({ tenantId: demo!.id, name: '话术保密部' }).returning();
    ids.task = ok(await t.call(r.librarySave, script('回访任务话术'), admin)).id;
    ids.line = ok(await t.call(r.librarySave, script('回拨线路话术'), admin)).id;
    ids.hidden = ok(
      await t.call(r.librarySave, script('保密话术', { visibility: 'depts', deptIds: [apart!.id] }), admin),
    ).id;
    ids.other = ok(await t.call(r.librarySave, script('别家话术'), other.token)).id;
    lineId = ok(await t.call(line.lineOptions, {}, admin))[0]!.id;
    const [agent] = await db.select().from(users).where(eq(users.username, 'agent01'));
    const mine = await db
      .select()
      .from(customers)
      .where(and(eq(customers.ownerId, agent!.id), isNull(customers.deletedAt)))
      .limit(2);
    const task = ok(
      await t.call(
        taskCard.create,
        { name: '话术任务', customerIds: mine.map((c) => c.id), userIds: [agent!.id], scriptId: ids.task },
        admin,
      ),
    );
    expect(task).toMatchObject({ scriptId: ids.task, scriptTitle: '回访任务话术' });
    taskId = task.id;
  });
  afterAll(() => t.close());

  it('refuses another enterprise’s script for a task and a line, in Chinese', async () => {
    const res = await t.call(
      taskCard.update,
      { id: taskId, name: '话术任务', description: '', lineId: null, scriptId: ids.other, countdownSeconds: 5 },
      admin,
    );
    expect(res.body.msg).toBe(missing);
    expect((await t.call(line.lineScriptSave, { lineId, scriptId: ids.other }, admin)).body.msg).toBe(missing);
    // Nor a file, nor a line the enterprise holds no seat on.
    expect((await t.call(line.lineScriptSave, { lineId: 999_999, scriptId: ids.line }, admin)).body.msg).toBe(
      '请选择本企业已开通坐席的线路',
    );
    expect((await t.call(line.lineScriptSave, { lineId, scriptId: ids.line }, other.token)).body.msg).toBe(
      '请选择本企业已开通坐席的线路',
    );
  });

  it('shows the agent his task’s script first, then the line’s, and the line page names it', async () => {
    ok(await t.call(line.lineScriptSave, { lineId, scriptId: ids.line }, admin));
    const shown = ok(await t.call(line.lineList, {}, admin)).find((l) => l.id === lineId);
    expect(shown).toMatchObject({ scriptId: ids.line, scriptTitle: '回拨线路话术' });
    expect(await linked(agent01, { taskId, lineId })).toEqual([
      ['task', '回访任务话术'],
      ['line', '回拨线路话术'],
    ]);
    // The line on its own (the dock, a customer's page).
    expect(await linked(agent01, { lineId })).toEqual([['line', '回拨线路话术']]);
    // A task without customers of his names nothing for him.
    expect(await linked(agent02, { taskId })).toEqual([]);
    // Another enterprise asking with our ids sees nothing of ours.
    expect(await linked(other.token, { taskId, lineId })).toEqual([]);
  });

  it('takes the task’s line when none is given, and shows one script once', async () => {
    ok(
      await t.call(
        taskCard.update,
        { id: taskId, name: '话术任务', description: '', lineId, scriptId: ids.line, countdownSeconds: 5 },
        admin,
      ),
    );
    expect(await linked(agent01, { taskId })).toEqual([['task', '回拨线路话术']]);
  });

  it('leaves out a script the agent may not read, and a deleted one', async () => {
    // The administrator may name it (he reads everything); the agent is not shown it.
    ok(
      await t.call(
        taskCard.update,
        { id: taskId, name: '话术任务', description: '', lineId: null, scriptId: ids.hidden, countdownSeconds: 5 },
        admin,
      ),
    );
    expect(await linked(agent01, { taskId, lineId })).toEqual([['line', '回拨线路话术']]);
    expect((await t.call(r.libraryInfo, { id: ids.hidden }, agent01)).body.msg).toBe('资料不存在或已删除');
    ok(await t.call(r.libraryDelete, { id: ids.line }, admin));
    expect(await linked(agent01, { taskId, lineId })).toEqual([]);
    expect(ok(await t.call(line.lineList, {}, admin)).find((l) => l.id === lineId)?.scriptId).toBeNull();
  });
});
