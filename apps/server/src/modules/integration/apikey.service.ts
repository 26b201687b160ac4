import crypto from 'node:crypto';
import { allRoutes, integrationLimits, type TApiKey, type TRouteInput } from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { hasPermission, type TAuth, type TRequestContext } from '../../http/context.js';
import { apiKeyRepository as repo } from './apikey.repository.js';
import { integrationErrors as errors } from './integration.errors.js';

/** `yk_` and 32 random bytes in base64url: what a request sends after `Bearer `. */
const keyPattern = /^yk_[A-Za-z0-9_-]{43}$/;

/** The part of a key the list shows, enough to tell keys apart, too short to use. */
const prefixLength = 11;

export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

type TKeyRow = NonNullable<Awaited<ReturnType<typeof repo.one>>>;

const keyOut = (k: TKeyRow): TApiKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  permissions: k.permissions,
  createdByName: k.createdByName,
  createdAt: k.createdAt.getTime(),
  lastUsedAt: k.lastUsedAt ? k.lastUsedAt.getTime() : null,
  revokedAt: k.revokedAt ? k.revokedAt.getTime() : null,
});

/** Each permission the open API's routes need, with the routes it opens. */
export const openApiPermissions = (): Map<string, string[]> => {
  const perms = new Map<string, string[]>();
  for (const r of allRoutes()) {
    if (!r.openApi || !r.permission) continue;
    for (const p of r.permission.split(';').map((s) => s.trim())) perms.set(p, [...(perms.get(p) ?? []), r.summary]);
  }
  return perms;
};

/**
 * A fixed window per key in this process's memory: at most `perMinute` requests in each calendar
 * minute. Several servers each count their own (the limit is then per server), which is the price of
 * not writing a row per request.
 */
export const createKeyRateLimiter = (perMinute: number, now: () => number = Date.now) => {
  const windows = new Map<number, { minute: number; count: number }>();
  return (keyId: number): boolean => {
    const minute = Math.floor(now() / 60_000);
    if (windows.size > 10_000) for (const [id, w] of windows) if (w.minute < minute) windows.delete(id);
    const w = windows.get(keyId);
    if (!w || w.minute !== minute) {
      windows.set(keyId, { minute, count: 1 });
      return true;
    }
    w.count++;
    return w.count <= perMinute;
  };
};

/**
 * 开放平台 › API 密钥: an administrator's keys (shown once, kept as SHA-256), each acting as its
 * enterprise with the permissions it was given that its creator still holds, and the creator's data
 * scope; revoked at once; limited per key.
 */
export const createApiKeyService = (deps: { database: TDatabase; ratePerMinute: number; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());
  const isWithinRate = createKeyRateLimiter(deps.ratePerMinute, () => now().getTime());

  const grantable = (auth: TAuth) =>
    [...openApiPermissions()]
      .filter(([perm]) => hasPermission(auth, perm))
      .map(([perm, summaries]) => ({
        perm,
        summaries,
      }));

  return {
    list: async (ctx: TRequestContext) => (await repo.list(ctx.tx, ctx.auth.tenantId)).map(keyOut),

    permissions: async (ctx: TRequestContext) => grantable(ctx.auth),

    create: async (ctx: TRequestContext, input: TRouteInput<'integration', 'keyCreate'>) => {
      const allowed = new Set(grantable(ctx.auth).map((g) => g.perm));
      const refused = input.permissions.find((p) => !allowed.has(p));
      if (refused) throw errors.permNotGrantable(refused);
      if ((await repo.activeCount(ctx.tx, ctx.auth.tenantId)) >= integrationLimits.keys) {
        throw errors.tooManyKeys(integrationLimits.keys);
      }
      const key = `yk_${crypto.randomBytes(32).toString('base64url')}`;
      const made = await repo.insert(ctx.tx, {
        tenantId: ctx.auth.tenantId,
        name: input.name,
        prefix: key.slice(0, prefixLength),
        keyHash: hashKey(key),
        permissions: input.permissions,
        createdBy: ctx.auth.userId,
      });
      return { key, apiKey: keyOut(made) };
    },

    revoke: async (ctx: TRequestContext, id: number) => {
      const k = await repo.revoke(ctx.tx, ctx.auth.tenantId, id, now());
      if (!k) throw errors.keyMissing();
      return keyOut(k);
    },

    /**
     * Who a request's key acts as: its creator's enterprise, person (so his data scope) and
     * department, with the key's permissions that he still holds; null for a key that is not one,
     * revoked, or whose creator or enterprise may no longer act. Refuses a key over its rate.
     */
    authenticate: async (key: string): Promise<TAuth | null> => {
      if (!keyPattern.test(key)) return null;
      const row = await repo.findLive(deps.database.db, hashKey(key));
      if (row?.userStatus !== 'active' || row.tenantStatus === 'closed') return null;
      if (!isWithinRate(row.id)) throw errors.rateLimited(deps.ratePerMinute);
      const creator: TAuth = {
        userId: row.userId,
        username: row.username,
        realName: row.name,
        tenantId: row.tenantId,
        tenantCode: row.tenantCode,
        isSuper: row.isSuper,
        isAdmin: row.isAdmin,
        deptId: row.deptId,
        permissions: new Set(row.permissions),
        tokenHash: `apikey:${row.id}`,
        offApps: row.offApps,
      };
      await repo.touch(deps.database.db, row.id, now());
      return {
        ...creator,
        realName: `API密钥 ${row.name}（${row.prefix}…）`,
        isSuper: false,
        isAdmin: false,
        permissions: new Set(row.keyPermissions.filter((p) => hasPermission(creator, p))),
      };
    },
  };
};

export type TApiKeyService = ReturnType<typeof createApiKeyService>;
