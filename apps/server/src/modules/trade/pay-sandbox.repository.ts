import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { sandboxTrades } from './trade.schema.js';

export type TSandboxTradeRow = typeof sandboxTrades.$inferSelect;

/** The sandbox channel's trades (migration 0049): what a real channel keeps on its side. */
export const sandboxRepository = {
  insert: (db: TDb, row: typeof sandboxTrades.$inferInsert) =>
    db.insert(sandboxTrades).values(row).onConflictDoNothing(),

  /** One trade, locked FOR UPDATE when asked (a pay and a close of one trade run one after the other). */
  get: async (db: TDb, outTradeNo: string, lock = false) => {
    const q = db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo)).limit(1);
    return (lock ? await q.for('update') : await q)[0] ?? null;
  },

  update: (db: TDb, outTradeNo: string, set: Partial<typeof sandboxTrades.$inferInsert>) =>
    db.update(sandboxTrades).set(set).where(eq(sandboxTrades.outTradeNo, outTradeNo)),
};
