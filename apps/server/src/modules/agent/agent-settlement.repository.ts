import { and, count, desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { ledgerEntries, tenants } from '../../db/schema.js';
import { newestFirst } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { agentSettlements } from './agent-settlement.schema.js';

// 代理商结算. Every statement names the agent it reads for: the platform's service runs
// them across tenants, the agent's own reads name its own tenant.

const settlementColumns = { settlement: agentSettlements, agentName: tenants.name };

const joined = (db: TDb) =>
  db.select(settlementColumns).from(agentSettlements).innerJoin(tenants, eq(tenants.id, agentSettlements.agentId));

export type TSettlementRow = { settlement: typeof agentSettlements.$inferSelect; agentName: string };

export const agentSettlementRepository = {
  /**
   * Claims the drawer's key: the new row, or null when the key is taken (a parallel request with
   * it waits on the unique index for the first's commit, then finds it here).
   */
  claim: async (db: TDb, row: typeof agentSettlements.$inferInsert) =>
    (await db.insert(agentSettlements).values(row).onConflictDoNothing().returning())[0] ?? null,

  byRequest: (db: TDb, agentId: number, requestKey: string): Promise<TSettlementRow | null> =>
    firstRow(joined(db).where(and(eq(agentSettlements.agentId, agentId), eq(agentSettlements.requestKey, requestKey)))),

  byId: (db: TDb, id: number): Promise<TSettlementRow | null> =>
    firstRow(joined(db).where(eq(agentSettlements.id, id))),

  numberTaken: (db: TDb, settlementNo: string) =>
    hasRow(
      db
        .select({ id: agentSettlements.id })
        .from(agentSettlements)
        .where(eq(agentSettlements.settlementNo, settlementNo)),
    ),

  page: async (db: TDb, agentId: number, q: { page: number; limit: number }) => {
    const where = eq(agentSettlements.agentId, agentId);
    return pageOf(
      db.select({ n: count() }).from(agentSettlements).where(where),
      joined(db)
        .where(where)
        .orderBy(...newestFirst(agentSettlements))
        .$dynamic(),
      q,
    );
  },

  /**
   * The agent's ledger by Beijing month, newest first: margins booked (+), their reversals (−, given
   * positive) and settlements (−, given positive). Reads `ledger_entries_tenant_created_idx`.
   */
  months: async (db: TDb, agentId: number) =>
    rowsOf<{ month: string; earned: string | number; reversed: string | number; settled: string | number }>(
      await db.execute(sql`
        select to_char(e.created_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month,
          coalesce(sum(e.amount) filter (where e.kind = 'margin' and e.amount > 0), 0) as earned,
          coalesce(-sum(e.amount) filter (where e.kind = 'margin' and e.amount < 0), 0) as reversed,
          coalesce(-sum(e.amount) filter (where e.kind = 'settlement'), 0) as settled
        from ${ledgerEntries} e
        where e.tenant_id = ${agentId}
        group by 1
        order by 1 desc`),
    ).map((r) => ({
      month: r.month,
      earned: Number(r.earned),
      reversed: Number(r.reversed),
      settled: Number(r.settled),
    })),

  /**
   * 利润明细: the agent's ledger, newest booking first. By id, not by time: `created_at` is its
   * transaction's start, and parallel bookings (settlements waiting on the account's lock) commit
   * in another order than they started; ids are drawn under that lock, so each row's balance after
   * follows the row below it.
   */
  statementPage: async (db: TDb, agentId: number, kind: string | undefined, q: { page: number; limit: number }) => {
    const where = and(eq(ledgerEntries.tenantId, agentId), kind ? eq(ledgerEntries.kind, kind) : undefined);
    return pageOf(
      db.select({ n: count() }).from(ledgerEntries).where(where),
      db.select().from(ledgerEntries).where(where).orderBy(desc(ledgerEntries.id)).$dynamic(),
      q,
    );
  },

  /** 利润明细's rows for the download, read when it is sent: as `statementPage`, in batches. */
  statementRows: (database: TDatabase, agentId: number, kind: string | undefined) =>
    batchedRows((offset) =>
      withTenant(database, agentId, (tx) =>
        tx
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.tenantId, agentId), kind ? eq(ledgerEntries.kind, kind) : undefined))
          .orderBy(desc(ledgerEntries.id))
          .limit(1000)
          .offset(offset),
      ),
    ),
};
