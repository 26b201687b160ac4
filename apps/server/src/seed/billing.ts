import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../db/client.js';
import { lineRates } from '../modules/billing/billing.schema.js';
import { prepareCharge, rateRecord } from '../modules/billing/index.js';
import { callRecords } from '../modules/call/call.schema.js';
import { lines } from '../modules/line/line.schema.js';

const day = 86_400_000;

/**
 * The demo lines' rates (docs/decisions/0018-billing.md), in force since a year before the
 * seeded calls: the soft-phone and call-back lines per started minute at their price, the APP line
 * per 6 s (1 fen) with a 60 s minimum block — the two kinds of line the platform sets on 线路资费.
 */
export const seedBilling = async (tx: TDb, now: number) => {
  const all = await tx.select({ id: lines.id, mode: lines.mode, price: lines.pricePerMinute }).from(lines);
  if (all.length === 0) return;
  await tx.insert(lineRates).values(
    all.map((l) => ({
      lineId: l.id,
      ...(l.mode === 1
        ? { unitPrice: 1, incrementSeconds: 6, minimumSeconds: 60 }
        : { unitPrice: l.price, incrementSeconds: 60, minimumSeconds: 0 }),
      freeSeconds: 0,
      validFrom: new Date(now - 365 * day),
      createdByName: '平台',
    })),
  );
};

/**
 * The demo's past calls charged as the ingestion charges a call (billing's `rateRecord` and
 * `prepareCharge`: the line's rate of the call's start, packages first, then the balance), oldest
 * first, so 消费明细, 账单 and 账单分析 show what the calls cost. The records were written before
 * the rates existed: each takes its rated amount as its postage, and its charge is the same SQL the
 * record's insert would have carried, over the record already there.
 */
export const chargeSeededCalls = async (tx: TDb, tenantId: number): Promise<void> => {
  const answered = await tx
    .select()
    .from(callRecords)
    .where(and(eq(callRecords.tenantId, tenantId), eq(callRecords.callStatus, 1), gt(callRecords.duration, 0)))
    .orderBy(asc(callRecords.startTime), asc(callRecords.id));
  for (const r of answered) {
    if (r.lineId === null) continue;
    const call = {
      tenantId,
      userId: r.userId,
      deptId: r.deptId,
      lineId: r.lineId,
      startTime: r.startTime,
      duration: r.duration,
    };
    const rating = await rateRecord(tx, { ...call, isAnswered: true });
    await tx.update(callRecords).set({ postage: rating.rated.amount }).where(eq(callRecords.id, r.id));
    const charge = prepareCharge({ ...call, rating });
    if (!charge) continue;
    const parts = charge.sql(sql`rec`);
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`with rec as (select ${r.id}::bigint as id), ${parts.ctes} select ${parts.columns}`),
    );
    await charge.settle(tx, r.id, row);
  }
};
