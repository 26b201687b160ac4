import { JxsPerm, jxsRoleName, routeTables, type TMenuOut } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { tenants } from '../org/org.schema.js';
import { createTestAgent } from './agent.test-kit.js';

const r = routeTables.agent;
const urls = (nodes: TMenuOut[]): string[] => nodes.flatMap((n) => [...(n.url ? [n.url] : []), ...urls(n.list ?? [])]);

/** 经销商菜单 (get-menu-routing): the menu the agent's distributors open, from the one menu source. */
describe('经销商菜单 (jxs-user/get-menu-routing)', () => {
  let t: TTestApp;
  let reseller: string;
  let distributor: string;
  let demoAgentId: number;
  beforeAll(async () => {
    t = await startTestApp();
    reseller = await t.login('reseller', 'Reseller@2026');
    distributor = await t.login('distributor', 'Distributor@2026');
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.name, '杭州云帆通信代理有限公司'));
    demoAgentId = row!.id;
  });
  afterAll(() => t.close());

  it("answers the distributor's own menu: the screens of the 经销商 role, the same tree /menu/nav gives him", async () => {
    const res = await t.call(r.jxsMenuRouting, {}, reseller);
    expect(res.body.code).toBe(0);
    const { menuList, permissions, roleName, isActive } = res.body.data;
    expect({ roleName, isActive }).toEqual({ roleName: jxsRoleName, isActive: true });
    expect(permissions).toContain(JxsPerm.unlock);
    const screens = urls(menuList);
    expect(screens).toEqual(
      expect.arrayContaining(['agent/enterprises', 'agent/invite', 'agent/jxs-use', 'agent/jxs-unlock']),
    );
    expect(screens).not.toContain('agent/jxs');
    expect(screens).not.toContain('agent/prices');
    const own = await t.call(routeTables.org.menuNav, {}, distributor);
    expect(urls(own.body.data.menuList).sort()).toEqual([...screens].sort());
  });

  it("follows the role: a disabled 经销商 role opens none of the agent's screens; another agent keeps its own", async () => {
    const platform = await t.loginAs.platform();
    const other = await createTestAgent(t, platform, {
      name: '湖州己代理有限公司',
      username: 'menuagentb',
      mobile: '13833339001',
    });
    await t.database.db.execute(
      sql`update roles set status = 'disabled' where tenant_id = ${demoAgentId} and name = ${jxsRoleName}`,
    );
    const disabled = await t.call(r.jxsMenuRouting, {}, reseller);
    expect(disabled.body.data).toMatchObject({ isActive: false });
    // Only what everyone opens (首页, 个人中心) is left.
    expect(urls(disabled.body.data.menuList).filter((u) => u.startsWith('agent/'))).toEqual([]);
    const theirs = await t.call(r.jxsMenuRouting, {}, other.token);
    expect(theirs.body.data.isActive).toBe(true);
    expect(urls(theirs.body.data.menuList)).toContain('agent/jxs-unlock');
    await t.database.db.execute(
      sql`update roles set status = 'active' where tenant_id = ${demoAgentId} and name = ${jxsRoleName}`,
    );
  });

  it('refuses a distributor, an enterprise administrator and the platform', async () => {
    for (const token of [distributor, await t.loginAs.admin(), await t.loginAs.platform()]) {
      const res = await t.call(r.jxsMenuRouting, {}, token);
      expect(res.body.code).toBe(403);
      expect(res.body.data).toBeNull();
    }
  });
});
