import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client.js';
import { openSeededTestDatabase } from '../../test/seeded-database.js';
import { lines } from '../line/line.schema.js';
import { tenants, users } from '../org/org.schema.js';
import { callingRulesFor, defaultCallingRules } from './calling.service.js';
import { callingSettings, seats } from './seat.schema.js';
import { findUsableSeat } from './seat.service.js';

const day = 86_400_000;

/** The two questions the dial flow asks this area: a usable seat, and the staff member's calling rules. */
describe('seat and calling rules for the dial flow', () => {
  let database: TDatabase;
  let tenantId: number;
  let sipLineId: number;
  let callbackLineId: number;
  const userId = async (username: string) =>
    (await database.db.select().from(users).where(eq(users.username, username)))[0]!.id;

  beforeAll(async () => {
    database = await openSeededTestDatabase();
    tenantId = (await database.db.select().from(tenants).where(eq(tenants.code, 'E100001')))[0]!.id;
    sipLineId = (await database.db.select().from(lines).where(eq(lines.mode, 2)))[0]!.id;
    callbackLineId = (await database.db.select().from(lines).where(eq(lines.mode, 0)))[0]!.id;
  });
  afterAll(() => database.close());

  describe('findUsableSeat', () => {
    it("finds the agent's seat on his line with the line's mode, name and caller numbers", async () => {
      const agent02 = await userId('agent02');
      const seat = await findUsableSeat(database.db, tenantId, agent02, sipLineId);
      expect(seat).toEqual({
        seatId: expect.any(Number),
        lineId: sipLineId,
        lineMode: 2,
        lineName: '浙江软电话线路',
        callerNumbers: ['057188880001', '057188880002'],
      });
      const agent01 = await findUsableSeat(database.db, tenantId, await userId('agent01'), callbackLineId);
      expect(agent01).toMatchObject({ lineId: callbackLineId, lineMode: 0 });
    });

    it('finds nothing on another line, for another tenant, or for someone without a seat', async () => {
      const agent02 = await userId('agent02');
      expect(await findUsableSeat(database.db, tenantId, agent02, callbackLineId)).toBeNull();
      expect(await findUsableSeat(database.db, tenantId + 999, agent02, sipLineId)).toBeNull();
      expect(await findUsableSeat(database.db, tenantId, await userId('admin'), sipLineId)).toBeNull();
    });

    it('finds nothing before the start, after the expiry, on a disabled seat or a disabled line', async () => {
      const agent04 = await userId('agent04');
      const [seat] = await database.db
        .select()
        .from(seats)
        .where(and(eq(seats.userId, agent04), eq(seats.lineId, sipLineId)));
      const now = new Date();
      expect(await findUsableSeat(database.db, tenantId, agent04, sipLineId, now)).not.toBeNull();
      expect(
        await findUsableSeat(database.db, tenantId, agent04, sipLineId, new Date(seat!.startAt.getTime() - 1)),
      ).toBeNull();
      expect(await findUsableSeat(database.db, tenantId, agent04, sipLineId, seat!.expireAt)).toBeNull();
      expect(
        await findUsableSeat(database.db, tenantId, agent04, sipLineId, new Date(seat!.expireAt.getTime() - day)),
      ).not.toBeNull();

      await database.db.update(seats).set({ status: 'disabled' }).where(eq(seats.id, seat!.id));
      expect(await findUsableSeat(database.db, tenantId, agent04, sipLineId, now)).toBeNull();
      await database.db.update(seats).set({ status: 'active' }).where(eq(seats.id, seat!.id));

      await database.db.update(lines).set({ status: 'disabled' }).where(eq(lines.id, sipLineId));
      expect(await findUsableSeat(database.db, tenantId, agent04, sipLineId, now)).toBeNull();
      await database.db.update(lines).set({ status: 'active' }).where(eq(lines.id, sipLineId));
    });
  });

  describe('callingRulesFor', () => {
    it('gives the defaults to a staff member without settings', async () => {
      const rules = await callingRulesFor(database.db, tenantId, await userId('agent05'));
      expect(rules).toEqual({
        lineId: null,
        callerNumber: null,
        allowedFrom: '08:00',
        allowedTo: '21:00',
        perNumberDailyLimit: 3,
        dailyLimit: 300,
        recording: true,
        analysis: true,
      });
      expect(rules).toEqual(defaultCallingRules);
    });

    it("gives a staff member his own settings, and never another tenant's", async () => {
      const agent03 = await userId('agent03');
      await database.db.insert(callingSettings).values({
        tenantId,
        userId: agent03,
        lineId: callbackLineId,
        callerNumber: '02566660001',
        allowedFrom: '09:30',
        allowedTo: '18:00',
        perNumberDailyLimit: 1,
        dailyLimit: 50,
        recording: false,
        analysis: false,
      });
      expect(await callingRulesFor(database.db, tenantId, agent03)).toEqual({
        lineId: callbackLineId,
        callerNumber: '02566660001',
        allowedFrom: '09:30',
        allowedTo: '18:00',
        perNumberDailyLimit: 1,
        dailyLimit: 50,
        recording: false,
        analysis: false,
      });
      expect(await callingRulesFor(database.db, tenantId + 999, agent03)).toEqual(defaultCallingRules);
    });
  });
});
