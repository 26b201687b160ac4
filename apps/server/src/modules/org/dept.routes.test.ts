import { routeTables, type TDeptNode } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { demoIds } from './org.test-kit.js';

const r = routeTables.orgDept;
const names = (nodes: TDeptNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children)]);

describe('departments', () => {
  let t: TTestApp;
  let admin: string;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let root: number;
  let sales1: number;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    ids = await demoIds(t);
    root = await ids.dept('演示科技有限公司');
    sales1 = await ids.dept('销售一部');
  });
  afterAll(() => t.close());

  it('lists the tree with staff counts', async () => {
    const res = await t.call(r.deptList, {}, admin);
    expect(res.body.code).toBe(0);
    const [top] = res.body.data;
    expect(top).toMatchObject({ name: '演示科技有限公司', parentId: null, staffCount: 1, childCount: 2 });
    expect(top!.children.map((c) => c.name)).toEqual(['销售一部', '销售二部']);
    // 李娜, 王强, 赵丽, 陈晨 and the two pending applicants of 销售一部.
    expect(top!.children[0]).toMatchObject({ staffCount: 6 });
  });

  it('creates, renames, moves and gives a department with its path and children', async () => {
    const created = await t.call(r.deptCreate, { parentId: sales1, name: ' 电销A组 ' }, admin);
    expect(created.body).toMatchObject({ code: 0, data: { name: '电销A组', parentId: sales1, staffCount: 0 } });
    const id = created.body.data.id;
    const children = await t.call(r.deptChildren, { deptId: sales1 }, admin);
    expect(children.body.data.map((d) => d.name)).toEqual(['电销A组']);
    const renamed = await t.call(r.deptUpdate, { id, name: '电销一组' }, admin);
    expect(renamed.body.data.name).toBe('电销一组');
    const sales2 = await ids.dept('销售二部');
    const moved = await t.call(r.deptUpdate, { id, parentId: sales2 }, admin);
    expect(moved.body.data.parentId).toBe(sales2);
    const got = await t.call(r.deptGet, { id }, admin);
    expect(got.body.data).toMatchObject({ parentName: '销售二部', path: ['演示科技有限公司', '销售二部', '电销一组'] });
  });

  it('refuses a duplicate name under the same parent', async () => {
    const res = await t.call(r.deptCreate, { parentId: root, name: '销售一部' }, admin);
    expect(res.body).toMatchObject({ code: 10056, msg: '同一上级部门下已有名为「销售一部」的部门', data: null });
  });

  it('refuses moving a department under itself or under its own descendant', async () => {
    const self = await t.call(r.deptUpdate, { id: sales1, parentId: sales1 }, admin);
    expect(self.body).toMatchObject({ code: 10002, msg: '不能把部门移动到它自己下面' });
    const child = await t.call(r.deptCreate, { parentId: sales1, name: '一部下级' }, admin);
    const grandChild = await t.call(r.deptCreate, { parentId: child.body.data.id, name: '一部孙级' }, admin);
    const loop = await t.call(r.deptUpdate, { id: sales1, parentId: grandChild.body.data.id }, admin);
    expect(loop.body).toMatchObject({ code: 10002, msg: '不能把部门移动到它的下级部门下面' });
    const rootLoop = await t.call(r.deptUpdate, { id: root, parentId: sales1 }, admin);
    expect(rootLoop.body.code).toBe(10002);
    const tree = await t.call(r.deptList, {}, admin);
    expect(tree.body.data[0]!.parentId).toBeNull();
  });

  it('refuses deleting while staff or sub-departments remain, then deletes an empty one', async () => {
    const withStaff = await t.call(r.deptDelete, { id: await ids.dept('销售二部') }, admin);
    expect(withStaff.body.code).toBe(10056);
    expect(withStaff.body.msg).toMatch(/下级部门|员工/);
    const onlyStaff = await t.call(r.deptCreate, { parentId: root, name: '临时部门' }, admin);
    const tempId = onlyStaff.body.data.id;
    await t.database.db.execute(sql`update users set dept_id = ${tempId} where username = 'agent06'`);
    const refused = await t.call(r.deptDelete, { id: tempId }, admin);
    expect(refused.body).toMatchObject({ code: 10056, msg: '该部门下还有1名员工，请先将员工调到其他部门', data: null });
    const parentOfChildren = await t.call(r.deptDelete, { id: sales1 }, admin);
    expect(parentOfChildren.body.msg).toMatch(/^该部门下还有\d+个下级部门/);
    await t.database.db.execute(
      sql`update users set dept_id = ${await ids.dept('销售二部')} where username = 'agent06'`,
    );
    const ok = await t.call(r.deptDelete, { id: tempId }, admin);
    expect(ok.body.code).toBe(0);
    expect(names((await t.call(r.deptList, {}, admin)).body.data)).not.toContain('临时部门');
    expect((await t.call(r.deptGet, { id: tempId }, admin)).body).toMatchObject({ code: 10056 });
  });

  it('refuses bad input with 10002 and writes nothing', async () => {
    const before = (await t.call(r.deptList, {}, admin)).body.data;
    for (const body of [
      { parentId: root, name: '' },
      { parentId: root, name: 'x'.repeat(33) },
      { parentId: 'abc', name: '好名字' },
      { parentId: root, name: '斜/杠' },
    ]) {
      const res = await t.request('POST', r.deptCreate.path, { token: admin, body });
      expect(res.body.code).toBe(10002);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await t.call(r.deptList, {}, admin)).body.data).toEqual(before);
  });

  it('writes every change to the operation log', async () => {
    const rows = rowsOf<{ summary: string; result: string }>(
      await t.database.db.execute(
        sql`select summary, result from operation_logs where route like '%/base/sys/dept/%' order by id`,
      ),
    );
    expect(rows.map((x) => x.summary)).toEqual(expect.arrayContaining(['新增部门', '修改部门', '删除部门']));
    expect(rows.some((x) => x.result === 'failure')).toBe(true);
  });

  it('offers the CRM lists the departments of the data scope (getDeptSelectList), to whoever lists customers', async () => {
    const options = routeTables.crm.deptOptions;
    const all = await t.call(options, {}, admin);
    expect(all.body.code).toBe(0);
    expect(names(all.body.data)).toEqual(names((await t.call(r.deptList, {}, admin)).body.data));
    // The manager sees 销售一部 and what lies under it: his department is the root of his tree.
    const manager = await t.call(options, {}, await t.loginAs.manager());
    expect(manager.body.data.map((d) => d.name)).toEqual(['销售一部']);
    expect(names(manager.body.data)).not.toContain('销售二部');
    // An agent sees only his own customers: no department to filter by.
    const agent = await t.call(options, {}, await t.loginAs.agent());
    expect(agent.body).toMatchObject({ code: 0, data: [] });
  });

  it('lets the manager read the tree but not change it; the agent neither', async () => {
    const manager = await t.loginAs.manager();
    expect((await t.call(r.deptList, {}, manager)).body.code).toBe(0);
    expect((await t.call(r.deptCreate, { parentId: root, name: '越权' }, manager)).body.code).toBe(403);
    expect((await t.call(r.deptList, {}, await t.loginAs.agent())).body.code).toBe(403);
  });
});
