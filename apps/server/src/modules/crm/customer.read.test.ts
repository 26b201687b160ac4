import { routeTables } from '@yunhu/contract';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDb } from '../../db/client.js';
import { enterTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { resolveDataScope } from '../org/index.js';

/**
 * The statements a service sends, counted by drizzle's logger on a drizzle of the test database's
 * own client: what one request costs the database, independent of the machine's speed.
 */
const statementCounter = (t: TTestApp) => {
  const sent: string[] = [];
  const logger = { logQuery: (text: string) => sent.push(text) };
  const client = (t.database.db as unknown as { $client: never }).$client;
  const db = (t.database.kind === 'pglite'
    ? drizzlePglite(client, { logger })
    : drizzlePg(client, { logger })) as unknown as TDb;
  /** Runs `prepare`, then `fn`, in a transaction entered into the tenant; the statements `fn` sent. */
  const count = async <P>(
    tenantId: number,
    prepare: (tx: TDb) => Promise<P>,
    fn: (tx: TDb, p: P) => Promise<unknown>,
  ) =>
    db.transaction(async (tx) => {
      await tx.execute(enterTenant(t.database, tenantId));
      const prepared = await prepare(tx as unknown as TDb);
      sent.length = 0;
      await fn(tx as unknown as TDb, prepared);
      return [...sent];
    });
  return { count };
};

describe('客户详情 reads', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the customer, his names, tags and the view rules in one statement, and refuses the other pool', async () => {
    const token = await t.loginAs.manager();
    const listed = await t.call(routeTables.crm.customerPage, { page: 1, limit: 1 }, token);
    const id = listed.body.data.records[0]!.id;
    const auth = (await t.app.services.auth.authenticate(token))!;
    const { count } = statementCounter(t);
    let shown: { id: number; name: string } | undefined;
    const statements = await count(
      auth.tenantId,
      (tx) => resolveDataScope(tx, auth),
      async (tx, scope) => {
        shown = await t.app.services.crm.customer.detail({ auth, tx, scope }, id, 'private');
      },
    );
    expect(shown?.id).toBe(id);
    expect(shown?.name).toBe(listed.body.data.records[0]!.name);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "customers"/);
    // The same answer as the route gives, and a private customer is not a public pool's detail.
    const viaRoute = await t.call(routeTables.crm.customerDetail, { id }, token);
    expect(viaRoute.body.data).toEqual(shown);
    const asPool = await t.call(routeTables.crm.poolDetail, { id }, token);
    expect(asPool.body).toMatchObject({ code: 10056, reason: 'crm.customerMissing' });
  });
});
