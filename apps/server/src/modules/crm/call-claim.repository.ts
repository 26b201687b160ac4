import { and, eq, gt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { customerCallClaims as k } from './crm.schema.js';

export type TClaimRow = typeof k.$inferSelect;

/** 正在拨打 claims: one row per customer, taken by one atomic upsert. */
export const callClaimRepository = {
  /**
   * Takes the customer for the user, or renews his own claim; a claim of someone else counts only
   * until it expires. Of two users at once the primary key lets one insert, and the other's
   * conflict sees that live claim and changes nothing: answers null to the loser.
   */
  take: async (
    db: TDb,
    c: { tenantId: number; customerId: number; userId: number; userName: string; seconds: number },
  ): Promise<TClaimRow | null> => {
    const expiresAt = sql`now() + ${c.seconds}::int * interval '1 second'`;
    const [row] = await db
      .insert(k)
      .values({ tenantId: c.tenantId, customerId: c.customerId, userId: c.userId, userName: c.userName, expiresAt })
      .onConflictDoUpdate({
        target: [k.customerId, k.tenantId],
        set: { userId: c.userId, userName: c.userName, expiresAt, createdAt: sql`now()` },
        setWhere: sql`${k.userId} = ${c.userId} or ${k.expiresAt} <= now()`,
      })
      .returning();
    return row ?? null;
  },

  /** The live claim on a customer, if any. */
  live: (db: TDb, tenantId: number, customerId: number): Promise<TClaimRow | null> =>
    firstRow(
      db
        .select()
        .from(k)
        .where(and(eq(k.tenantId, tenantId), eq(k.customerId, customerId), gt(k.expiresAt, sql`now()`))),
    ),

  /** Ends the user's own claim; answers whether there was one. */
  release: async (db: TDb, tenantId: number, customerId: number, userId: number) =>
    (
      await db
        .delete(k)
        .where(and(eq(k.tenantId, tenantId), eq(k.customerId, customerId), eq(k.userId, userId)))
        .returning({ customerId: k.customerId })
    ).length > 0,
};
