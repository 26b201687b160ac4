import { and, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDatabase, type TDb } from '../../db/client.js';
import { cursorRows } from '../../db/cursor.js';
import { offsetOf } from '../../db/sql.js';
import type { TRowSource } from '../../http/xlsx-stream.js';

/** 收支明细, 退款 and the months' money, read from the trade area's ledger (never written here). */
export type TLedgerQuery = {
  /** null: every enterprise (the platform, across the tenant wall). */
  tenantId: number | null;
  direction?: 'in' | 'out';
  kind?: string;
  from?: number;
  to?: number;
};

export type TLedgerRow = {
  id: number;
  tenantId: number;
  enterpriseName: string;
  kind: string;
  amount: number;
  balanceAfter: number;
  bizType: string;
  bizKey: string;
  remark: string;
  createdByName: string;
  createdAt: Date;
};

const num = (v: unknown) => Number(v ?? 0);

const where = (q: TLedgerQuery): SQL => {
  const conds: SQL[] = [];
  if (q.tenantId !== null) conds.push(sql`e.tenant_id = ${q.tenantId}`);
  if (q.direction === 'in') conds.push(sql`e.amount > 0`);
  if (q.direction === 'out') conds.push(sql`e.amount < 0`);
  if (q.kind) conds.push(sql`e.kind = ${q.kind}`);
  if (q.from !== undefined) conds.push(sql`e.created_at >= ${new Date(q.from).toISOString()}`);
  if (q.to !== undefined) conds.push(sql`e.created_at < ${new Date(q.to).toISOString()}`);
  return conds.length ? and(...conds)! : sql`true`;
};

const select = (w: SQL) => sql`
  select e.*, coalesce((select t.name from tenants t where t.id = e.tenant_id), '') as enterprise_name
  from ledger_entries e where ${w} order by e.created_at desc, e.id desc`;

const fromRaw = (r: Record<string, unknown>): TLedgerRow => ({
  id: num(r.id),
  tenantId: num(r.tenant_id),
  enterpriseName: String(r.enterprise_name ?? ''),
  kind: String(r.kind),
  amount: num(r.amount),
  balanceAfter: num(r.balance_after),
  bizType: String(r.biz_type),
  bizKey: String(r.biz_key),
  remark: String(r.remark ?? ''),
  createdByName: String(r.created_by_name ?? ''),
  createdAt: new Date(r.created_at as string | Date),
});

export type TMoneyMonth = {
  month: string;
  recharge: number;
  purchase: number;
  consumption: number;
  refund: number;
  transfer: number;
  adjustment: number;
  net: number;
};

const moneySelect = (tenantId: number, year: number) => sql`
  select to_char(e.created_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month,
    coalesce(sum(e.amount) filter (where e.kind = 'recharge'), 0) as recharge,
    coalesce(sum(e.amount) filter (where e.kind = 'purchase'), 0) as purchase,
    coalesce(sum(e.amount) filter (where e.kind = 'consumption'), 0) as consumption,
    coalesce(sum(e.amount) filter (where e.kind = 'refund'), 0) as refund,
    coalesce(sum(e.amount) filter (where e.kind = 'transfer'), 0) as transfer,
    coalesce(sum(e.amount) filter (where e.kind = 'adjustment'), 0) as adjustment,
    coalesce(sum(e.amount), 0) as net
  from ledger_entries e
  where e.tenant_id = ${tenantId}
    and e.created_at >= (${`${year}-01-01`}::timestamp at time zone 'Asia/Shanghai')
    and e.created_at < (${`${year + 1}-01-01`}::timestamp at time zone 'Asia/Shanghai')
  group by 1 order by 1 desc`;

const moneyRaw = (r: Record<string, unknown>): TMoneyMonth => ({
  month: String(r.month),
  recharge: num(r.recharge),
  purchase: num(r.purchase),
  consumption: num(r.consumption),
  refund: num(r.refund),
  transfer: num(r.transfer),
  adjustment: num(r.adjustment),
  net: num(r.net),
});

export const billingLedgerRepository = {
  page: async (db: TDb, q: TLedgerQuery, paging: { page: number; limit: number }) => {
    const w = where(q);
    const [total] = rowsOf<{ n: unknown }>(
      await db.execute(sql`select count(*) as n from ledger_entries e where ${w}`),
    );
    const records = rowsOf<Record<string, unknown>>(
      await db.execute(sql`${select(w)} limit ${paging.limit} offset ${offsetOf(paging)}`),
    ).map(fromRaw);
    return { records, total: num(total?.n) };
  },

  rows: <T>(database: TDatabase, q: TLedgerQuery & { tenantId: number }, map: (row: TLedgerRow) => T): TRowSource<T> =>
    cursorRows(database, q.tenantId, select(where(q)), (raw) => map(fromRaw(raw))),

  months: async (db: TDb, tenantId: number, year: number) =>
    rowsOf<Record<string, unknown>>(await db.execute(moneySelect(tenantId, year))).map(moneyRaw),
};
