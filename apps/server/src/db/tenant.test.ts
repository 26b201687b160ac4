import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.js';
import { rowsOf, type TDatabase } from './client.js';
import { detachFromRequest, withRequestTransaction, withTenant } from './tenant.js';

/** The guard against a second transaction inside a request's own. */
describe('the request transaction guard', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const tenantOf = async (tx: TDatabase['db']) =>
    rowsOf<{ t: string }>(await tx.execute(sql`select current_setting('app.tenant_id', true) as t`))[0]!.t;

  it('refuses withTenant inside a request transaction and lets work detached from it open its own', async () => {
    const outcome = await withRequestTransaction(database, 1, async (tx) => {
      const refused = await withTenant(database, 1, async () => 'opened').catch((e: Error) => e.message);
      // Detached work starts after the request's transaction (PGlite has one session).
      const detached = detachFromRequest(() =>
        new Promise((r) => setImmediate(r)).then(() => withTenant(database, 1, tenantOf)),
      );
      return { refused, inside: await tenantOf(tx), detached };
    });
    expect(outcome.refused).toMatch(/withTenant inside a request transaction/);
    expect(outcome.inside).toBe('1');
    expect(await outcome.detached).toBe('1');
  });
});
