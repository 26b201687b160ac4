import { routeTables, type TAppCode, type TMenuOut, type TRouteDef } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { tenantApps } from './app-centre.schema.js';

const r = routeTables.appCentre;
const offMessage = '该应用未开通，请在应用中心开通';
const urlsOf = (nodes: TMenuOut[]): string[] => nodes.flatMap((n) => [n.url, ...urlsOf(n.list ?? [])]);

describe('应用中心 › an add-on off is refused by the server', () => {
  let t: TTestApp;
  let admin: string;
  let platform: string;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.platform()]);
  });
  afterAll(() => t.close());

  const switchTo = async (code: TAppCode, isOn: boolean, token = admin) => {
    const res = await t.call(r.appSwitch, { code, isOn }, token);
    expect(res.body, res.body.msg).toMatchObject({ code: 0 });
    return res.body.data;
  };
  const withKey = async (key: string, route: TRouteDef, input: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: route.method,
        url: route.path,
        headers: { authorization: `Bearer ${key}` },
        payload: input,
      })
    ).json() as { code: number; msg: string; reason?: string };

  // A read of each add-on (the request's one transaction) and a write (the audited path).
  const routesOf: Record<Exclude<TAppCode, 'tencent_ec'>, { route: TRouteDef; input: object }[]> = {
    clue: [{ route: routeTables.clue.quota, input: {} }],
    open_platform: [
      { route: routeTables.integration.keyPermissions, input: {} },
      { route: routeTables.integration.keyCreate, input: { name: '闸门', permissions: ['crm:customer:list'] } },
    ],
    call_analysis: [{ route: routeTables.callAnalysis.page, input: { page: 1, limit: 10 } }],
  };

  it.each(Object.entries(routesOf))(
    'refuses the routes of %s while it is off, and answers them once on',
    async (code, routes) => {
      const codes = async () =>
        Promise.all(routes.map(async ({ route, input }) => (await t.call(route, input as never, admin)).body));
      expect((await codes()).map((b) => b.code)).toEqual(routes.map(() => 0));
      await switchTo(code as TAppCode, false);
      for (const body of await codes())
        expect(body).toMatchObject({ code: 403, msg: offMessage, reason: 'appCentre.appOff' });
      // The platform operator is never refused, and the app centre itself still answers.
      expect((await t.call(routes[0]!.route, routes[0]!.input as never, platform)).body.msg).not.toBe(offMessage);
      expect((await t.call(r.appList, {}, admin)).body.code).toBe(0);
      await switchTo(code as TAppCode, true);
      expect((await codes()).map((b) => b.code)).toEqual(routes.map(() => 0));
    },
  );

  it('refuses an API key while 开放平台 is off, and takes it again once on', async () => {
    const made = await t.call(
      routeTables.integration.keyCreate,
      { name: '对接CRM', permissions: ['crm:customer:list'] },
      admin,
    );
    const key = made.body.data.key;
    const page = { page: 1, limit: 5 };
    expect((await withKey(key, routeTables.crm.customerPage, page)).code).toBe(0);
    await switchTo('open_platform', false);
    expect(await withKey(key, routeTables.crm.customerPage, page)).toMatchObject({ code: 403, msg: offMessage });
    // The console's own route of the same data still answers the administrator.
    expect((await t.call(routeTables.crm.customerPage, page, admin)).body.code).toBe(0);
    await switchTo('open_platform', true);
    expect((await withKey(key, routeTables.crm.customerPage, page)).code).toBe(0);
  });

  it('gives a priced add-on one trial, on until its end, then off', async () => {
    const stranger = await otherEnterprise(t, { code: 'GT0001', username: 'gtother', mobile: '13622240001' });
    const catalogue = (await t.call(r.appCatalogue, {}, platform)).body.data.find((a) => a.code === 'clue')!;
    const priced = { ...catalogue, priceFen: 99_900, trialDays: 7, periodDays: 365 };
    expect((await t.call(r.appCatalogueSave, priced, platform)).body.code).toBe(0);
    try {
      const info = async () => (await t.call(r.appInfo, { code: 'clue' }, stranger.token)).body.data;
      expect(await info()).toMatchObject({ state: 'off', canTrial: true, priceFen: 99_900, trialDays: 7 });
      const quota = async () => (await t.call(routeTables.clue.quota, {}, stranger.token)).body;
      expect(await quota()).toMatchObject({ msg: offMessage });
      const menus = async () => urlsOf((await t.call(routeTables.org.menuNav, {}, stranger.token)).body.data.menuList);
      expect((await menus()).some((u) => u.startsWith('Clue/'))).toBe(false);
      expect((await t.call(r.appSwitch, { code: 'clue', isOn: true }, stranger.token)).body.msg).toBe(
        '该应用为付费应用，请先试用或购买后开通',
      );

      // Parallel clicks start one trial.
      const tries = await Promise.all([1, 2, 3].map(() => t.call(r.appTrial, { code: 'clue' }, stranger.token)));
      expect(tries.filter((x) => x.body.code === 0)).toHaveLength(1);
      expect(tries.filter((x) => x.body.msg === '该应用已试用过，每个企业只能试用一次')).toHaveLength(2);
      const started = await info();
      expect(started).toMatchObject({ state: 'trial', canTrial: false });
      expect(Math.abs(started.endsAt! - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
      expect((await quota()).code).toBe(0);
      expect((await menus()).some((u) => u.startsWith('Clue/'))).toBe(true);

      // The trial over: off again, and no second trial.
      await t.database.db
        .update(tenantApps)
        .set({ endsAt: new Date(Date.now() - 1000) })
        .where(and(eq(tenantApps.tenantId, stranger.tenantId), eq(tenantApps.appCode, 'clue')));
      expect(await info()).toMatchObject({ state: 'expired', canTrial: false });
      expect(await quota()).toMatchObject({ msg: offMessage });
      expect((await t.call(r.appTrial, { code: 'clue' }, stranger.token)).body.msg).toBe(
        '该应用已试用过，每个企业只能试用一次',
      );
      // The demo enterprise switched it on before it had a price: it keeps it.
      expect((await t.call(routeTables.clue.quota, {}, admin)).body.code).toBe(0);
      expect((await t.call(r.appTrial, { code: 'open_platform' }, admin)).body.msg).toBe('该应用不提供试用');
    } finally {
      await t.call(r.appCatalogueSave, { ...catalogue }, platform);
    }
  });
});
