import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../../security/password.js';
import type { TTestApp } from '../../test/harness.js';
import { lines } from '../line/line.schema.js';
import { roles, tenants, userRoles, users } from '../org/org.schema.js';
import { seats } from '../seat/seat.schema.js';

const day = 86_400_000;

/**
 * Test helpers of the soft-phone credentials: the demo people's ids and seats, and a second
 * enterprise whose agent holds a soft-phone seat of his own.
 */
export const sipKit = async (t: TTestApp) => {
  const { db } = t.database;
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'E100001'));
  const [sipLine] = await db.select().from(lines).where(eq(lines.mode, 2)).limit(1);
  const userId = async (username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!.id;

  /** The seat of `username` on the soft-phone line (the demo seeds one for manager, agent02, 04, 06). */
  const setSeat = async (username: string, set: Partial<typeof seats.$inferInsert>) =>
    db
      .update(seats)
      .set(set)
      .where(and(eq(seats.userId, await userId(username)), eq(seats.lineId, sipLine!.id)));

  /** Another enterprise, E200002, with one agent (`other01`) holding a valid soft-phone seat. */
  const otherEnterprise = async () => {
    const [tenant] = await db.insert(tenants).values({ code: 'E200002', name: '另一家公司', authState: 2 }).returning();
    const [role] = await db
      .insert(roles)
      .values({ tenantId: tenant!.id, name: '坐席', dataScope: 'self', permissions: ['call:softphone:use'] })
      .returning();
    const [user] = await db
      .insert(users)
      .values({
        tenantId: tenant!.id,
        username: 'other01',
        mobile: '13700000201',
        realName: '外企坐席',
        passwordHash: await hashPassword('Other@2026'),
        jobNumber: '0001',
      })
      .returning();
    await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id, tenantId: tenant!.id });
    const now = Date.now();
    await db.insert(seats).values({
      tenantId: tenant!.id,
      userId: user!.id,
      lineId: sipLine!.id,
      startAt: new Date(now - day),
      expireAt: new Date(now + 30 * day),
    });
    return { tenantId: tenant!.id, userId: user!.id, login: () => t.login('other01', 'Other@2026') };
  };

  return { demoTenantId: demo!.id, sipLineId: sipLine!.id, userId, setSeat, otherEnterprise };
};
