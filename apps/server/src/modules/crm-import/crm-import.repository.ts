import type { TCustomField } from '@yunhu/contract';
import { type AnyColumn, and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
// Another area's table (the owner's name) through the schema barrel (docs/architecture.md).
import {
  crmCustomFields,
  crmFollowRecords,
  crmImportRows,
  crmImports,
  crmOwnerLogs,
  crmTags,
  customers,
  users,
} from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf } from '../../db/sql.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { stagedAfter } from '../../import/import.repository.js';

export type { TImportOutcome as TOutcome, TStagedRow } from '../../import/import.repository.js';
export type TExisting = {
  id: number;
  name: string;
  mobile: string;
  ownerId: number | null;
  ownerName: string | null;
  deptId: number | null;
  isDeleted: boolean;
};

/**
 * \`column in (the values)\` with the values as one JSON parameter: a chunk's 2,000 mobiles as 2,000
 * bind parameters cost more to build in drizzle than the query takes in the database.
 */
const inJson = (column: AnyColumn, values: string[]) =>
  sql`${column} in (select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** Customers as an import meets them (with their owner's name), by mobile or by id. */
const existingWhere = async (tx: TDb, tenantId: number, match: SQL, n: number): Promise<TExisting[]> => {
  if (n === 0) return [];
  const rows = await tx
    .select({
      id: customers.id,
      name: customers.name,
      mobile: customers.mobile,
      ownerId: customers.ownerId,
      ownerName: users.realName,
      deptId: customers.deptId,
      deletedAt: customers.deletedAt,
    })
    .from(customers)
    .leftJoin(users, and(eq(users.tenantId, customers.tenantId), eq(users.id, customers.ownerId)))
    .where(and(eq(customers.tenantId, tenantId), match));
  return rows.map(({ deletedAt, ...r }) => ({ ...r, isDeleted: deletedAt !== null }));
};

/** Queries of the CRM imports' own rules (the staging is the framework's, import/import.repository.ts). */
/**
 * 导入批次: the tenant's customer imports that created customers, newest first, whose importer is
 * within the scope (his own, his department's…), optionally by file name.
 */
export const importBatchOptions = (
  db: TDb,
  q: { tenantId: number; scope: TDataScope; fileName?: string; limit: number },
) =>
  db
    .select({
      id: crmImports.id,
      fileName: crmImports.fileName,
      createdAt: crmImports.createdAt,
      count: crmImports.inserted,
      userName: users.realName,
    })
    .from(crmImports)
    .innerJoin(users, and(eq(users.tenantId, crmImports.tenantId), eq(users.id, crmImports.userId)))
    .where(
      and(
        eq(crmImports.tenantId, q.tenantId),
        eq(crmImports.kind, 'customer'),
        gt(crmImports.inserted, 0),
        scopeCondition(q.scope, { owner: crmImports.userId, dept: users.deptId }),
        q.fileName ? sql`${crmImports.fileName} ilike ${likeOf(q.fileName)}` : undefined,
      ),
    )
    .orderBy(desc(crmImports.createdAt))
    .limit(q.limit);

export const importRepository = {
  /** Customers of the tenant with these mobiles, recycle bin included (mobiles are unique per tenant). */
  existingByMobile: async (tx: TDb, tenantId: number, mobiles: string[]): Promise<Map<string, TExisting>> =>
    new Map(
      (await existingWhere(tx, tenantId, inJson(customers.mobile, mobiles), mobiles.length)).map((e) => [e.mobile, e]),
    ),

  customFields: async (tx: TDb, tenantId: number): Promise<TCustomField[]> =>
    (
      await tx
        .select()
        .from(crmCustomFields)
        .where(eq(crmCustomFields.tenantId, tenantId))
        .orderBy(asc(crmCustomFields.sort), asc(crmCustomFields.id))
    ).map((f) => ({ ...f, type: f.type as TCustomField['type'] })),

  tagsByName: async (tx: TDb, tenantId: number) =>
    new Map(
      (await tx.select({ id: crmTags.id, name: crmTags.name }).from(crmTags).where(eq(crmTags.tenantId, tenantId))).map(
        (t) => [t.name, t.id] as const,
      ),
    ),

  /** Customers a person owns now (the 每人最多客户数 rule counts these). */
  ownedCount: async (tx: TDb, tenantId: number, userId: number) =>
    rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from customers
        where tenant_id = ${tenantId} and owner_id = ${userId} and deleted_at is null`),
    )[0]!.n,

  deptOf: async (tx: TDb, tenantId: number, userId: number) =>
    (
      await tx
        .select({ deptId: users.deptId })
        .from(users)
        .where(tenantRowIs(users, tenantId, userId))
    )[0]?.deptId ?? null,

  insertCustomers: (tx: TDb, rows: (typeof customers.$inferInsert)[]) =>
    rows.length === 0
      ? Promise.resolve([] as { id: number; mobile: string }[])
      : tx
          .insert(customers)
          .values(rows)
          // A mobile added by someone since the preview is not overwritten: that row is skipped.
          .onConflictDoNothing({ target: [customers.tenantId, customers.mobile] })
          .returning({ id: customers.id, mobile: customers.mobile }),

  /**
   * Writes the new customers of one chunk of a customer import straight from its staged rows, in
   * one statement: the staged valid rows of the range with no customer at preview, the
   * first \`room\` of them (每人最多客户数) inserted ordered by mobile (two imports of overlapping
   * mobiles take the unique index's locks in the same order: no deadlock), a mobile taken meanwhile
   * left to the unique index (ON CONFLICT DO NOTHING: that row is skipped, never a 500), the owner
   * log of every customer inserted, and each row's checkpoint: a row written leaves the staging, a
   * row not written stays as skipped with why.
   */
  insertStaged: async (
    tx: TDb,
    p: {
      tenantId: number;
      importId: string;
      after: number;
      upto: number;
      /** How many may be inserted (null: no limit). */
      room: number | null;
      /** The importer; the owner of the new customers when \`deptId\` is given (private import). */
      userId: number;
      isPrivate: boolean;
      deptId: number | null;
      logReason: string;
      overReason: string;
      takenReason: string;
    },
  ): Promise<{ inserted: number; skipped: number }> => {
    const owner = p.isPrivate ? sql`${p.userId}::bigint` : sql`null::bigint`;
    const room = p.room ?? 2_147_483_647;
    const rows = rowsOf<{ inserted: number; skipped: number }>(
      await tx.execute(sql`with src as (
        select r.row_no, r.data, r.data->>'mobile' as mobile, row_number() over (order by r.row_no) as n
        from crm_import_rows r
        where r.tenant_id = ${p.tenantId} and r.import_id = ${p.importId}
          and r.row_no > ${p.after} and r.row_no <= ${p.upto}
          and r.error is null and r.outcome is null and r.existing_id is null
      ),
      ins as (
        insert into customers (tenant_id, name, name_pinyin, name_initials, mobile, company, address, source,
          remark, intention_level, phone_label, next_follow_at, tag_ids, custom_values, owner_id, dept_id,
          owned_at, pool_at, created_by, import_batch_id)
        select ${p.tenantId}::bigint, s.data->>'name', coalesce(s.data->>'namePinyin', ''),
          coalesce(s.data->>'nameInitials', ''), s.mobile, coalesce(s.data->>'company', ''),
          coalesce(s.data->>'address', ''), coalesce(s.data->>'source', ''), coalesce(s.data->>'remark', ''),
          coalesce(s.data->>'intentionLevel', 'D'), s.data->>'phoneLabel',
          to_timestamp((s.data->>'nextFollowAt')::double precision / 1000),
          array(select jsonb_array_elements_text(coalesce(s.data->'tagIds', '[]'::jsonb))::bigint),
          coalesce(s.data->'custom', '{}'::jsonb), ${owner},
          ${p.isPrivate ? sql`${p.deptId}::bigint` : sql`null::bigint`},
          ${p.isPrivate ? sql`now()` : sql`null::timestamptz`}, ${p.isPrivate ? sql`null::timestamptz` : sql`now()`},
          ${p.userId}::bigint, ${p.importId}::uuid
        from src s
        where s.n <= ${room}
        order by s.mobile
        on conflict (tenant_id, mobile) do nothing
        returning id, mobile
      ),
      logs as (
        insert into crm_owner_logs (tenant_id, customer_id, action, to_user_id, operator_id, reason)
        select ${p.tenantId}::bigint, ins.id, 'import', ${owner}, ${p.userId}::bigint, ${p.logReason}::text from ins
      ),
      -- Every statement below is planned to stand whatever the estimates (a staging table that
      -- fills and empties between two ANALYZE is estimated at 1 row): the staged rows by the
      -- chunk's key range (an index condition whatever the plan: row_no = any(array) was left as
      -- a filter, 5,000 array elements compared with each of the batch's 100,000 rows, 8.5 s a
      -- chunk), what was inserted as a hashed IN by mobile (a batch's valid rows have distinct
      -- mobiles: a repeat in the file is refused at preview; "is true" keeps the IN a hashed
      -- subplan, a bare IN became a nested-loop semi-join of 12.5 million comparisons), the
      -- limit's last row as one number.
      gone as (
        delete from crm_import_rows r
        where r.tenant_id = ${p.tenantId} and r.import_id = ${p.importId}
          and r.row_no > ${p.after} and r.row_no <= ${p.upto}
          and r.error is null and r.outcome is null and r.existing_id is null
          and ((r.data->>'mobile') in (select i.mobile from ins i)) is true
        returning 1
      ),
      kept as (
        update crm_import_rows r set outcome = 'skipped',
          outcome_reason = case
            when r.row_no > (select coalesce(max(s.row_no), -1) from src s where s.n <= ${room})
              then ${p.overReason}::text
            else ${p.takenReason}::text end
        where r.tenant_id = ${p.tenantId} and r.import_id = ${p.importId}
          and r.row_no > ${p.after} and r.row_no <= ${p.upto}
          and r.error is null and r.outcome is null and r.existing_id is null
          and (r.data->>'mobile') not in (select i.mobile from ins i)
        returning 1
      )
      select (select count(*)::int from gone) as inserted, (select count(*)::int from kept) as skipped`),
    );
    return rows[0]!;
  },

  /** The staged valid unwritten rows of a range whose mobile was a customer at preview (a chunk's few). */
  stagedExisting: (tx: TDb, tenantId: number, importId: string, after: number, upto: number) =>
    tx
      .select()
      .from(crmImportRows)
      .where(
        and(
          stagedAfter(tenantId, importId, after),
          lte(crmImportRows.rowNo, upto),
          isNull(crmImportRows.error),
          isNull(crmImportRows.outcome),
          isNotNull(crmImportRows.existingId),
        ),
      )
      .orderBy(asc(crmImportRows.rowNo)),

  insertOwnerLogs: async (tx: TDb, rows: (typeof crmOwnerLogs.$inferInsert)[]) => {
    if (rows.length) await tx.insert(crmOwnerLogs).values(rows);
  },

  customersByIds: async (tx: TDb, tenantId: number, ids: number[]): Promise<Map<number, TExisting>> =>
    new Map((await existingWhere(tx, tenantId, inArray(customers.id, ids), ids.length)).map((e) => [e.id, e])),

  /**
   * Updates an existing customer from an import row: filled cells overwrite, blank ones keep the
   * current value; tags are added to the customer's own, custom values merged.
   */
  updateCustomer: (
    tx: TDb,
    tenantId: number,
    id: number,
    patch: Partial<typeof customers.$inferInsert>,
    addTagIds: number[],
    customValues: Record<string, unknown>,
  ) =>
    tx
      .update(customers)
      .set({
        ...patch,
        tagIds: addTagIds.length
          ? sql`array(select distinct unnest(${customers.tagIds} || ${sql.raw(`'{${addTagIds.join(',')}}'`)}::bigint[]))`
          : undefined,
        customValues: Object.keys(customValues).length
          ? sql`${customers.customValues} || ${JSON.stringify(customValues)}::jsonb`
          : undefined,
        updatedAt: new Date(),
      })
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id), isNull(customers.deletedAt))),

  insertFollows: async (tx: TDb, rows: (typeof crmFollowRecords.$inferInsert)[]) => {
    if (rows.length) await tx.insert(crmFollowRecords).values(rows);
  },

  /**
   * Moves each customer's last follow-up to the newest of the given records when it is newer than
   * what the customer shows, with that record's next follow-up time when it set one.
   */
  refreshLastFollow: async (
    tx: TDb,
    tenantId: number,
    records: { customerId: number; at: number; content: string; nextAt: number | null }[],
  ) => {
    if (records.length === 0) return;
    await tx.execute(sql`update customers c set
        last_follow_at = to_timestamp(x.at / 1000.0),
        last_follow_content = x.content,
        next_follow_at = coalesce(to_timestamp(x.next_at / 1000.0), c.next_follow_at),
        updated_at = now()
      from (
        select distinct on (v.customer_id) v.customer_id, v.at, v.content, v.next_at
        from jsonb_to_recordset(${JSON.stringify(
          records.map((r) => ({ customer_id: r.customerId, at: r.at, content: r.content, next_at: r.nextAt })),
        )}::jsonb) as v(customer_id bigint, at bigint, content text, next_at bigint)
        order by v.customer_id, v.at desc
      ) x
      where c.tenant_id = ${tenantId} and c.id = x.customer_id
        and (c.last_follow_at is null or c.last_follow_at < to_timestamp(x.at / 1000.0))`);
  },
};
