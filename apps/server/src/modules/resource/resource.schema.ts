import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ref, sameTenant, tenantTable, ts } from '../../db/columns.js';
import { users } from '../org/org.schema.js';

/** A part of a stored script, as the contract's ZScriptSection parsed it. */
export type TStoredSection = {
  kind: string;
  heading: string;
  text: string;
  pairs: { question: string; answer: string }[];
};

/** A folder of the library (one level). */
export const resourceFolders = tenantTable(
  'resource_folders',
  {
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('resource_folders_tenant_name_idx').on(t.tenantId, t.name)],
);

/**
 * An item of the library: a call script (its sections) or a file (a private upload by its stored
 * name), with tags and who may read it (visibility with the chosen departments or roles).
 */
export const resourceItems = tenantTable(
  'resource_items',
  {
    folderId: ref('folder_id'),
    /** script | file */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    sections: jsonb('sections').$type<TStoredSection[]>().notNull().default(sql`'[]'::jsonb`),
    fileName: text('file_name'),
    fileOriginalName: text('file_original_name').notNull().default(''),
    fileType: text('file_type').notNull().default(''),
    fileSize: integer('file_size').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** all | depts | roles */
    visibility: text('visibility').notNull().default('all'),
    deptIds: bigint('dept_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    roleIds: bigint('role_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    ownerId: ref('owner_id').notNull(),
    ownerName: text('owner_name').notNull(),
    /** Title, text, tags and file name in one column for the keyword search (its trigram index). */
    searchText: text('search_text').notNull().default(''),
    useCount: integer('use_count').notNull().default(0),
    lastUsedAt: ts('last_used_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    sameTenant('resource_items_folder_id_fkey', t, t.folderId, resourceFolders),
    sameTenant('resource_items_owner_id_fkey', t, t.ownerId, users),
    index('resource_items_tenant_updated_idx').on(t.tenantId, t.updatedAt.desc(), t.id.desc()),
    index('resource_items_folder_updated_idx').on(t.folderId, t.updatedAt.desc(), t.id.desc()),
    index('resource_items_tenant_uses_idx').on(t.tenantId, t.useCount.desc(), t.id.desc()),
  ],
);
