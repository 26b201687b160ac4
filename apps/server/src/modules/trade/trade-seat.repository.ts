import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { hasRow } from '../../db/first.js';
import { lines } from '../../db/schema.js';
import { seatPrices } from './trade.schema.js';

/** A seat's monthly price on the line: the platform's, or the line's default while it set none. */
const priceSql = sql<number>`coalesce(${seatPrices.pricePerMonth}, ${lines.seatPricePerMonth})::bigint`.mapWith(Number);

const priceColumns = {
  lineId: lines.id,
  lineName: lines.name,
  lineMode: lines.mode,
  seatPricePerMonth: priceSql,
};

const pricesWhere = (where?: SQL) => (db: TDb) =>
  db
    .select(priceColumns)
    .from(lines)
    .leftJoin(seatPrices, eq(seatPrices.lineId, lines.id))
    .where(and(eq(lines.status, 'active'), where))
    .orderBy(asc(lines.id));

/** Seat prices (migration 0039) and who is told when an automatic renewal cannot be paid. */
export const tradeSeatRepository = {
  /** The active lines' seat prices, by line. */
  linePrices: async (db: TDb, lineIds: readonly number[]) =>
    new Map((await pricesWhere(inArray(lines.id, [...lineIds]))(db)).map((p) => [p.lineId, p])),

  /** Every line with its seat price, and whether the platform set it (the platform's screen). */
  platformPrices: (db: TDb, lineId?: number) =>
    db
      .select({
        ...priceColumns,
        isSet: sql<boolean>`${seatPrices.lineId} is not null`,
        updatedByName: sql<string>`coalesce(${seatPrices.updatedByName}, '')`,
        updatedAt: seatPrices.updatedAt,
      })
      .from(lines)
      .leftJoin(seatPrices, eq(seatPrices.lineId, lines.id))
      .where(lineId === undefined ? eq(lines.status, 'active') : eq(lines.id, lineId))
      .orderBy(asc(lines.id)),

  lineExists: (db: TDb, lineId: number) => hasRow(db.select({ id: lines.id }).from(lines).where(eq(lines.id, lineId))),

  savePrice: (db: TDb, row: { lineId: number; pricePerMonth: number; updatedBy: number; updatedByName: string }) =>
    db
      .insert(seatPrices)
      .values(row)
      .onConflictDoUpdate({
        target: seatPrices.lineId,
        set: {
          pricePerMonth: row.pricePerMonth,
          updatedBy: row.updatedBy,
          updatedByName: row.updatedByName,
          updatedAt: new Date(),
        },
      }),
};
