import { routeTables } from '@yunhu/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callKit } from '../call/call.test-kit.js';
import { brandOptions } from '../system/system.schema.js';
import { callerReports } from './caller-report.schema.js';

const { call } = routeTables;

/** 号码报备's rule in the dial flow: while 数据审核 is on, only approved numbers go out. */
describe('caller numbers need an approved report', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let agent01: string;
  // The demo's call-back line shows 02566660001, whose report is approved in the demo.
  const number = '02566660001';

  const setReport = (state: string) =>
    t.database.db
      .update(callerReports)
      .set({ state })
      .where(and(eq(callerReports.tenantId, kit.tenantId), eq(callerReports.number, number)));
  const setAudit = (value: string) =>
    t.database.db
      .update(brandOptions)
      .set({ optionValue: value })
      .where(and(eq(brandOptions.host, ''), eq(brandOptions.optionKey, 'data_audit')));
  const dial = async (telB: string) => {
    await kit.endCalls('agent01');
    return (await t.call(call.dial, { telB, interfaceId: kit.callbackLine.id }, agent01)).body;
  };
  const offered = async () =>
    (await t.call(call.usableLines, {}, agent01)).body.data.find((l) => l.lineId === kit.callbackLine.id)
      ?.callerNumbers;

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    t.app.call.simulator.configure({ timeScale: 1000 });
    agent01 = await t.loginAs.agent();
    await kit.setRules('agent01');
  });
  afterAll(() => t.close());

  it('calls out with an approved number and offers it', async () => {
    expect(await offered()).toEqual([number]);
    expect(await dial('13912347001')).toMatchObject({ code: 0, data: { telX: number } });
  });

  it('refuses a line whose numbers are pending or rejected, and stops offering them', async () => {
    for (const state of ['pending', 'rejected', 'draft']) {
      await setReport(state);
      expect(await offered()).toEqual([]);
      expect(await dial('13912347002')).toMatchObject({
        code: 10056,
        msg: '该线路没有报备审核通过的外显号码，请先在号码报备中提交并等待审核通过',
        reason: 'callerReport.noApprovedNumber',
      });
    }
    // A number chosen in 呼叫管理 is named in the refusal.
    await kit.setRules('agent01', { callerNumber: number });
    expect((await dial('13912347003')).msg).toBe(
      `外显号码 ${number} 的报备未审核通过，不能用于外呼，请在号码报备中提交并等待审核通过`,
    );
    await kit.setRules('agent01', { callerNumber: null });
  });

  it('leaves every number to call with while the platform turns 数据审核 off', async () => {
    await setReport('rejected');
    await setAudit('0');
    expect(await offered()).toEqual([number]);
    expect(await dial('13912347004')).toMatchObject({ code: 0, data: { telX: number } });
    await setAudit('1');
    await setReport('approved');
    expect(await dial('13912347005')).toMatchObject({ code: 0, data: { telX: number } });
  });

  it('stops offering a number whose report the enterprise withdraws (撤回), also while a review races it', async () => {
    const { callerReport: r } = routeTables;
    const admin = await t.loginAs.admin();
    const platform = await t.loginAs.platform();
    const [report] = await t.database.db
      .select()
      .from(callerReports)
      .where(and(eq(callerReports.tenantId, kit.tenantId), eq(callerReports.number, number)));
    const withdrawn = await t.call(r.reportWithdraw, { id: report!.id }, admin);
    expect(withdrawn.body.data).toMatchObject({ state: 'draft', reviewer: '', reviewedAt: null });
    expect(await offered()).toEqual([]);
    expect((await dial('13912347006')).msg).toBe(
      '该线路没有报备审核通过的外显号码，请先在号码报备中提交并等待审核通过',
    );
    expect((await t.call(r.reportWithdraw, { id: report!.id }, admin)).body.msg).toBe('草稿的报备无需撤回');
    // Submitted again, withdrawn while the platform approves: whichever comes first, it ends a draft.
    expect((await t.call(r.reportSubmit, { id: report!.id }, admin)).body.data.state).toBe('pending');
    const [byEnterprise] = await Promise.all([
      t.call(r.reportWithdraw, { id: report!.id }, admin),
      t.call(r.reviewExamine, { id: report!.id, pass: true }, platform),
    ]);
    expect(byEnterprise.body.code).toBe(0);
    expect((await t.call(r.reportInfo, { id: report!.id }, admin)).body.data.report.state).toBe('draft');
    expect(await offered()).toEqual([]);
    await setReport('approved');
  });
});
