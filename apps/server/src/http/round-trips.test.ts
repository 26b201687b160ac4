import type { EventEmitter } from 'node:events';
import { routeTables, shanghaiDayStart } from '@yunhu/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/harness.js';

/**
 * The round trips one signed-in request makes to a PostgreSQL server, counted as the server's
 * ReadyForQuery messages (one for each simple query, however many statements it holds, and one for
 * each extended query): what a request costs in writes and reads on its connection, whatever the
 * machine's speed. PGlite runs in the process and has no round trips: PostgreSQL only.
 */
const roundTripCounter = (t: TTestApp) => {
  const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
  const watched = new WeakSet<object>();
  let trips = 0;
  pool.on('acquire', (client) => {
    if (watched.has(client)) return;
    watched.add(client);
    (client as unknown as { connection: EventEmitter }).connection.on('readyForQuery', () => {
      trips++;
    });
  });
  /** The round trips `fn` made; it must succeed. */
  return async (fn: () => Promise<{ body: { code: number; msg: string } }>) => {
    trips = 0;
    const res = await fn();
    expect(res.body, res.body.msg).toMatchObject({ code: 0 });
    return trips;
  };
};

describe('round trips of a signed-in request', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the mix people make: BEGIN with the session, the handler statement, COMMIT', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const tripsOf = roundTripCounter(t);
    const [admin, manager, agent] = [await t.loginAs.admin(), await t.loginAs.manager(), await t.loginAs.agent()];
    const crm = routeTables.crm;
    const listed = await t.call(crm.customerPage, { page: 1, limit: 20 }, manager);
    const first = listed.body.data.records[0]!;
    const dayStart = shanghaiDayStart(new Date()).getTime();
    const month: [number, number] = [dayStart - 29 * 86_400_000, dayStart + 86_400_000 - 1];
    const week: [number, number] = [dayStart - 6 * 86_400_000, dayStart + 86_400_000 - 1];
    // Warm: each connection the pool opens for them is watched from its first request.
    for (let i = 0; i < 3; i++) await t.call(crm.customerPage, { page: 1, limit: 20 }, manager);

    // 我的客户 page 1: the page, its total and the rules in one statement.
    expect(await tripsOf(() => t.call(crm.customerPage, { page: 1, limit: 20 }, manager))).toBe(3);
    // 客户详情: the customer, his names, tags and the rules in one statement.
    expect(await tripsOf(() => t.call(crm.customerDetail, { id: first.id }, manager))).toBe(3);
    // 首页's call figures: one statement over the roll-ups.
    expect(await tripsOf(() => t.call(routeTables.callCensus.baseCensus, { startRange: week }, manager))).toBe(3);
    // 通话记录 of a month: the page with the roll-ups' total in one statement (one more when the page
    // is empty: the total on its own); the privacy switch is read only for someone it may mask.
    const calls = await t.call(routeTables.callRecord.getPage, { page: 1, limit: 20, startRange: month }, admin);
    const emptyPage = calls.body.data.records.length === 0 ? 1 : 0;
    expect(
      await tripsOf(() => t.call(routeTables.callRecord.getPage, { page: 1, limit: 20, startRange: month }, admin)),
    ).toBe(3 + emptyPage);
    const agentCalls = await t.call(routeTables.callRecord.getPage, { page: 1, limit: 20, startRange: month }, agent);
    const agentEmpty = agentCalls.body.data.records.length === 0 ? 1 : 0;
    expect(
      await tripsOf(() => t.call(routeTables.callRecord.getPage, { page: 1, limit: 20, startRange: month }, agent)),
    ).toBe(4 + agentEmpty);
  });
});
