import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { hasRow } from '../../db/first.js';
import { orders } from '../../db/schema.js';

/** What the money side still holds on a seat (read under the seat's lock by its delete). */
export const tradeRefundSeatRepository = {
  /** Whether an unpaid renewal order names the seat (its payment would renew it). */
  unpaidRenewalOfSeat: (tx: TDb, tenantId: number, seatId: number) =>
    hasRow(
      tx
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.tenantId, tenantId),
            eq(orders.kind, 'seatRenewal'),
            eq(orders.state, 'unpaid'),
            sql`${orders.items} @> ${JSON.stringify([{ seatId }])}::jsonb`,
          ),
        ),
    ),
};
