import { and, asc, count, eq, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf, type TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { crmCustomFields, crmQuickContents, crmSettings, crmTags, crmUserConfigs, customers } from '../../db/schema.js';
import { tenantRowIs, tenantRows } from '../../db/tenant-rows.js';

export type TTagRow = typeof crmTags.$inferSelect;
export type TFieldRow = typeof crmCustomFields.$inferSelect;
export type TQuickRow = typeof crmQuickContents.$inferSelect;
type TRulesSet = Partial<Omit<typeof crmSettings.$inferInsert, 'tenantId'>>;

/**
 * Live customers (not in the recycle bin) carrying the tag; the GIN index on tag_ids answers `@>`.
 * The outer columns are written out: drizzle leaves them unqualified in a one-table select, where
 * they would bind to the subquery's customers.
 */
const tagCount = sql<number>`(select count(*)::int from customers c
  where c.tenant_id = crm_tags.tenant_id and c.deleted_at is null and c.tag_ids @> array[crm_tags.id]::bigint[])`;

/** A custom value that is really there: not missing, null, an empty text or an empty choice list. */
const hasValue = (key: string): SQL =>
  sql`coalesce((${customers.customValues} -> ${key}) not in ('null'::jsonb, '""'::jsonb, '[]'::jsonb), false)`;

const tagRows = tenantRows(crmTags);
const fieldRows = tenantRows(crmCustomFields);
const quickRows = tenantRows(crmQuickContents);

/** The SQL of the CRM settings screens: tags, custom fields, quick replies, rules and screen configs. */
export const settingsRepository = {
  // ---- Tags ------------------------------------------------------------------------------------

  tags: (db: TDb, tenantId: number) =>
    db
      .select({ t: crmTags, customerCount: tagCount })
      .from(crmTags)
      .where(eq(crmTags.tenantId, tenantId))
      .orderBy(asc(crmTags.sort), asc(crmTags.id)),

  tag: (db: TDb, tenantId: number, id: number) =>
    firstRow(
      db
        .select({ t: crmTags, customerCount: tagCount })
        .from(crmTags)
        .where(tenantRowIs(crmTags, tenantId, id)),
    ),

  tagCount: async (db: TDb, tenantId: number) =>
    (await db.select({ n: count() }).from(crmTags).where(eq(crmTags.tenantId, tenantId)))[0]?.n ?? 0,

  /** Another tag of the tenant with this name (names are unique per tenant). */
  tagNamed: (db: TDb, tenantId: number, name: string, exceptId?: number) =>
    firstRow(
      db
        .select({ id: crmTags.id })
        .from(crmTags)
        .where(
          and(
            eq(crmTags.tenantId, tenantId),
            eq(crmTags.name, name),
            exceptId === undefined ? undefined : ne(crmTags.id, exceptId),
          ),
        ),
    ),

  insertTag: async (db: TDb, row: typeof crmTags.$inferInsert) => (await tagRows.insertOne(db, row)).id,

  updateTag: tagRows.updateOne,

  /** Takes the tag off every customer of the tenant, the recycle bin included (a recovered one keeps no dead id). */
  stripTag: (db: TDb, tenantId: number, id: number) =>
    db
      .update(customers)
      .set({ tagIds: sql`array_remove(${customers.tagIds}, ${id}::bigint)` as unknown as number[] })
      .where(and(eq(customers.tenantId, tenantId), sql`${customers.tagIds} @> array[${id}]::bigint[]`)),

  deleteTag: tagRows.deleteOne,

  // ---- Custom fields ---------------------------------------------------------------------------

  fieldPage: async (db: TDb, tenantId: number, page: number, limit: number) => {
    const where = eq(crmCustomFields.tenantId, tenantId);
    const [total] = await db.select({ n: count() }).from(crmCustomFields).where(where);
    const records = await db
      .select()
      .from(crmCustomFields)
      .where(where)
      .orderBy(asc(crmCustomFields.sort), asc(crmCustomFields.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { records, total: total?.n ?? 0 };
  },

  fieldCount: async (db: TDb, tenantId: number) =>
    (await db.select({ n: count() }).from(crmCustomFields).where(eq(crmCustomFields.tenantId, tenantId)))[0]?.n ?? 0,

  field: (db: TDb, tenantId: number, id: number, lock = false) =>
    (lock ? fieldRows.lockOne : fieldRows.findOne)(db, tenantId, id),

  fieldNamed: (db: TDb, tenantId: number, name: string, exceptId?: number) =>
    firstRow(
      db
        .select({ id: crmCustomFields.id })
        .from(crmCustomFields)
        .where(
          and(
            eq(crmCustomFields.tenantId, tenantId),
            eq(crmCustomFields.name, name),
            exceptId === undefined ? undefined : ne(crmCustomFields.id, exceptId),
          ),
        ),
    ),

  /**
   * Serialises the custom-field changes of one tenant until the transaction ends, so two people
   * adding the 50th field at once cannot both pass the count.
   */
  lockFields: (db: TDb, tenantId: number) =>
    db.execute(sql`select pg_advisory_xact_lock(hashtext('crm_custom_fields'), ${tenantId}::int)`),

  insertField: fieldRows.insertOne,
  updateField: fieldRows.updateOne,

  /** Customers of the tenant (recycle bin included) holding a value for the field. */
  valueCount: async (db: TDb, tenantId: number, fieldId: number) =>
    (
      await db
        .select({ n: count() })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), hasValue(String(fieldId))))
    )[0]?.n ?? 0,

  /**
   * How many customers (recycle bin included) chose each of these options. `jsonb_exists` matches a
   * single-choice string as well as an element of a multiple-choice array.
   */
  optionUse: async (db: TDb, tenantId: number, fieldId: number, options: readonly string[]) => {
    if (options.length === 0) return new Map<string, number>();
    const list = sql.join(
      options.map((o) => sql`${o}`),
      sql`, `,
    );
    const rows = rowsOf<{ option: string; n: number }>(
      await db.execute(sql`select o.opt as option, count(*)::int as n
        from unnest(array[${list}]::text[]) as o(opt)
        join customers c on c.tenant_id = ${tenantId} and jsonb_exists(c.custom_values -> ${String(fieldId)}, o.opt)
        group by o.opt`),
    );
    return new Map(rows.map((r) => [r.option, r.n]));
  },

  /** Removes the field's values from every customer of the tenant (jsonb `-` key). */
  stripField: (db: TDb, tenantId: number, fieldId: number) =>
    db
      .update(customers)
      .set({
        customValues: sql`${customers.customValues} - ${String(fieldId)}::text` as unknown as Record<string, never>,
      })
      .where(and(eq(customers.tenantId, tenantId), sql`jsonb_exists(${customers.customValues}, ${String(fieldId)})`)),

  deleteField: fieldRows.deleteOne,

  // ---- Quick replies ---------------------------------------------------------------------------

  /** The tenant's shared replies and this person's own, shared first, then by sort. */
  quickList: (db: TDb, tenantId: number, userId: number) =>
    db
      .select()
      .from(crmQuickContents)
      .where(
        and(
          eq(crmQuickContents.tenantId, tenantId),
          or(isNull(crmQuickContents.userId), eq(crmQuickContents.userId, userId)),
        ),
      )
      .orderBy(sql`${crmQuickContents.userId} is not null`, asc(crmQuickContents.sort), asc(crmQuickContents.id)),

  quick: quickRows.lockOne,

  /** Replies owned by this person, or shared ones when userId is null. */
  quickCount: async (db: TDb, tenantId: number, userId: number | null) =>
    (
      await db
        .select({ n: count() })
        .from(crmQuickContents)
        .where(
          and(
            eq(crmQuickContents.tenantId, tenantId),
            userId === null ? isNull(crmQuickContents.userId) : eq(crmQuickContents.userId, userId),
          ),
        )
    )[0]?.n ?? 0,

  insertQuick: quickRows.insertOne,
  updateQuick: quickRows.updateOne,
  deleteQuick: quickRows.deleteOne,

  // ---- Rules and privacy -----------------------------------------------------------------------

  /** The tenant's row with the name of who saved it last (none until the rules are first saved). */
  settingsAudit: (db: TDb, tenantId: number) =>
    firstRow(
      db
        .select({
          updatedAt: crmSettings.updatedAt,
          updatedByName: sql<string | null>`(select u.real_name from users u where u.id = crm_settings.updated_by)`,
        })
        .from(crmSettings)
        .where(eq(crmSettings.tenantId, tenantId)),
    ),

  /** Creates the tenant's row (other columns take their defaults) or updates the given columns. */
  upsertSettings: (db: TDb, tenantId: number, set: TRulesSet) =>
    db
      .insert(crmSettings)
      .values({ tenantId, ...set })
      .onConflictDoUpdate({ target: crmSettings.tenantId, set }),

  // ---- Per-user screen configs -----------------------------------------------------------------

  userConfig: async (db: TDb, tenantId: number, userId: number, key: string) =>
    (
      await db
        .select({ value: crmUserConfigs.value })
        .from(crmUserConfigs)
        .where(
          and(eq(crmUserConfigs.tenantId, tenantId), eq(crmUserConfigs.userId, userId), eq(crmUserConfigs.key, key)),
        )
    )[0]?.value ?? null,

  upsertUserConfig: (db: TDb, tenantId: number, userId: number, key: string, value: unknown) =>
    db
      .insert(crmUserConfigs)
      .values({ tenantId, userId, key, value })
      .onConflictDoUpdate({
        target: [crmUserConfigs.tenantId, crmUserConfigs.userId, crmUserConfigs.key],
        set: { value, updatedAt: new Date() },
      }),
};
