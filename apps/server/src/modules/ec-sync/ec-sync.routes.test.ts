import { ecDefaultFieldRows, routeTables, type TEcConfigSave } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBinds, ecConfigs, ecCustomerLinks, ecSyncItems } from '../../db/schema.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { billingKit } from '../billing/billing.test-kit.js';
import { ecSimulatorAccount } from './ec.simulator.js';
import { ecSyncJobName } from './ec-sync.service.js';

const r = routeTables.ecSync;
const crm = routeTables.crm;

describe('腾讯EC 同步', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let kit: Awaited<ReturnType<typeof billingKit>>;
  let lineId: number;
  let serial = 0;

  beforeAll(async () => {
    t = await startTestApp({ env: { EC_RETRY_SECONDS: '0', EC_POLL_SECONDS: '0' } });
    [admin, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.agent()]);
    kit = await billingKit(t);
    lineId = (await kit.newLine({ unitPrice: 0, incrementSeconds: 60 })).id;
  });
  afterAll(() => t.close());

  const sim = () => t.app.ecSimulator!;
  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body, res.body.msg).toMatchObject({ code: 0 });
    return res.body.data;
  };
  const settings = (more: Partial<TEcConfigSave> = {}): TEcConfigSave => ({
    ...ecSimulatorAccount,
    defaultEcUserId: '9001',
    isEnabled: true,
    fieldMap: ecDefaultFieldRows,
    staffMap: [],
    ...more,
  });
  const runJob = async () => {
    await t.app.jobs.send(ecSyncJobName);
    await t.app.jobs.runDue();
  };
  const newCustomer = async (token = admin) => {
    serial += 1;
    const mobile = `139${String(Date.now()).slice(-4)}${String(serial).padStart(4, '0')}`;
    return ok(
      await t.call(
        crm.customerCreate,
        { name: `EC客户${serial}`, mobile, company: '云呼测试公司', remark: '同步' },
        token,
      ),
    );
  };
  const items = async (q: Record<string, unknown> = {}, token = admin) =>
    ok(await t.call(r.itemPage, { page: 1, limit: 50, ...q }, token)).records;

  it('refuses a person without the permission, and an enterprise not connected', async () => {
    expect((await t.call(r.configGet, {}, agent)).body.code).toBe(403);
    expect((await t.call(r.itemPage, { page: 1, limit: 10 }, agent)).body.code).toBe(403);
    expect((await t.call(r.pull, {}, agent)).body.code).toBe(403);
    const blank = ok(await t.call(r.configGet, {}, admin));
    expect(blank).toMatchObject({ hasSecret: false, isEnabled: false, simulator: ecSimulatorAccount });
    expect(blank.fieldMap.map((f) => f.ours)).toEqual(['name', 'mobile', 'company', 'remark']);
    expect((await t.call(r.pull, {}, admin)).body).toMatchObject({ reason: 'ecSync.notConfigured' });
    expect((await t.call(r.configSave, settings({ appSecret: '' }), admin)).body).toMatchObject({
      reason: 'ecSync.secretRequired',
    });
  });

  it('tests the connection: EC answers, and a wrong secret shows EC’s own refusal', async () => {
    const good = ok(await t.call(r.configTest, ecSimulatorAccount, admin));
    expect(good).toEqual({ isOk: true, message: '连接成功，腾讯EC 企业共有 3 名员工' });
    const bad = ok(await t.call(r.configTest, { ...ecSimulatorAccount, appSecret: 'wrong' }, admin));
    expect(bad.isOk).toBe(false);
    expect(bad.message).toBe('连接失败：腾讯EC：签名校验失败，请检查 AppId 和 AppSecret（错误码 40001）');
    expect((await t.call(r.configTest, { ...ecSimulatorAccount, corpId: 'abc' }, admin)).body).toMatchObject({
      code: 10002,
      msg: expect.stringContaining('企业ID（CorpId）应为数字'),
    });
  });

  it('keeps the secret sealed: never answered, kept when the form leaves it empty', async () => {
    const staff = ok(await t.call(r.configGet, {}, admin)).staff;
    const agentRow = staff.find((s) => s.account === 'agent01')!;
    const saved = ok(
      await t.call(r.configSave, settings({ staffMap: [{ userId: agentRow.userId, ecUserId: '9002' }] }), admin),
    );
    expect(saved).toMatchObject({ hasSecret: true, isEnabled: true, corpId: ecSimulatorAccount.corpId });
    // Only the simulator's own account is shown; the enterprise's secret never is.
    expect(JSON.stringify({ ...saved, simulator: null })).not.toContain(ecSimulatorAccount.appSecret);
    expect(saved.staff.find((s) => s.userId === agentRow.userId)?.ecUserId).toBe('9002');
    const [row] = await t.database.db.select().from(ecConfigs);
    expect(row!.secretSealed).not.toContain(ecSimulatorAccount.appSecret);
    ok(
      await t.call(
        r.configSave,
        settings({ appSecret: '', staffMap: [{ userId: agentRow.userId, ecUserId: '9002' }] }),
        admin,
      ),
    );
    expect(ok(await t.call(r.configTest, { ...ecSimulatorAccount, appSecret: '' }, admin)).isOk).toBe(true);
    expect(
      (await t.call(r.configSave, settings({ staffMap: [{ userId: 999_999, ecUserId: '1' }] }), admin)).body,
    ).toMatchObject({
      reason: 'ecSync.staffUnknown',
    });
  });

  it('pushes a new customer, his follow-up and his call record (with the recording link) to EC', async () => {
    const customer = await newCustomer();
    ok(await t.call(crm.followAdd, { customerId: customer.id, content: '客户有意向，下周回访' }, admin));
    const bindId = await kit.bind(lineId, 'agent01');
    await t.database.db
      .update(callBinds)
      .set({ customerId: customer.id, telB: customer.mobile })
      .where(eq(callBinds.bindId, bindId));
    const recordingKey = `recordings/${kit.tenantId}/ec-${serial}.wav`;
    await t.app.call.store.write(recordingKey, Buffer.from('RIFF-test-recording'));
    const end = Date.now();
    await t.app.call.callbacks.ingestCarrier({
      callId: `ec-${bindId}`,
      bindId,
      outcome: 'connected',
      telA: '13800000002',
      telB: customer.mobile,
      telX: '02566660001',
      startTime: end - 65_000,
      answerTime: end - 60_000,
      endTime: end,
      finishStatus: 2,
      recordingKey,
    } as Parameters<typeof t.app.call.callbacks.ingestCarrier>[0]);
    expect((await items()).slice(0, 3).map((i) => [i.kind, i.state])).toEqual([
      ['call', 'pending'],
      ['followup', 'pending'],
      ['customer', 'pending'],
    ]);
    await runJob();
    const [call, follow, pushed] = await items();
    expect([call!.state, follow!.state, pushed!.state]).toEqual(['succeeded', 'succeeded', 'succeeded']);
    const crmId = Number(pushed!.ecId);
    expect(sim().customers.get(crmId)?.fields).toMatchObject({
      name: customer.name,
      mobile: customer.mobile,
      companyName: '云呼测试公司',
      memo: '同步',
    });
    expect(sim().trajectories.at(-1)).toMatchObject({
      crmId: String(crmId),
      userId: '9001',
      content: '客户有意向，下周回访',
    });
    const tel = sim().telRecords.at(-1)!;
    expect(tel).toMatchObject({
      f_user_id: '9002',
      f_crm_id: String(crmId),
      f_in_out_type: 1,
      f_calltime: 60,
      f_callno: '02566660001',
      f_calltono: customer.mobile,
    });
    expect(String(tel.f_starttime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The link plays without a session: its signature is the authority.
    const link = new URL(String(tel.f_path));
    expect(link.pathname).toMatch(new RegExp(`^/base/call/recording/${kit.tenantId}/${call!.refId}$`));
    expect(link.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('links a customer EC already has instead of creating him twice (queryExist first)', async () => {
    const before = sim().customers.size;
    const customer = await newCustomer();
    const [first] = await items({ kind: 'customer' });
    await runJob();
    await t.database.db.delete(ecCustomerLinks).where(eq(ecCustomerLinks.customerId, customer.id));
    expect(sim().customers.size).toBe(before + 1);
    ok(await t.call(r.itemRetry, { id: first!.id }, admin));
    await runJob();
    expect(sim().customers.size).toBe(before + 1);
    const [linked] = await items({ kind: 'customer' });
    expect(linked).toMatchObject({ id: first!.id, state: 'succeeded', attempts: 2 });
    const [link] = await t.database.db
      .select()
      .from(ecCustomerLinks)
      .where(eq(ecCustomerLinks.customerId, customer.id));
    expect(link?.crmId).toBe(linked!.ecId);
  });

  it('retries after EC fails once, showing 重试中 with EC’s error, then 成功', async () => {
    sim().failNext(1);
    await newCustomer();
    // EC_RETRY_SECONDS=0: the retry is due at once, so one run makes both attempts.
    await runJob();
    const [item] = await items({ kind: 'customer' });
    expect(item).toMatchObject({ state: 'succeeded', attempts: 2, lastError: '' });
  });

  it('shows a wrong secret as 重试中 and then 失败 with EC’s refusal; 重新同步 sends it again', async () => {
    ok(await t.call(r.configSave, settings({ appSecret: 'not-the-secret' }), admin));
    await newCustomer();
    await runJob();
    const [failed] = await items({ kind: 'customer' });
    expect(failed).toMatchObject({ state: 'failed', attempts: 5 });
    expect(failed!.lastError).toBe('腾讯EC：签名校验失败，请检查 AppId 和 AppSecret（错误码 40001）');
    expect((await items({ state: 'failed' })).map((i) => i.id)).toContain(failed!.id);
    ok(await t.call(r.configSave, settings(), admin));
    const again = ok(await t.call(r.itemRetry, { id: failed!.id }, admin));
    expect(again.state).toBe('retrying');
    await runJob();
    expect((await items({ kind: 'customer' }))[0]).toMatchObject({ id: failed!.id, state: 'succeeded' });
  });

  it('pulls the customers changed in EC into ours through the CRM’s edit', async () => {
    const customer = await newCustomer();
    await runJob();
    const [pushed] = await items({ kind: 'customer' });
    sim().editCustomer(Number(pushed!.ecId), { companyName: 'EC里改过的公司', memo: '在EC里更新' });
    const pulled = ok(await t.call(r.pull, {}, admin));
    expect(pulled).toMatchObject({ kind: 'pull', state: 'succeeded' });
    expect(pulled.subject).toMatch(/^腾讯EC 变更客户 \d+ 个，已更新 \d+ 个$/);
    const detail = ok(await t.call(crm.customerDetail, { id: customer.id }, admin));
    expect(detail).toMatchObject({ company: 'EC里改过的公司', remark: '在EC里更新' });
  });

  it('is refused while the enterprise has 腾讯EC 同步 off in the app centre, and writes no item', async () => {
    const centre = routeTables.appCentre;
    ok(await t.call(centre.appSwitch, { code: 'tencent_ec', isOn: false }, admin));
    try {
      expect((await t.call(r.configGet, {}, admin)).body).toMatchObject({
        code: 403,
        msg: '该应用未开通，请在应用中心开通',
      });
      const before = (await t.database.db.select().from(ecSyncItems)).length;
      await newCustomer();
      expect(await t.database.db.select().from(ecSyncItems)).toHaveLength(before);
    } finally {
      ok(await t.call(centre.appSwitch, { code: 'tencent_ec', isOn: true }, admin));
    }
  });

  it('keeps each enterprise to its own log and settings', async () => {
    const other = await otherEnterprise(t, { code: 'ECX1', username: 'ecother', mobile: '13700009991' });
    const theirs = ok(await t.call(r.configGet, {}, other.token));
    expect(theirs).toMatchObject({ hasSecret: false, corpId: '' });
    expect(await items({}, other.token)).toEqual([]);
    const [mine] = await items();
    expect((await t.call(r.itemRetry, { id: mine!.id }, other.token)).body).toMatchObject({
      reason: 'ecSync.itemMissing',
    });
  });
});
