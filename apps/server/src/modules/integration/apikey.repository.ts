import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { offAppsOf } from '../../db/apps-off.js';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { tenants, users } from '../../db/schema.js';
import { rolePermissionsOf } from '../../db/staff.js';
import { tenantRowIs } from '../../db/tenant-rows.js';
import { apiKeys as keys } from './integration.schema.js';

const listed = {
  id: keys.id,
  name: keys.name,
  prefix: keys.prefix,
  permissions: keys.permissions,
  createdAt: keys.createdAt,
  lastUsedAt: keys.lastUsedAt,
  revokedAt: keys.revokedAt,
  createdByName: users.realName,
};

const keyOf = (db: TDb, tenantId: number, id: number) =>
  firstRow(
    db
      .select(listed)
      .from(keys)
      .innerJoin(users, and(eq(users.tenantId, keys.tenantId), eq(users.id, keys.createdBy)))
      .where(tenantRowIs(keys, tenantId, id)),
  );

export const apiKeyRepository = {
  list: (db: TDb, tenantId: number) =>
    db
      .select(listed)
      .from(keys)
      .innerJoin(users, and(eq(users.tenantId, keys.tenantId), eq(users.id, keys.createdBy)))
      .where(eq(keys.tenantId, tenantId))
      .orderBy(desc(keys.id)),

  one: keyOf,

  activeCount: async (db: TDb, tenantId: number) =>
    (
      await db
        .select({ n: count() })
        .from(keys)
        .where(and(eq(keys.tenantId, tenantId), isNull(keys.revokedAt)))
    )[0]?.n ?? 0,

  insert: async (db: TDb, row: typeof keys.$inferInsert) => {
    const [made] = await db.insert(keys).values(row).returning({ id: keys.id });
    return (await keyOf(db, row.tenantId, made!.id))!;
  },

  /** Revoked from now on; a key revoked already keeps its time. */
  revoke: async (db: TDb, tenantId: number, id: number, now: Date) => {
    await db
      .update(keys)
      .set({ revokedAt: now })
      .where(and(eq(keys.tenantId, tenantId), eq(keys.id, id), isNull(keys.revokedAt)));
    return keyOf(db, tenantId, id);
  },

  /**
   * A live key by its hash, whatever the enterprise (the request names none yet), with its creator,
   * his enterprise, and the permissions and administrator flag of his active roles now.
   */
  findLive: (db: TDb, keyHash: string) =>
    firstRow(
      db
        .select({
          id: keys.id,
          name: keys.name,
          prefix: keys.prefix,
          keyPermissions: keys.permissions,
          userId: users.id,
          username: users.username,
          deptId: users.deptId,
          userStatus: users.status,
          tenantId: tenants.id,
          tenantCode: tenants.code,
          tenantStatus: tenants.status,
          isSuper: tenants.isSuper,
          ...rolePermissionsOf(users.id),
          ...offAppsOf(tenants.id),
        })
        .from(keys)
        .innerJoin(users, and(eq(users.tenantId, keys.tenantId), eq(users.id, keys.createdBy)))
        .innerJoin(tenants, eq(tenants.id, keys.tenantId))
        .where(and(eq(keys.keyHash, keyHash), isNull(keys.revokedAt))),
    ),

  /** 最近使用, written at most once a minute per key so a busy key does not write on every call. */
  touch: (db: TDb, id: number, now: Date) =>
    db
      .update(keys)
      .set({ lastUsedAt: now })
      .where(and(eq(keys.id, id), or(isNull(keys.lastUsedAt), lt(keys.lastUsedAt, new Date(now.getTime() - 60_000))))),
};
