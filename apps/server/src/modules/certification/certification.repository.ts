import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow, hasRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { tenants } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { enterpriseCertifications as certs } from './certification.schema.js';

export type TCertFilter = { enterpriseName?: string; status?: string; type?: string };

const columns = { cert: certs, enterpriseName: tenants.name, tenantCode: tenants.code };

const where = (f: TCertFilter): SQL | undefined => {
  const conds: SQL[] = [];
  if (f.enterpriseName) {
    const like = likeOf(f.enterpriseName);
    conds.push(or(ilike(tenants.name, like), ilike(certs.companyName, like))!);
  }
  if (f.status) conds.push(eq(certs.status, f.status));
  if (f.type) conds.push(eq(certs.type, f.type));
  return conds.length ? and(...conds) : undefined;
};

export type TCertRow = { cert: typeof certs.$inferSelect; enterpriseName: string; tenantCode: string };

export const certificationRepository = {
  tenant: (db: TDb, tenantId: number) =>
    firstRow(
      db
        .select({ name: tenants.name, authState: tenants.authState, isSuper: tenants.isSuper })
        .from(tenants)
        .where(eq(tenants.id, tenantId)),
    ),

  latestOf: (db: TDb, tenantId: number): Promise<TCertRow | null> =>
    firstRow(
      db
        .select(columns)
        .from(certs)
        .innerJoin(tenants, eq(tenants.id, certs.tenantId))
        .where(eq(certs.tenantId, tenantId))
        .orderBy(desc(certs.id)),
    ),

  hasPending: (db: TDb, tenantId: number) =>
    hasRow(
      db
        .select({ id: certs.id })
        .from(certs)
        .where(and(eq(certs.tenantId, tenantId), eq(certs.status, 'pending'))),
    ),

  insert: async (db: TDb, row: typeof certs.$inferInsert) => (await db.insert(certs).values(row).returning())[0]!,

  /** Every enterprise's submissions: the platform operator's review queue. */
  page: async (db: TDb, f: TCertFilter, page: number, limit: number) => {
    return pageOf(
      db.select({ n: count() }).from(certs).innerJoin(tenants, eq(tenants.id, certs.tenantId)).where(where(f)),
      db
        .select(columns)
        .from(certs)
        .innerJoin(tenants, eq(tenants.id, certs.tenantId))
        .where(where(f))
        .orderBy(...newestFirst(certs))
        .$dynamic(),
      { page, limit },
    );
  },

  /** Decides the pending submissions among `ids`; returns those it changed. */
  decide: (db: TDb, ids: number[], patch: { status: string; reason: string; examiner: string }) =>
    db
      .update(certs)
      .set({ ...patch, examinedAt: new Date() })
      .where(and(inArray(certs.id, ids), eq(certs.status, 'pending')))
      .returning({ tenantId: certs.tenantId, type: certs.type }),

  /** Raises (never lowers) an enterprise's auth state: 1 personal, 2 enterprise (spec section 3). */
  raiseAuthState: (db: TDb, tenantId: number, state: number) =>
    db
      .update(tenants)
      .set({ authState: sql`greatest(${tenants.authState}, ${state})` })
      .where(eq(tenants.id, tenantId)),
};
