import { routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { seats } from '../seat/seat.schema.js';
import { callKit } from './call.test-kit.js';

const info = routeTables.org.userInfo;

/**
 * The shell shows the soft-phone only to a person the user info says holds a valid
 * soft-phone seat now, so nobody else asks for a line config on every page.
 */
describe('who the soft-phone is for', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
  });
  afterAll(() => t.close());

  const seatOf = async (token: string) => (await t.call(info, undefined, token)).body.data.hasSoftphoneSeat;

  it('says yes for a person with a valid seat on the soft-phone line', async () => {
    expect(await seatOf(await t.loginAs.manager())).toBe(true);
  });

  it('says no for a person whose only seat is on a call-back line, and for one without any seat', async () => {
    expect(await seatOf(await t.loginAs.agent())).toBe(false);
    expect(await seatOf(await t.loginAs.admin())).toBe(false);
  });

  it('says no for the platform operator', async () => {
    expect(await seatOf(await t.loginAs.platform())).toBe(false);
  });

  it('says no once the seat has expired, and agrees with the line config the widget would ask for', async () => {
    const token = await t.loginAs.manager();
    const managerId = await kit.userId('manager');
    await t.database.db
      .update(seats)
      .set({ expireAt: new Date(Date.now() - 60_000) })
      .where(and(eq(seats.userId, managerId), eq(seats.lineId, kit.sipLine.id)));
    expect(await seatOf(token)).toBe(false);
    const config = await t.call(routeTables.call.lineConfig, { lineId: 2 }, token);
    expect(config.body.msg).toBe('您没有可用的软电话坐席，请联系管理员分配');
  });
});
