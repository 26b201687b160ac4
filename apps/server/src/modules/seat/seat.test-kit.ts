import { eq } from 'drizzle-orm';
import { hashPassword } from '../../security/password.js';
import type { TTestApp } from '../../test/harness.js';
import { cmccWorkNumbers, lines, tenantNumbers } from '../line/line.schema.js';
import { roles, tenants, userRoles, users } from '../org/org.schema.js';
import { seats } from './seat.schema.js';

const day = 86_400_000;

/**
 * Test helpers of the seat and number screens: the demo's ids, and a second enterprise (E300003)
 * with its own administrator, seat, caller number and work number for the isolation checks.
 */
export const seatKit = async (t: TTestApp) => {
  const { db } = t.database;
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'E100001'));
  const allLines = await db.select().from(lines);
  const sipLine = allLines.find((l) => l.mode === 2)!;
  const callbackLine = allLines.find((l) => l.mode === 0)!;
  const appLine = allLines.find((l) => l.mode !== 0 && l.mode !== 2)!;
  const userId = async (username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!.id;

  const otherEnterprise = async () => {
    const [tenant] = await db.insert(tenants).values({ code: 'E300003', name: '别家公司', authState: 2 }).returning();
    const [role] = await db
      .insert(roles)
      .values({ tenantId: tenant!.id, name: '管理员', dataScope: 'all', isAdmin: true })
      .returning();
    const [user] = await db
      .insert(users)
      .values({
        tenantId: tenant!.id,
        username: 'seatboss',
        mobile: '13700000301',
        realName: '别家管理员',
        passwordHash: await hashPassword('Seatboss@2026'),
        jobNumber: '0001',
      })
      .returning();
    await db.insert(userRoles).values({ userId: user!.id, roleId: role!.id, tenantId: tenant!.id });
    const now = Date.now();
    const [seat] = await db
      .insert(seats)
      .values({
        tenantId: tenant!.id,
        userId: user!.id,
        lineId: sipLine.id,
        startAt: new Date(now - day),
        expireAt: new Date(now + 30 * day),
      })
      .returning();
    const [number] = await db
      .insert(tenantNumbers)
      .values({ tenantId: tenant!.id, lineId: sipLine.id, number: '057199990001' })
      .returning();
    const [work] = await db
      .insert(cmccWorkNumbers)
      .values({ tenantId: tenant!.id, workNumber: '14799990001' })
      .returning();
    return {
      tenantId: tenant!.id,
      userId: user!.id,
      seatId: seat!.id,
      numberId: number!.id,
      workNumberId: work!.id,
      login: () => t.login('seatboss', 'Seatboss@2026'),
    };
  };

  return { demoTenantId: demo!.id, sipLine, callbackLine, appLine, userId, otherEnterprise };
};
