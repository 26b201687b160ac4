import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { openSeededTestDatabase } from '../../test/seeded-database.js';
import { tenants } from '../org/org.schema.js';
import { blacklistIntercepts, numberBlacklist, platformNumberBlacklist } from './blacklist.schema.js';
import { blockedMobiles, findBlocked, recordIntercept } from './index.js';

/** findBlocked / recordIntercept: the look-ups the dial flow and the CRM import use. */
describe('blacklist look-ups', () => {
  let database: TDatabase;
  let demoId: number;
  let platformId: number;
  const now = new Date('2026-11-23T10:00:00Z');
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const hourAhead = new Date(now.getTime() + 3_600_000);

  beforeAll(async () => {
    database = await openSeededTestDatabase();
    const rows = await database.db.select().from(tenants);
    demoId = rows.find((r) => r.code === 'E100001')!.id;
    platformId = rows.find((r) => r.isSuper)!.id;
    const entry = { reason: '投诉', source: 'manual' };
    await database.db.insert(numberBlacklist).values([
      { ...entry, tenantId: demoId, number: '13900000001' },
      { ...entry, tenantId: demoId, number: '13900000002', expiresAt: hourAgo },
      { ...entry, tenantId: demoId, number: '13900000003', expiresAt: hourAhead },
      { ...entry, tenantId: demoId, number: '01012345678' },
      { ...entry, tenantId: demoId, number: '13900000005' },
      { ...entry, tenantId: platformId, number: '13900000009' },
    ]);
    await database.db.insert(platformNumberBlacklist).values([
      { ...entry, number: '13900000004' },
      { ...entry, number: '13900000005' },
      { ...entry, number: '13900000006', expiresAt: hourAgo },
    ]);
  });
  afterAll(() => database.close());

  const blocked = (tenantId: number, numbers: string[], at = now) =>
    withTenant(database, tenantId, (tx) => findBlocked(tx, tenantId, numbers, at));

  it('finds numbers on either list, normalised, not expired', async () => {
    const found = await blocked(demoId, [
      '139 0000 0001',
      '+86 139-0000-0002',
      '13900000003',
      '010-1234 5678',
      '13900000004',
      '13900000005',
      '13900000006',
      '13900000007',
      '13900000009',
      'abc',
    ]);
    expect(Object.fromEntries(found)).toEqual({
      '13900000001': 'tenant',
      '13900000003': 'tenant',
      '01012345678': 'tenant',
      '13900000004': 'platform',
      // On both lists: the platform's, which the enterprise cannot lift.
      '13900000005': 'platform',
    });
  });

  it('lets an entry lapse when its expiry passes', async () => {
    expect((await blocked(demoId, ['13900000003'], new Date(hourAhead.getTime() + 1))).size).toBe(0);
    expect((await blocked(demoId, ['13900000002'], new Date(hourAgo.getTime() - 1))).get('13900000002')).toBe('tenant');
  });

  it('applies the platform list to every enterprise and an enterprise list to its own only', async () => {
    const found = await blocked(platformId, ['13900000001', '13900000004', '13900000009']);
    expect(Object.fromEntries(found)).toEqual({ '13900000004': 'platform', '13900000009': 'tenant' });
    expect(await blocked(demoId, [])).toEqual(new Map());
  });

  it('answers the CRM import hook with the reason its preview shows', async () => {
    const found = await withTenant(database, demoId, (tx) =>
      blockedMobiles(tx, demoId, ['13900000001', '13900000004', '13900000007']),
    );
    expect(Object.fromEntries(found)).toEqual({
      '13900000001': '号码在黑名单中（企业黑名单）',
      '13900000004': '号码在黑名单中（平台黑名单）',
    });
  });

  it('runs where row-level security applies (the embedded database always has its role)', () => {
    // On a PostgreSQL server whose user may not create roles the walls below are skipped.
    if (database.kind === 'pglite') expect(database.hasAppRole).toBe(true);
  });

  it('records an intercept, normalised, inside the tenant transaction', async () => {
    const id = await withTenant(database, demoId, (tx) =>
      recordIntercept(tx, {
        tenantId: demoId,
        userId: null,
        deptId: null,
        number: '+86 139 0000 0004',
        level: 'platform',
        reason: '',
        via: '拨号',
      }),
    );
    const [row] = await database.db.select().from(blacklistIntercepts).where(eq(blacklistIntercepts.id, id));
    expect(row).toMatchObject({
      tenantId: demoId,
      number: '13900000004',
      level: 'platform',
      reason: '号码在黑名单中（平台黑名单）',
      via: '拨号',
    });
    // Row-level security: another tenant's transaction neither writes nor reads it.
    await expect(
      withTenant(database, demoId, (tx) =>
        recordIntercept(tx, {
          tenantId: platformId,
          userId: null,
          deptId: null,
          number: '13900000004',
          level: 'platform',
          reason: '',
          via: '拨号',
        }),
      ),
    ).rejects.toThrow();
    if (database.hasAppRole) {
      // A query without its tenant filter still sees only its tenant's list (migration 0020).
      const listed = await withTenant(database, demoId, (tx) =>
        tx.execute(sql`select count(*)::int as n from number_blacklist where number = '13900000009'`),
      );
      expect(rowsOf<{ n: number }>(listed)[0]!.n).toBe(0);
      const seen = await withTenant(database, platformId, (tx) =>
        tx.execute(sql`select count(*)::int as n from blacklist_intercepts where id = ${id}`),
      );
      expect(rowsOf<{ n: number }>(seen)[0]!.n).toBe(0);
    }
  });
});
