import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { TTestApp } from '../../test/harness.js';
import { callBinds, callRecords } from '../call/call.schema.js';
import { lines } from '../line/line.schema.js';
import { tenants, users } from '../org/org.schema.js';
import { packets } from '../packet/packet.schema.js';
import { book } from '../trade/index.js';
import { accounts, ledgerEntries } from '../trade/trade.schema.js';
import { callCharges, lineRates } from './billing.schema.js';

/**
 * Billing's test helpers: a line of its own per test (so packages and charges of one test never
 * meet another's), dial requests written as the dial flow writes them, and finished calls sent
 * through the one ingestion path (the carrier callback's `ingestCarrier`).
 */
export const billingKit = async (t: TTestApp) => {
  const { db } = t.database;
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'E100001'));
  const tenantId = demo!.id;
  const person = async (username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!;
  let lineNo = 0;

  /** A new line (mode 0 call-back unless told) with a rate from long ago. */
  const newLine = async (
    rate: { unitPrice: number; incrementSeconds: number; minimumSeconds?: number; freeSeconds?: number },
    mode = 0,
  ) => {
    const [line] = await db
      .insert(lines)
      .values({ name: `计费测试线路${++lineNo}-${crypto.randomUUID().slice(0, 6)}`, mode, pricePerMinute: 99 })
      .returning();
    await db.insert(lineRates).values({
      lineId: line!.id,
      minimumSeconds: 0,
      freeSeconds: 0,
      ...rate,
      validFrom: new Date(Date.now() - 365 * 86_400_000),
    });
    return line!;
  };

  const addPacket = async (lineId: number, minutes: number, expireInDays: number, forTenant = tenantId) =>
    (
      await db
        .insert(packets)
        .values({
          tenantId: forTenant,
          lineId,
          name: `测试包${minutes}分钟`,
          totalMinutes: minutes,
          price: 100,
          boughtAt: new Date(Date.now() - 86_400_000),
          expireAt: new Date(Date.now() + expireInDays * 86_400_000),
        })
        .returning()
    )[0]!;

  /** Money into (or out of) the balance through the one booking function. */
  const move = (amount: number, kind: 'recharge' | 'refund' | 'adjustment' = 'recharge', forTenant = tenantId) =>
    db.transaction((tx) =>
      book(tx, { tenantId: forTenant, kind, amount, bizType: 'test', bizKey: crypto.randomUUID(), isCovered: true }),
    );

  const balance = async (forTenant = tenantId) =>
    Number((await db.select().from(accounts).where(eq(accounts.tenantId, forTenant)))[0]?.balance ?? 0);

  /** A dial request as the dial flow writes it (the carrier's call under way). */
  const bind = async (lineId: number, username = 'agent01', forTenant = tenantId) => {
    const u = await person(username);
    const bindId = `bill-${crypto.randomUUID()}`;
    await db.insert(callBinds).values({
      tenantId: forTenant,
      bindId,
      userId: u.id,
      deptId: u.deptId,
      lineId,
      lineMode: 0,
      telB: '13900000000',
      state: 'ringing',
    });
    return bindId;
  };

  /** The carrier reports the call: answered for `seconds` (0: not answered). */
  const finish = (bindId: string, seconds: number, callId = `cb-${bindId}`) => {
    const end = Date.now();
    return t.app.call.callbacks.ingestCarrier({
      callId,
      bindId,
      outcome: seconds > 0 ? 'connected' : 'no_answer',
      telA: '13800000002',
      telB: '13900000000',
      telX: '02566660001',
      startTime: end - seconds * 1000 - 5000,
      answerTime: seconds > 0 ? end - seconds * 1000 : null,
      endTime: end,
      finishStatus: 2,
      recordingKey: null,
    } as Parameters<typeof t.app.call.callbacks.ingestCarrier>[0]);
  };

  const chargesOfLine = (lineId: number) => db.select().from(callCharges).where(eq(callCharges.lineId, lineId));
  const recordsOfLine = (lineId: number) => db.select().from(callRecords).where(eq(callRecords.lineId, lineId));
  const packetsOfLine = (lineId: number) => db.select().from(packets).where(eq(packets.lineId, lineId));
  const consumptionOf = async (recordIds: number[]) =>
    recordIds.length === 0
      ? []
      : db
          .select()
          .from(ledgerEntries)
          .where(
            and(
              eq(ledgerEntries.kind, 'consumption'),
              eq(ledgerEntries.bizType, 'call'),
              inArray(
                ledgerEntries.bizKey,
                recordIds.map((id) => String(id)),
              ),
            ),
          );
  const reconcile = async () =>
    rowsOf(
      await db.execute(sql`select a.tenant_id from accounts a
        left join (select tenant_id, sum(amount) as s from ledger_entries group by tenant_id) l on l.tenant_id = a.tenant_id
        where a.balance <> coalesce(l.s, 0)`),
    );

  return {
    tenantId,
    person,
    newLine,
    addPacket,
    move,
    balance,
    bind,
    finish,
    chargesOfLine,
    recordsOfLine,
    packetsOfLine,
    consumptionOf,
    reconcile,
  };
};
