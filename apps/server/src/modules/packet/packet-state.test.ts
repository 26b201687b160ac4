import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type TDatabase } from '../../db/client.js';
import { openTestDatabase } from '../../test/database.js';
import { packetState, type TPacketStateFields, whyPacketNotLive } from './packet-state.js';
import { livePacketSql, packetStateSql } from './packet-state.repository.js';

const now = new Date('2026-11-24T10:00:00Z');
const later = new Date(now.getTime() + 3_600_000);
const earlier = new Date(now.getTime() - 1);
const packet = (status: string, usedSeconds: number, expireAt: Date): TPacketStateFields => ({
  status,
  usedSeconds,
  totalMinutes: 10,
  expireAt,
});

/** Each case: a package, its state at `now`. */
const cases: [TPacketStateFields, string][] = [
  [packet('active', 0, later), 'active'],
  [packet('active', 599, later), 'active'],
  [packet('active', 600, later), 'used'],
  [packet('active', 0, now), 'expired'],
  [packet('active', 0, earlier), 'expired'],
  // No seconds left and past its end: used, as the list filters it.
  [packet('active', 600, earlier), 'used'],
  [packet('frozen', 0, later), 'frozen'],
  [packet('refunded', 600, earlier), 'refunded'],
  [packet('transferred', 0, later), 'transferred'],
  [packet('changed', 0, earlier), 'changed'],
];

describe('a bought package’s state', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('reads status, seconds left and expiry in one order', () => {
    expect(cases.map(([p]) => packetState(p, now))).toEqual(cases.map(([, state]) => state));
    expect(whyPacketNotLive(packet('active', 0, later), now)).toBeNull();
    expect(whyPacketNotLive(packet('frozen', 0, later), now)).toBe('正在退订审核中');
    expect(whyPacketNotLive(packet('active', 0, earlier), now)).toBe('已过期');
    expect(whyPacketNotLive(packet('active', 600, later), now)).toBe('已用完');
  });

  it('is the same in SQL for rows, and live exactly when active', async () => {
    const values = sql.join(
      cases.map(
        ([p], i) => sql`(${i}::int, ${p.status}::text, ${p.usedSeconds}::int, ${p.totalMinutes}::int,
          ${p.expireAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const rows = rowsOf<{ i: number; state: string; live: boolean }>(
      await database.db.execute(sql`select p.i, ${packetStateSql('p', now)} as state, ${livePacketSql('p', now)} as live
        from (values ${values}) as p(i, status, used_seconds, total_minutes, expire_at) order by p.i`),
    );
    expect(rows.map((r) => r.state)).toEqual(cases.map(([, state]) => state));
    expect(rows.map((r) => r.live)).toEqual(cases.map(([, state]) => state === 'active'));
  });
});
