import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { livePacketSql } from '../packet/index.js';

/**
 * What the onboarding checklist reads of other areas' tables (decision 0011: a repository may read
 * them), in one statement. Each count stops at `cap` (a `limit` inside its subquery), so a large
 * enterprise costs what a new one does; each walks a tenant index (seats_tenant_user_idx,
 * users_tenant_status_idx, customers_tenant_owner_idx, call_records_tenant_time_idx); package minutes
 * left walk packets_tenant_expire_idx (few rows per enterprise), the balance is its account's row.
 */
export const onboardingRepository = {
  state: async (db: TDb, tenantId: number, now: Date, cap: number) => {
    const upTo = (from: SQL) => sql`(select count(*)::int from (${from} limit ${cap}) x)`;
    const liveSeat = sql`s.tenant_id = ${tenantId} and s.status = 'active' and s.expire_at > ${now.toISOString()}::timestamptz`;
    const [row] = rowsOf<{
      lines: number;
      seats: number;
      staff: number;
      assigned: number;
      customers: number;
      calls: number;
      minutes: number;
      balance: number;
    }>(
      await db.execute(sql`select
        ${upTo(sql`select 1 from lines l where l.status = 'active'`)} as lines,
        ${upTo(sql`select 1 from seats s where ${liveSeat}`)} as seats,
        ${upTo(sql`select 1 from users u where u.tenant_id = ${tenantId} and u.status = 'active'`)} as staff,
        ${upTo(sql`select 1 from seats s where ${liveSeat} and s.user_id is not null`)} as assigned,
        ${upTo(sql`select 1 from customers c where c.tenant_id = ${tenantId} and c.deleted_at is null`)} as customers,
        ${upTo(sql`select 1 from call_records r where r.tenant_id = ${tenantId}`)} as calls,
        (select coalesce(sum(p.total_minutes * 60 - p.used_seconds), 0) / 60 from packets p
          where p.tenant_id = ${tenantId} and ${livePacketSql('p', now)})::int as minutes,
        coalesce((select a.balance from accounts a where a.tenant_id = ${tenantId}), 0)::int as balance`),
    );
    return row!;
  },
};
