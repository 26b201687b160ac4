import { and, asc, count, desc, eq, ilike, isNull, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { departments, roles } from '../../db/schema.js';
import { likeOf } from '../../db/sql.js';
import { namedAmong, tenantRowIs, tenantRows } from '../../db/tenant-rows.js';
import { resourceFolders as folders, resourceItems as items } from './resource.schema.js';

/**
 * Who reads the library: a manager sees every item of the enterprise; anyone else what is visible
 * to him (everyone's items, his department's or one above it, one of his roles', his own).
 */
export type TReader = { kind: 'all' } | { kind: 'reader'; userId: number; deptId: number | null };

export type TItemFilter = {
  keyword?: string;
  /** 0: the items in no folder. */
  folderId?: number;
  kind?: string;
  tag?: string;
};

export type TItemRow = typeof items.$inferSelect & { folderName: string | null };
export type TItemInsert = Omit<typeof items.$inferInsert, 'tenantId'>;

const itemRows = tenantRows(items);
const folderRows = tenantRows(folders);

/** The reader's department and every department above it: an item for a department is for those below too. */
const deptAndAbove = (tenantId: number, deptId: number): SQL =>
  sql`array(with recursive up(id, parent_id) as (
      select id, parent_id from departments where tenant_id = ${tenantId} and id = ${deptId}
      union all
      select d.id, d.parent_id from departments d join up on d.id = up.parent_id where d.tenant_id = ${tenantId}
    ) select id from up)::bigint[]`;

/** The reader's active roles. */
const rolesOf = (tenantId: number, userId: number): SQL =>
  sql`array(select ur.role_id from user_roles ur join roles r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
      where ur.user_id = ${userId} and ur.tenant_id = ${tenantId} and r.status = 'active')::bigint[]`;

/** The visibility rule as a condition of the query, so paging and counts see only what he may read. */
const visibleTo = (tenantId: number, reader: TReader): SQL | undefined => {
  if (reader.kind === 'all') return undefined;
  return sql`(${items.visibility} = 'all'
    or ${items.ownerId} = ${reader.userId}
    or (${items.visibility} = 'depts' and ${
      reader.deptId === null ? sql`false` : sql`${items.deptIds} && ${deptAndAbove(tenantId, reader.deptId)}`
    })
    or (${items.visibility} = 'roles' and ${items.roleIds} && ${rolesOf(tenantId, reader.userId)}))`;
};

const whereOf = (tenantId: number, reader: TReader, f: TItemFilter = {}): SQL =>
  and(
    eq(items.tenantId, tenantId),
    visibleTo(tenantId, reader),
    f.folderId === undefined ? undefined : f.folderId === 0 ? isNull(items.folderId) : eq(items.folderId, f.folderId),
    f.kind ? eq(items.kind, f.kind) : undefined,
    f.tag ? sql`${items.tags} @> array[${f.tag}]::text[]` : undefined,
    f.keyword ? ilike(items.searchText, likeOf(f.keyword)) : undefined,
  )!;

const itemsOf = (db: TDb) =>
  db
    .select({ item: items, folderName: folders.name })
    .from(items)
    .leftJoin(folders, and(eq(folders.tenantId, items.tenantId), eq(folders.id, items.folderId)))
    .$dynamic();

const flat = (r: { item: typeof items.$inferSelect; folderName: string | null }): TItemRow => ({
  ...r.item,
  folderName: r.folderName,
});

export const resourceRepository = {
  page: async (
    db: TDb,
    tenantId: number,
    reader: TReader,
    f: TItemFilter,
    sort: 'updated' | 'uses',
    paging: { page: number; limit: number },
  ) => {
    const where = whereOf(tenantId, reader, f);
    const order = sort === 'uses' ? [desc(items.useCount), desc(items.id)] : [desc(items.updatedAt), desc(items.id)];
    const { records, total } = await pageOf(
      db.select({ n: count() }).from(items).where(where),
      itemsOf(db)
        .where(where)
        .orderBy(...order),
      paging,
    );
    return { records: records.map(flat), total };
  },

  find: async (db: TDb, tenantId: number, reader: TReader, id: number): Promise<TItemRow | null> => {
    const row = await firstRow(itemsOf(db).where(and(eq(items.id, id), whereOf(tenantId, reader))));
    return row ? flat(row) : null;
  },

  /** The tags of the items he may read, each once, in order. */
  tags: async (db: TDb, tenantId: number, reader: TReader): Promise<string[]> =>
    (
      await db
        .selectDistinct({ tag: sql<string>`unnest(${items.tags})` })
        .from(items)
        .where(whereOf(tenantId, reader))
        .orderBy(sql`1`)
        .limit(500)
    ).map((r) => r.tag),

  insert: async (db: TDb, tenantId: number, row: TItemInsert) =>
    (
      await db
        .insert(items)
        .values({ ...row, tenantId })
        .returning({ id: items.id })
    )[0]!.id,

  update: (db: TDb, tenantId: number, id: number, patch: Partial<TItemInsert>) =>
    db
      .update(items)
      .set({ ...patch, updatedAt: new Date() })
      .where(tenantRowIs(items, tenantId, id)),

  /** Locks an item of the enterprise for a change (two saves of one item one after the other). */
  lockKind: async (db: TDb, tenantId: number, id: number) =>
    firstRow(
      db
        .select({ kind: items.kind })
        .from(items)
        .where(tenantRowIs(items, tenantId, id))
        .for('update'),
    ),

  delete: itemRows.deleteOne,

  /**
   * One use of an item he may read, counted in one statement (parallel uses each add one, none is
   * lost); null when there is no such item for him.
   */
  countUse: async (db: TDb, tenantId: number, reader: TReader, id: number) =>
    (
      await db
        .update(items)
        .set({ useCount: sql`${items.useCount} + 1`, lastUsedAt: new Date() })
        .where(and(eq(items.id, id), whereOf(tenantId, reader)))
        .returning({ useCount: items.useCount })
    )[0] ?? null,

  // ---- folders -------------------------------------------------------------------------------
  /** The folders with the count of the items in each he may read. */
  folders: (db: TDb, tenantId: number, reader: TReader) =>
    db
      .select({ id: folders.id, name: folders.name, sort: folders.sort, itemCount: count(items.id) })
      .from(folders)
      .leftJoin(items, and(eq(items.folderId, folders.id), whereOf(tenantId, reader)))
      .where(eq(folders.tenantId, tenantId))
      .groupBy(folders.id, folders.tenantId)
      .orderBy(asc(folders.sort), asc(folders.id)),

  folderCount: (db: TDb, tenantId: number) => db.$count(folders, eq(folders.tenantId, tenantId)),

  findFolder: folderRows.findOne,
  insertFolder: folderRows.insertOne,
  updateFolder: folderRows.updateOne,

  /** How many items (whoever may read them) a folder holds. */
  folderItemCount: (db: TDb, tenantId: number, id: number) =>
    db.$count(items, and(eq(items.tenantId, tenantId), eq(items.folderId, id))),

  deleteFolder: folderRows.deleteOne,

  // ---- the enterprise's departments and roles (the org area's tables, read) -------------------
  depts: (db: TDb, tenantId: number) =>
    db
      .select({ id: departments.id, parentId: departments.parentId, name: departments.name })
      .from(departments)
      .where(and(eq(departments.tenantId, tenantId), isNull(departments.deletedAt)))
      .orderBy(asc(departments.sort), asc(departments.id)),

  roles: (db: TDb, tenantId: number) =>
    db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(eq(roles.tenantId, tenantId))
      .orderBy(asc(roles.id)),

  /** Which of these departments are the enterprise's, not deleted. */
  deptsAmong: (db: TDb, tenantId: number, ids: readonly number[]) =>
    namedAmong(db, departments, tenantId, ids, isNull(departments.deletedAt)),

  rolesAmong: (db: TDb, tenantId: number, ids: readonly number[]) => namedAmong(db, roles, tenantId, ids),
};
