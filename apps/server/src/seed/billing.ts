import type { TDb } from '../db/client.js';
import { lineRates } from '../modules/billing/billing.schema.js';
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
