import { routeTables, type TMenuOut } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../db/tenant.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { callRecords } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { callAnalyses } from '../call-analysis/call-analysis.schema.js';
import { createCallAnalysisService } from '../call-analysis/index.js';
import { appProducts } from './app-centre.schema.js';
import { isAppOn } from './app-centre.service.js';

const r = routeTables.appCentre;

const urlsOf = (nodes: TMenuOut[]): string[] => nodes.flatMap((n) => [n.url, ...urlsOf(n.list ?? [])]);

describe('应用中心', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let platform: string;
  let kit: Awaited<ReturnType<typeof callKit>>;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    agent = await t.loginAs.agent();
    platform = await t.loginAs.platform();
    kit = await callKit(t);
  });
  afterAll(() => t.close());

  const states = async (token: string) =>
    Object.fromEntries((await t.call(r.appList, {}, token)).body.data.map((a) => [a.code, a.state]));
  const menus = async (token: string) => urlsOf((await t.call(routeTables.org.menuNav, {}, token)).body.data.menuList);

  it('lists the add-ons, on for an enterprise that never switched them, one not built off', async () => {
    expect(await states(admin)).toMatchObject({ call_analysis: 'on', clue: 'on', open_platform: 'on' });
    const built = async (isBuilt: boolean) =>
      t.database.db.update(appProducts).set({ isBuilt }).where(eq(appProducts.code, 'tencent_ec'));
    const [wasBuilt] = await t.database.db.select().from(appProducts).where(eq(appProducts.code, 'tencent_ec'));
    await built(false);
    try {
      const ec = (await t.call(r.appInfo, { code: 'tencent_ec' }, admin)).body.data;
      expect(ec).toMatchObject({ name: '腾讯EC 同步', isBuilt: false, state: 'off' });
      expect((await t.call(r.appSwitch, { code: 'tencent_ec', isOn: true }, admin)).body).toMatchObject({
        code: 10056,
        msg: '该应用即将上线，暂不能开通',
      });
    } finally {
      await built(wasBuilt!.isBuilt);
    }
    expect((await t.call(r.appInfo, { code: 'crm' as never }, admin)).body).toMatchObject({
      code: 10002,
      msg: '应用不存在（字段：code）',
    });
  });

  it('lets only an administrator switch, and logs it', async () => {
    expect((await t.call(r.appSwitch, { code: 'clue', isOn: false }, agent)).body.code).toBe(403);
    expect((await t.call(r.appSwitch, { code: 'clue', isOn: false }, platform)).body.msg).toBe(
      '平台运营方无需开通应用',
    );
    const log = await t.call(routeTables.system.logPage, { page: 1, limit: 10 }, admin);
    // The refusals are kept as refusals; nothing changed.
    expect(log.body.data.records.some((l) => l.summary === '开通或停用应用' && l.result === 'success')).toBe(false);
    expect(await states(admin)).toMatchObject({ clue: 'on' });
  });

  it('hides the screens of an add-on switched off, for that enterprise only, and shows them again', async () => {
    expect(await menus(admin)).toEqual(expect.arrayContaining(['Clue/looking', 'ThirdParty/webhooks', 'app/index']));
    const off = await Promise.all([1, 2, 3].map(() => t.call(r.appSwitch, { code: 'clue', isOn: false }, admin)));
    expect(off.map((x) => x.body.data.state)).toEqual(['disabled', 'disabled', 'disabled']);
    await t.call(r.appSwitch, { code: 'open_platform', isOn: false }, admin);
    const shown = await menus(admin);
    expect(shown.filter((u) => u.startsWith('Clue/') || /^ThirdParty\/(webhooks|apiKeys)/.test(u))).toEqual([]);
    expect((await menus(agent)).some((u) => u.startsWith('Clue/'))).toBe(false);
    const stranger = await otherEnterprise(t, { code: 'AC0001', username: 'acother', mobile: '13622230001' });
    expect(await states(stranger.token)).toMatchObject({ clue: 'on', open_platform: 'on' });
    expect(await menus(stranger.token)).toEqual(expect.arrayContaining(['Clue/looking']));

    const on = (await t.call(r.appSwitch, { code: 'clue', isOn: true }, admin)).body.data;
    expect(on).toMatchObject({ state: 'on', changedBy: '张明' });
    expect(await menus(admin)).toEqual(expect.arrayContaining(['Clue/looking']));
    await t.call(r.appSwitch, { code: 'open_platform', isOn: true }, admin);
    const log = await t.call(routeTables.system.logPage, { page: 1, limit: 20 }, admin);
    expect(log.body.data.records.filter((l) => l.summary === '开通或停用应用' && l.result === 'success').length).toBe(
      6,
    );
  });

  it('analyses calls only for an enterprise with 智能分析 on', async () => {
    const analysis = createCallAnalysisService({
      database: t.database,
      store: t.app.call.store,
      isMasked: async () => false,
      send: async () => undefined,
      logger: { error: () => undefined, warn: () => undefined },
      speech: { asr: null, analyst: null },
      isEnabled: (tx, tenantId) => isAppOn(tx, tenantId, 'call_analysis'),
    });
    const recorded = async (callId: string) => {
      const row = await kit.pendingSoftphoneCall(callId, 'agent01');
      await t.database.db
        .update(callRecords)
        .set({ recordingState: 'ready', preRecordUrl: t.app.call.store.keyOf(kit.tenantId, callId) })
        .where(eq(callRecords.id, row.id));
      await analysis.enqueue(kit.tenantId, `sip-${callId}`);
      return (await t.database.db.select().from(callAnalyses).where(eq(callAnalyses.callRecordId, row.id))).length;
    };
    expect(await recorded('app-on-1')).toBe(1);
    await t.call(r.appSwitch, { code: 'call_analysis', isOn: false }, admin);
    expect(await withTenant(t.database, kit.tenantId, (tx) => isAppOn(tx, kit.tenantId, 'call_analysis'))).toBe(false);
    expect(await recorded('app-off-2')).toBe(0);
    await t.call(r.appSwitch, { code: 'call_analysis', isOn: true }, admin);
    expect(await recorded('app-on-3')).toBe(1);
  });

  it('lets the platform edit and unlist a catalogue entry, which enterprises then do not see', async () => {
    expect((await t.call(r.appCatalogue, {}, admin)).body.code).toBe(403);
    const save = {
      code: 'tencent_ec' as const,
      name: '腾讯EC',
      description: '同步到腾讯EC',
      priceText: '',
      isListed: false,
      priceFen: 0,
      trialDays: 0,
      periodDays: 365,
    };
    expect((await t.call(r.appCatalogueSave, save, admin)).body.code).toBe(403);
    expect((await t.call(r.appCatalogueSave, { ...save, name: ' ' }, platform)).body.msg).toBe(
      '请输入应用名称（字段：name）',
    );
    expect((await t.call(r.appCatalogueSave, save, platform)).body.code).toBe(0);
    const catalogue = (await t.call(r.appCatalogue, {}, platform)).body.data;
    expect(catalogue.find((a) => a.code === 'tencent_ec')).toMatchObject({ name: '腾讯EC', isListed: false });
    expect(Object.keys(await states(admin))).toEqual(['call_analysis', 'clue', 'open_platform']);
    expect((await t.call(r.appInfo, { code: 'tencent_ec' }, admin)).body.msg).toBe('该应用未上架或不存在');
  });
});
