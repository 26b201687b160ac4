import { roles, tenants, userRoles, users } from '../modules/org/org.schema.js';
import { hashPassword } from '../security/password.js';
import type { TTestApp } from './harness.js';

/**
 * Another enterprise with one administrator (data scope all) who can sign in: the tenant-isolation
 * tests' stranger. `tag` makes the code, account and mobile unique within a test database.
 */
export const otherEnterprise = async (t: TTestApp, tag: { code: string; username: string; mobile: string }) => {
  const { db } = t.database;
  const [tenant] = await db
    .insert(tenants)
    .values({ code: tag.code, name: `别家公司${tag.code}`, authState: 2 })
    .returning();
  const [role] = await db
    .insert(roles)
    .values({ tenantId: tenant!.id, name: '管理员', dataScope: 'all', isAdmin: true })
    .returning();
  const password = 'Otherboss@2026';
  const [boss] = await db
    .insert(users)
    .values({
      tenantId: tenant!.id,
      username: tag.username,
      mobile: tag.mobile,
      realName: '别家老板',
      passwordHash: await hashPassword(password),
      jobNumber: '0001',
    })
    .returning();
  await db.insert(userRoles).values({ userId: boss!.id, roleId: role!.id, tenantId: tenant!.id });
  return { tenantId: tenant!.id, userId: boss!.id, token: await t.login(tag.username, password) };
};
