import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { newestFirst } from '../../db/sql.js';
import { accounts, ledgerEntries } from './trade.schema.js';

export type TLedgerKind =
  | 'recharge'
  | 'purchase'
  | 'consumption'
  | 'refund'
  | 'transfer'
  | 'adjustment'
  /** An agent's margin on an enterprise's order (+), taken back by the order's refunds (−). */
  | 'margin'
  /** The platform pays an agent its margin (−); never more than the balance. */
  | 'settlement';

/**
 * Kinds that may take the balance below zero: a call already made is charged whatever is left; a
 * refunded order takes its margin back from the agent whatever the agent's balance is.
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
 * the unique index is the last wall against a double booking. One round trip once the account
 * exists (the charge of every call from the balance passes here).
 */
export const book = async (tx: TDb, m: TMovement): Promise<TBooked> => {
  const tried = await lockAndBook(tx, m);
  if (tried) return tried;
  // The account's first use: created (a parallel first use may win the insert), then booked.
  await tx.insert(accounts).values({ tenantId: m.tenantId }).onConflictDoNothing();
  const booked = await lockAndBook(tx, m);
  if (!booked) throw new Error(`account of tenant ${m.tenantId} missing after its insert`);
  return booked;
};

/**
 * `book` as parts of one statement, for a caller that books in a statement of its own (billing
 * writes a call's charge row and its consumption booking in one round trip): `ctes` are
 * four common table expressions (named `book_account`, `book_dup`, `book_entry`, `book_moved`) to
 * put after `with` (or after the caller's own), `columns` the select list the answer is read from
 * by `bookedOf`. `when` (SQL, true by default) makes the booking conditional on the rest of the
 * statement, and `bizKey` (SQL, `m.bizKey` by default) lets it name an object the same statement
 * writes (a call record inserted by it). The account row is locked FOR UPDATE (its balance read after any booking it waited
 * for), the ledger row inserted from that balance unless the movement would take it below zero
 * where that is refused, and the balance set to the row's balance after. The insert's unique index
 * (kind, biz_type, biz_key, tenant_id: an enterprise's movement is booked once) refuses a second booking, even one committed while the statement waited on the lock (`book_dup`
 * reads the statement's snapshot, older than the lock: the index is the wall).
 */
export const bookingSql = (m: TMovement, when: SQL = sql`true`, bizKey: SQL = sql`${m.bizKey}`) => {
  const mayGoBelowZero = mayGoBelow(m);
  return {
    ctes: sql`book_account as (
        select a.balance from accounts a where a.tenant_id = ${m.tenantId} for update
      ), book_dup as (
        select exists (select 1 from ledger_entries e
          where e.kind = ${m.kind} and e.biz_type = ${m.bizType} and e.biz_key = (${bizKey})::text
            and e.tenant_id = ${m.tenantId}) as dup
      ), book_entry as (
        insert into ledger_entries (tenant_id, kind, amount, balance_after, biz_type, biz_key, remark,
          created_by, created_by_name)
        select ${m.tenantId}::bigint, ${m.kind}::text, ${m.amount}::bigint, book_account.balance + ${m.amount}::bigint,
          ${m.bizType}::text, (${bizKey})::text, ${m.remark ?? ''}::text, ${m.by?.userId ?? null}::bigint,
          ${m.by?.name ?? ''}::text
        from book_account, book_dup
        where not book_dup.dup and (${mayGoBelowZero}::boolean or book_account.balance + ${m.amount}::bigint >= 0)
          and ${when}
        on conflict do nothing
        returning id, balance_after
      ), book_moved as (
        update accounts set balance = book_entry.balance_after, updated_at = now()
        from book_entry where accounts.tenant_id = ${m.tenantId}
        returning book_entry.id
      )`,
    columns: sql`(select balance from book_account) as book_balance, (select dup from book_dup) as book_dup,
      (select id from book_moved) as book_id`,
  };
};

export type TBookingRow = { book_balance: unknown; book_dup: unknown; book_id: unknown };

const mayGoBelow = (m: TMovement) => m.amount >= 0 || m.isCovered === true || overdraftKinds.has(m.kind);

/** What `bookingSql`'s columns say: booked, a duplicate, refused, or null when the enterprise has no account yet. */
export const bookedOf = (m: TMovement, row: TBookingRow | undefined): TBooked | null => {
  if (!row || row.book_balance === null || row.book_balance === undefined) return null;
  const balance = Number(row.book_balance);
  if (row.book_id !== null && row.book_id !== undefined)
    return { isBooked: true, balanceAfter: balance + m.amount, entryId: Number(row.book_id) };
  if (row.book_dup !== true && !mayGoBelow(m) && balance + m.amount < 0)
    return { isBooked: false, reason: 'insufficient', balance };
  // Booked already: seen before the lock, or refused by the unique index.
  return { isBooked: false, reason: 'duplicate', balanceAfter: balance };
};

/** `book` in one statement (`bookingSql`); null when the enterprise has no account yet. */
const lockAndBook = async (tx: TDb, m: TMovement): Promise<TBooked | null> => {
  const { ctes, columns } = bookingSql(m);
  return bookedOf(m, rowsOf<TBookingRow>(await tx.execute(sql`with ${ctes} select ${columns}`))[0]);
};

export type TLedgerFilter = { kind?: string; from?: number; to?: number };

export const ledgerRepository = {
  account: (tx: TDb, tenantId: number) => firstRow(tx.select().from(accounts).where(eq(accounts.tenantId, tenantId))),

  page: async (tx: TDb, tenantId: number, f: TLedgerFilter, q: { page: number; limit: number }) => {
    const conds = [eq(ledgerEntries.tenantId, tenantId)];
    if (f.kind) conds.push(eq(ledgerEntries.kind, f.kind));
    if (f.from !== undefined) conds.push(gte(ledgerEntries.createdAt, new Date(f.from)));
    if (f.to !== undefined) conds.push(lt(ledgerEntries.createdAt, new Date(f.to)));
    const where = and(...conds);
    return pageOf(
      tx.select({ n: count() }).from(ledgerEntries).where(where),
      tx
        .select()
        .from(ledgerEntries)
        .where(where)
        .orderBy(...newestFirst(ledgerEntries))
        .$dynamic(),
      q,
    );
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
