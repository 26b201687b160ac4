import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { offsetOf } from '../../db/sql.js';
import { accounts, ledgerEntries } from './trade.schema.js';

export type TLedgerKind =
  | 'recharge'
  | 'purchase'
  | 'consumption'
  | 'refund'
  | 'transfer'
  | 'adjustment'
  /** An agent's margin on an enterprise's order (+), taken back by the order's refunds (−) (issue 18). */
  | 'margin';

/**
 * Kinds that may take the balance below zero: a call already made is charged whatever is left; a
 * refunded order takes its margin back from the agent whatever the agent's balance is (issue 18).
 */
const overdraftKinds: ReadonlySet<TLedgerKind> = new Set(['consumption', 'margin']);

export type TMovement = {
  tenantId: number;
  kind: TLedgerKind;
  /** Signed fen. */
  amount: number;
  bizType: string;
  bizKey: string;
  remark?: string;
  by?: { userId: number; name: string } | null;
  /**
   * The money for this movement came in the same transaction (a purchase paid by its own QR
   * payment, a double payment sent back): it may pass below zero a balance a call left negative.
   */
  isCovered?: boolean;
};

export type TBooked =
  | { isBooked: true; balanceAfter: number; entryId: number }
  | { isBooked: false; reason: 'duplicate'; balanceAfter: number }
  | { isBooked: false; reason: 'insufficient'; balance: number };

/**
 * The one way money moves (docs/decisions/0017-commerce.md): in the caller's transaction, lock the
 * enterprise's account row (FOR UPDATE, created on first use), refuse a second booking of the same
 * (kind, business object) and a balance below zero unless the kind allows it, then append the
 * ledger row and set the balance it names. Parallel bookings of one account run one at a time;
 * the unique index is the last wall against a double booking.
 */
export const book = async (tx: TDb, m: TMovement): Promise<TBooked> => {
  const found = await lockAccount(tx, m);
  const state = found ?? (await openAccount(tx, m));
  const { balance } = state;
  if (state.isDuplicate) return { isBooked: false, reason: 'duplicate', balanceAfter: balance };
  const balanceAfter = balance + m.amount;
  if (balanceAfter < 0 && m.amount < 0 && !m.isCovered && !overdraftKinds.has(m.kind)) {
    return { isBooked: false, reason: 'insufficient', balance };
  }
  // The row and the balance it names in one statement; nothing when the unique index says the
  // movement is there already (booked by another enterprise's transaction under the same key).
  const [entry] = rowsOf<{ id: string | number }>(
    await tx.execute(sql`with entry as (
        insert into ledger_entries (tenant_id, kind, amount, balance_after, biz_type, biz_key, remark,
          created_by, created_by_name)
        values (${m.tenantId}, ${m.kind}, ${m.amount}, ${balanceAfter}, ${m.bizType}, ${m.bizKey},
          ${m.remark ?? ''}, ${m.by?.userId ?? null}, ${m.by?.name ?? ''})
        on conflict do nothing
        returning id)
      update accounts set balance = ${balanceAfter}, updated_at = now()
      from entry where accounts.tenant_id = ${m.tenantId}
      returning entry.id`),
  );
  if (!entry) return { isBooked: false, reason: 'duplicate', balanceAfter: balance };
  return { isBooked: true, balanceAfter, entryId: Number(entry.id) };
};

type TAccountState = { balance: number; isDuplicate: boolean };

/**
 * The account row locked (FOR UPDATE) with its balance, and whether the movement is booked already,
 * in one round trip; null when the enterprise has no account yet.
 */
const lockAccount = async (tx: TDb, m: TMovement): Promise<TAccountState | null> => {
  const [row] = rowsOf<{ balance: string | number | null; dup: boolean }>(
    await tx.execute(sql`select
        (select a.balance from accounts a where a.tenant_id = ${m.tenantId} for update) as balance,
        exists (select 1 from ledger_entries e
          where e.kind = ${m.kind} and e.biz_type = ${m.bizType} and e.biz_key = ${m.bizKey}) as dup`),
  );
  if (!row || row.balance === null) return null;
  return { balance: Number(row.balance), isDuplicate: row.dup === true };
};

/** The account's first use: created (a parallel first use may win the insert), then locked. */
const openAccount = async (tx: TDb, m: TMovement): Promise<TAccountState> => {
  await tx.insert(accounts).values({ tenantId: m.tenantId }).onConflictDoNothing();
  const state = await lockAccount(tx, m);
  if (!state) throw new Error(`account of tenant ${m.tenantId} missing after its insert`);
  return state;
};

export type TLedgerFilter = { kind?: string; from?: number; to?: number };

export const ledgerRepository = {
  account: async (tx: TDb, tenantId: number) =>
    (await tx.select().from(accounts).where(eq(accounts.tenantId, tenantId)).limit(1))[0] ?? null,

  page: async (tx: TDb, tenantId: number, f: TLedgerFilter, q: { page: number; limit: number }) => {
    const conds = [eq(ledgerEntries.tenantId, tenantId)];
    if (f.kind) conds.push(eq(ledgerEntries.kind, f.kind));
    if (f.from !== undefined) conds.push(gte(ledgerEntries.createdAt, new Date(f.from)));
    if (f.to !== undefined) conds.push(lt(ledgerEntries.createdAt, new Date(f.to)));
    const where = and(...conds);
    const [total] = await tx.select({ n: count() }).from(ledgerEntries).where(where);
    const records = await tx
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(q.limit)
      .offset(offsetOf(q));
    return { records, total: total?.n ?? 0 };
  },

  /**
   * Every account whose balance differs from the sum of its ledger (or a ledger without account),
   * with both figures: empty when the books hold. Reads past the tenant wall (the caller's db).
   */
  reconcile: async (db: TDb) =>
    rowsOf<{ tenant_id: string | number; balance: string | number; ledger_sum: string | number; entries: number }>(
      await db.execute(sql`
        select coalesce(a.tenant_id, l.tenant_id) as tenant_id, coalesce(a.balance, 0) as balance,
          coalesce(l.total, 0) as ledger_sum, coalesce(l.entries, 0)::int as entries
        from accounts a
        full join (select tenant_id, sum(amount) as total, count(*) as entries from ledger_entries group by tenant_id) l
          on l.tenant_id = a.tenant_id
        where coalesce(a.balance, 0) <> coalesce(l.total, 0)`),
    ).map((r) => ({
      tenantId: Number(r.tenant_id),
      balance: Number(r.balance),
      ledgerSum: Number(r.ledger_sum),
      entries: Number(r.entries),
    })),

  /** The number of accounts checked by reconcile (for its report). */
  accountCount: async (db: TDb) => (await db.select({ n: count() }).from(accounts))[0]?.n ?? 0,
};
