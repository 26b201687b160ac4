import { callDurationMarks } from '@yunhu/contract';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callRepository } from '../call/call.repository.js';
import { callBinds, callRecords } from '../call/call.schema.js';
import { demoIds } from '../org/org.test-kit.js';

const hour = 3_600_000;
const day = 24 * hour;
/** Shanghai midnight of 2030-01-10 (UTC+8). */
const base = Date.UTC(2030, 0, 10) - 8 * hour;

type TRecord = {
  is_bind: boolean;
  tenant_id: number;
  user_id: number;
  dept_id: number | null;
  line_id: number;
  call_status: number;
  finish_status: number;
  duration: number;
  postage: number;
  at: number;
};

/**
 * The roll-ups the call statistics and the call-record list read (call_hourly_stats,
 * call_daily_stats; docs/decisions/0007, 0008) are kept by triggers: after any insert, update or
 * delete of call records they equal the records regrouped here in TypeScript.
 */
describe('call roll-ups', () => {
  let t: TTestApp;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

  beforeAll(async () => {
    t = await startTestApp();
    ids = await demoIds(t);
  });
  afterAll(() => t.close());

  /** Call records, and dial requests as rows of status 0 (how the daily roll-up groups them). */
  const rows = async () => [
    ...(await q<TRecord>(sql`select tenant_id::int, user_id::int, dept_id::int, line_id::int, call_status,
      finish_status, duration, postage, false as is_bind,
      (extract(epoch from start_time) * 1000)::bigint::text::float8 as at from call_records`)),
    ...(await q<TRecord>(sql`select tenant_id::int, user_id::int, dept_id::int, line_id::int, 0 as call_status,
      0 as finish_status, 0 as duration, 0 as postage, true as is_bind,
      (extract(epoch from created_at) * 1000)::bigint::text::float8 as at from call_binds`)),
  ];

  const bandOf = (duration: number) => callDurationMarks.filter((m) => duration >= m).length;
  const keyOf = (x: Pick<TRecord, 'tenant_id' | 'user_id' | 'dept_id' | 'line_id'>, at: number, extra: unknown[]) =>
    JSON.stringify([x.tenant_id, at, x.user_id, x.dept_id, x.line_id, ...extra]);
  const zero = () => Array<number>(callDurationMarks.length + 1).fill(0);

  /** The daily roll-up as the rows say it should be: [binds, calls, seconds, minutes, fen] and the bands. */
  const expectedDaily = (all: TRecord[]) => {
    const groups = new Map<string, { plain: number[]; num: number[]; second: number[]; postage: number[] }>();
    for (const x of all) {
      const dayStart = Math.floor((x.at + 8 * hour) / day) * day - 8 * hour;
      const key = keyOf(x, dayStart, [x.call_status, x.finish_status]);
      const g = groups.get(key) ?? { plain: [0, 0, 0, 0, 0], num: zero(), second: zero(), postage: zero() };
      const [binds, calls, seconds, minutes, fen] = g.plain as [number, number, number, number, number];
      if (x.is_bind) {
        g.plain = [binds + 1, calls, seconds, minutes, fen];
      } else {
        const minutesOf = Math.ceil(x.duration / 60);
        g.plain = [binds, calls + 1, seconds + x.duration, minutes + minutesOf, fen + x.postage];
        const band = bandOf(x.duration);
        g.num[band]! += 1;
        g.second[band]! += x.duration;
        g.postage[band]! += x.postage;
      }
      groups.set(key, g);
    }
    return groups;
  };

  const actualDaily = async () => {
    type TDaily = Omit<TRecord, 'at' | 'duration' | 'postage' | 'is_bind'> & {
      day: number;
      bind_num: number;
      call_num: number;
      total_second: string | number;
      total_minute: string | number;
      total_postage: string | number;
      band_num: (string | number)[];
      band_second: (string | number)[];
      band_postage: (string | number)[];
    };
    const daily = await q<TDaily>(sql`select tenant_id::int, (extract(epoch from day) * 1000)::bigint::text::float8
      as day, user_id::int, dept_id::int, line_id::int, call_status, finish_status, bind_num, call_num, total_second,
      total_minute, total_postage, band_num, band_second, band_postage from call_daily_stats`);
    return new Map(
      daily.map((x) => [
        keyOf(x, x.day, [x.call_status, x.finish_status]),
        {
          plain: [x.bind_num, x.call_num, Number(x.total_second), Number(x.total_minute), Number(x.total_postage)],
          num: x.band_num.map(Number),
          second: x.band_second.map(Number),
          postage: x.band_postage.map(Number),
        },
      ]),
    );
  };

  /** The hourly roll-up (bind_num, call_num, connected_num, total_second) as the rows say. */
  const expectedHourly = (all: TRecord[]) => {
    const groups = new Map<string, number[]>();
    for (const x of all) {
      const key = keyOf(x, Math.floor(x.at / hour) * hour, []);
      const [binds, calls, connected, seconds] = (groups.get(key) ?? [0, 0, 0, 0]) as [number, number, number, number];
      groups.set(
        key,
        x.is_bind
          ? [binds + 1, calls, connected, seconds]
          : [binds, calls + 1, connected + (x.call_status === 1 ? 1 : 0), seconds + x.duration],
      );
    }
    return groups;
  };

  const actualHourly = async () => {
    const hourly = await q<
      Omit<TRecord, 'at'> & {
        h: number;
        bind_num: number;
        call_num: number;
        connected_num: number;
        total_second: string;
      }
    >(
      sql`select tenant_id::int, (extract(epoch from hour) * 1000)::bigint::text::float8 as h, user_id::int,
        dept_id::int, line_id::int, bind_num, call_num, connected_num, total_second from call_hourly_stats`,
    );
    return new Map(
      hourly.map((x) => [keyOf(x, x.h, []), [x.bind_num, x.call_num, x.connected_num, Number(x.total_second)]]),
    );
  };

  const expectRollupsFollowRecords = async () => {
    const all = await rows();
    expect(await actualDaily()).toEqual(expectedDaily(all));
    expect(await actualHourly()).toEqual(expectedHourly(all));
  };

  it('answers the same talk-time marks in SQL as the contract', async () => {
    const [row] = await q<{ marks: number[] }>(sql`select call_duration_marks() as marks`);
    expect(row?.marks).toEqual([...callDurationMarks]);
  });

  it('follows inserts, updates and deletes of call records and dial requests, around day ends and talk-time marks', async () => {
    const agent = await ids.user('agent04');
    const dept = await ids.dept('销售一部');
    const [line] = await q<{ id: number }>(sql`select id::int from lines order by id limit 1`);
    const durations = [0, 1, 9, 10, 29, 30, 59, 60, 179, 180, 299, 300, 599, 600, 3600];
    // Each duration at the last millisecond of a Shanghai day and at the first of the next.
    const rows = durations.flatMap((duration, i) =>
      [base + day - 1, base + day].map((at, j) => ({
        tenantId: ids.tenantId,
        userId: agent,
        deptId: j === 0 ? null : dept,
        lineId: line!.id,
        bindId: `rollup-${i}-${j}`,
        telA: '13800000000',
        telB: '13900000000',
        callStatus: duration > 0 ? 1 : 2 + (i % 3),
        finishStatus: duration > 0 ? 1 + (i % 2) : 3,
        duration,
        startTime: new Date(at),
        endTime: new Date(at + duration * 1000),
        postage: Math.ceil(duration / 60) * 12,
      })),
    );
    // In bulk as the owner, and one by one through the server's path under row-level security.
    await t.database.db.insert(callRecords).values(rows.slice(0, 20));
    await withTenant(t.database, ids.tenantId, async (tx) => {
      for (const row of rows.slice(20)) {
        await callRepository.insertRecordOnce(tx, { ...row, carrierCallId: `rollup-${row.bindId}` });
      }
    });
    // Dial requests at the same edges, in bulk and through the dial path.
    const binds = [base + day - 1, base + day, base + day + 1].map((at, i) => ({
      tenantId: ids.tenantId,
      bindId: `rollup-bind-${i}`,
      userId: agent,
      deptId: i === 0 ? null : dept,
      lineId: line!.id,
      lineMode: 2,
      telB: '13900000000',
      state: 'ringing',
      createdAt: new Date(at),
    }));
    await t.database.db.insert(callBinds).values(binds.slice(0, 2));
    await withTenant(t.database, ids.tenantId, (tx) => callRepository.insertBind(tx, binds[2]!));
    await expectRollupsFollowRecords();

    const ours = sql`${callRecords.bindId} like 'rollup-%'`;
    // A request's state changes (moves nothing); another moves to the next day.
    await t.database.db.execute(sql`update call_binds set state = 'finished' where bind_id like 'rollup-bind-%'`);
    await t.database.db.execute(
      sql`update call_binds set created_at = created_at + interval '1 day' where bind_id = 'rollup-bind-0'`,
    );
    // A record moves to another day, band and status; another only changes its customer (moves nothing).
    await t.database.db.execute(sql`update call_records set start_time = start_time + interval '3 days',
      duration = duration + 50, call_status = 1 where bind_id in ('rollup-0-0', 'rollup-5-1', 'rollup-13-0')`);
    await t.database.db.execute(sql`update call_records set customer_id = null where ${ours}`);
    await expectRollupsFollowRecords();

    // Deleting the records of a group removes the group, not leaves a zero row behind.
    await t.database.db.delete(callRecords).where(inArray(callRecords.bindId, ['rollup-3-0', 'rollup-4-0']));
    await withTenant(t.database, ids.tenantId, (tx) =>
      tx.delete(callRecords).where(inArray(callRecords.bindId, ['rollup-6-1', 'rollup-7-1'])),
    );
    await t.database.db.delete(callBinds).where(inArray(callBinds.bindId, ['rollup-bind-0', 'rollup-bind-2']));
    await expectRollupsFollowRecords();
    const [empty] = await q<{ n: number }>(
      sql`select count(*)::int as n from call_daily_stats where call_num = 0 and bind_num = 0`,
    );
    expect(empty?.n).toBe(0);
  });
});
