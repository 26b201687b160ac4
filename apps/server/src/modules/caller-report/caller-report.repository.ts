import { and, count, desc, eq, ilike, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { TDatabase, TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { brandOptions, lines, tenants } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { withTenant } from '../../db/tenant.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { callerReportMaterials as materials, callerReports as reports } from './caller-report.schema.js';

export type TReportFilter = { state?: string; number?: string; lineId?: number; enterpriseName?: string };
/** Whose review reads: the platform's (every enterprise) or an agent's (the enterprises registered through it). */
export type TReviewerReach = { agentId: number | null };

const reportColumns = { report: reports, lineName: lines.name, enterpriseName: tenants.name };
export type TReportRow = { report: typeof reports.$inferSelect; lineName: string; enterpriseName: string };
export type TMaterialsRow = { materials: typeof materials.$inferSelect; enterpriseName: string };

/** An enterprise's reports within the reader's data scope (by who created them); none of another's. */
const enterpriseWhere = (tenantId: number, scope: TDataScope, f: TReportFilter): SQL =>
  and(eq(reports.tenantId, tenantId), scopeCondition(scope, { owner: reports.createdBy }), ...filters(f))!;

const filters = (f: TReportFilter): SQL[] => {
  const conds: SQL[] = [];
  if (f.state) conds.push(eq(reports.state, f.state));
  if (f.number) conds.push(ilike(reports.number, likeOf(f.number)));
  if (f.lineId) conds.push(eq(reports.lineId, f.lineId));
  if (f.enterpriseName) conds.push(ilike(tenants.name, likeOf(f.enterpriseName)));
  return conds;
};

/** Submitted reports (drafts are the enterprise's own) within the reviewer's reach. */
const reviewWhere = (reach: TReviewerReach, ...more: SQL[]): SQL =>
  and(
    sql`${reports.state} <> 'draft'`,
    ...(reach.agentId === null ? [] : [eq(tenants.agentId, reach.agentId)]),
    ...more,
  )!;

const reportsOf = (db: TDb) =>
  db
    .select(reportColumns)
    .from(reports)
    .innerJoin(lines, eq(lines.id, reports.lineId))
    .innerJoin(tenants, eq(tenants.id, reports.tenantId));

export const callerReportRepository = {
  // ---- materials ---------------------------------------------------------------------------
  materialsOf: (db: TDb, tenantId: number, version?: number): Promise<TMaterialsRow | null> =>
    firstRow(
      db
        .select({ materials, enterpriseName: tenants.name })
        .from(materials)
        .innerJoin(tenants, eq(tenants.id, materials.tenantId))
        .where(
          and(eq(materials.tenantId, tenantId), version === undefined ? undefined : eq(materials.version, version)),
        )
        .orderBy(desc(materials.version)),
    ),

  /** How many of the enterprise's reports within the reader's data scope are in each state. */
  stateCounts: (db: TDb, tenantId: number, scope: TDataScope) =>
    db
      .select({ state: reports.state, n: count() })
      .from(reports)
      .where(enterpriseWhere(tenantId, scope, {}))
      .groupBy(reports.state),

  versions: (db: TDb, tenantId: number) =>
    db
      .select({ version: materials.version, submitter: materials.submitter, createdAt: materials.createdAt })
      .from(materials)
      .where(eq(materials.tenantId, tenantId))
      .orderBy(desc(materials.version)),

  latestVersion: async (db: TDb, tenantId: number): Promise<number> =>
    (
      await db
        .select({ v: max(materials.version) })
        .from(materials)
        .where(eq(materials.tenantId, tenantId))
    )[0]?.v ?? 0,

  insertMaterials: async (db: TDb, row: typeof materials.$inferInsert) =>
    (await db.insert(materials).values(row).returning({ version: materials.version }))[0]!,

  // ---- reports -----------------------------------------------------------------------------
  page: (db: TDb, tenantId: number, scope: TDataScope, f: TReportFilter, paging: { page: number; limit: number }) =>
    pageOf(
      db
        .select({ n: count() })
        .from(reports)
        .innerJoin(tenants, eq(tenants.id, reports.tenantId))
        .where(enterpriseWhere(tenantId, scope, f)),
      reportsOf(db)
        .where(enterpriseWhere(tenantId, scope, f))
        .orderBy(...newestFirst(reports))
        .$dynamic(),
      paging,
    ),

  /** The list's rows for its spreadsheet, in batches of their own short tenant transactions. */
  exportRows: (database: TDatabase, tenantId: number, scope: TDataScope, f: TReportFilter) =>
    batchedRows((offset) =>
      withTenant(database, tenantId, (tx) =>
        reportsOf(tx)
          .where(enterpriseWhere(tenantId, scope, f))
          .orderBy(...newestFirst(reports))
          .limit(1000)
          .offset(offset),
      ),
    ),

  find: (db: TDb, tenantId: number, scope: TDataScope, id: number): Promise<TReportRow | null> =>
    firstRow(reportsOf(db).where(and(eq(reports.id, id), enterpriseWhere(tenantId, scope, {})))),

  /** Locks one of the enterprise's reports for a change (a save or a submission racing another). */
  lockOwn: (db: TDb, tenantId: number, scope: TDataScope, id: number) =>
    firstRow(
      db
        .select({ id: reports.id, state: reports.state })
        .from(reports)
        .where(and(eq(reports.id, id), enterpriseWhere(tenantId, scope, {})))
        .for('update'),
    ),

  findByNumber: (db: TDb, tenantId: number, lineId: number, number: string) =>
    firstRow(
      db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.tenantId, tenantId), eq(reports.lineId, lineId), eq(reports.number, number))),
    ),

  insert: async (db: TDb, row: typeof reports.$inferInsert) =>
    (await db.insert(reports).values(row).returning({ id: reports.id }))[0]!,

  update: (db: TDb, tenantId: number, id: number, patch: Partial<typeof reports.$inferInsert>) =>
    db
      .update(reports)
      .set(patch)
      .where(tenantRowIs(reports, tenantId, id)),

  // ---- the platform's review ----------------------------------------------------------------
  reviewPage: (db: TDb, reach: TReviewerReach, f: TReportFilter, paging: { page: number; limit: number }) => {
    const where = reviewWhere(reach, ...filters(f));
    return pageOf(
      db.select({ n: count() }).from(reports).innerJoin(tenants, eq(tenants.id, reports.tenantId)).where(where),
      reportsOf(db).where(where).orderBy(desc(reports.submittedAt), desc(reports.id)).$dynamic(),
      paging,
    );
  },

  findSubmitted: (db: TDb, reach: TReviewerReach, id: number): Promise<TReportRow | null> =>
    firstRow(reportsOf(db).where(reviewWhere(reach, eq(reports.id, id)))),

  /**
   * Decides a pending report within the reviewer's reach; null when it is not pending (another
   * reviewer decided it first) or out of reach.
   */
  decide: async (
    db: TDb,
    reach: TReviewerReach,
    id: number,
    patch: { state: string; reason: string; reviewer: string; reviewedAt: Date },
  ) =>
    (
      await db
        .update(reports)
        .set(patch)
        .where(
          and(
            eq(reports.id, id),
            eq(reports.state, 'pending'),
            ...(reach.agentId === null
              ? []
              : [
                  inArray(
                    reports.tenantId,
                    db.select({ id: tenants.id }).from(tenants).where(eq(tenants.agentId, reach.agentId)),
                  ),
                ]),
          ),
        )
        .returning({ tenantId: reports.tenantId, createdBy: reports.createdBy, number: reports.number })
    )[0] ?? null,

  /** Whether the enterprise registered through the agent. */
  isAgentEnterprise: async (db: TDb, agentId: number, tenantId: number) =>
    (
      await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.id, tenantId), eq(tenants.agentId, agentId)))
    ).length > 0,

  /** Whether the platform lets this agent review its enterprises' reports. */
  agentReviews: async (db: TDb, agentId: number) =>
    (
      await db
        .select({ isAllowed: tenants.reviewsReports })
        .from(tenants)
        .where(and(eq(tenants.id, agentId), eq(tenants.kind, 'agent')))
    )[0]?.isAllowed === true,

  // ---- the dial flow's rule ------------------------------------------------------------------
  /** Whether the platform's default brand leaves 数据审核 on (unset or anything but '0' is on). */
  isAuditOn: async (db: TDb) =>
    (
      await db
        .select({ value: brandOptions.optionValue })
        .from(brandOptions)
        .where(and(eq(brandOptions.host, ''), eq(brandOptions.optionKey, 'data_audit')))
    )[0]?.value !== '0',

  /** How many of the enterprise's reports are approved, counted up to `cap`. */
  approvedCount: async (db: TDb, tenantId: number, cap: number) =>
    (
      await db.select({ n: count() }).from(
        db
          .select({ id: reports.id })
          .from(reports)
          .where(and(eq(reports.tenantId, tenantId), eq(reports.state, 'approved')))
          .limit(cap)
          .as('approved'),
      )
    )[0]?.n ?? 0,

  approvedAmong: async (db: TDb, tenantId: number, lineId: number, numbers: readonly string[]) =>
    numbers.length === 0
      ? []
      : (
          await db
            .select({ number: reports.number })
            .from(reports)
            .where(
              and(
                eq(reports.tenantId, tenantId),
                eq(reports.lineId, lineId),
                eq(reports.state, 'approved'),
                inArray(reports.number, [...numbers]),
              ),
            )
        ).map((r) => r.number),
};
