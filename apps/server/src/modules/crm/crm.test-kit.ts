import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { TTestApp } from '../../test/harness.js';
import { crmSettings } from '../crm-settings/crm-settings.schema.js';
import { tenants, users } from '../org/org.schema.js';
import type { TCrmSettings } from './crm.rules.js';
import { crmOwnerLogs, customers } from './crm.schema.js';

/** Test helpers of the CRM area: the demo tenant's ids, its rules, and direct reads of customers. */
export const crmKit = async (t: TTestApp) => {
  const { db } = t.database;
  const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'E100001'));
  const tenantId = demo!.id;
  const userId = async (username: string) => (await db.select().from(users).where(eq(users.username, username)))[0]!.id;
  let mobileSeq = 0;
  return {
    tenantId,
    userId,
    /** A fresh valid mobile, never used by the demo seed (which uses 13x/15x/18x prefixes). */
    mobile: () => `199${String(Date.now() % 100_000).padStart(5, '0')}${String(mobileSeq++ % 1000).padStart(3, '0')}`,
    setRules: async (rules: Partial<Omit<TCrmSettings, 'tenantId'>>) => {
      await db
        .insert(crmSettings)
        .values({ tenantId, ...rules })
        .onConflictDoUpdate({ target: crmSettings.tenantId, set: { ...rules } });
    },
    resetRules: () => db.delete(crmSettings).where(eq(crmSettings.tenantId, tenantId)),
    customer: async (id: number) => (await db.select().from(customers).where(eq(customers.id, id)))[0]!,
    setCustomer: (id: number, set: Partial<typeof customers.$inferInsert>) =>
      db.update(customers).set(set).where(eq(customers.id, id)),
    /** Public-pool customers of the demo tenant, oldest id first. */
    poolIds: async (n: number) =>
      (
        await db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.tenantId, tenantId), sql`owner_id is null`, sql`deleted_at is null`))
          .orderBy(customers.id)
          .limit(n)
      ).map((r) => r.id),
    ownedIds: async (ownerId: number, n: number) =>
      (
        await db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.ownerId, ownerId), sql`deleted_at is null`))
          .orderBy(customers.id)
          .limit(n)
      ).map((r) => r.id),
    logsOf: (customerId: number) =>
      db.select().from(crmOwnerLogs).where(eq(crmOwnerLogs.customerId, customerId)).orderBy(crmOwnerLogs.id),
    count: async (query: ReturnType<typeof sql>) => rowsOf<{ n: number }>(await db.execute(query))[0]!.n,
  };
};
