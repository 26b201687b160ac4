import { noticeLinks, routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { users } from '../org/org.schema.js';
import { callerReports } from './caller-report.schema.js';

const r = routeTables.callerReport;

describe('数据审核: the enterprise hears each decision', () => {
  let t: TTestApp;
  let admin: string;
  let platform: string;
  let adminMobile: string;
  const sent: { mobile: string; text: string; purpose: string }[] = [];

  const reportId = async (number: string) =>
    (await t.database.db.select().from(callerReports).where(eq(callerReports.number, number)))[0]!.id;
  const noticesAbout = async (number: string) =>
    (await t.call(routeTables.system.myNoticePage, { page: 1, limit: 50 }, admin)).body.data.records.filter((n) =>
      n.content.includes(number),
    );
  const smsAbout = (number: string) => sent.filter((s) => s.text.includes(number));

  beforeAll(async () => {
    t = await startTestApp({
      sms: {
        send: async (mobile, text, meta) => {
          sent.push({ mobile, text, purpose: meta.purpose });
        },
      },
    });
    admin = await t.loginAs.admin();
    platform = await t.loginAs.platform();
    adminMobile = (await t.database.db.select().from(users).where(eq(users.username, 'admin')))[0]!.mobile;
  });
  afterAll(() => t.close());

  it('an approval reaches the administrator once in the bell, linked to 报备记录, and once by SMS', async () => {
    // The demo's 057188881002 waits for review.
    const id = await reportId('057188881002');
    expect((await t.call(r.reviewExamine, { id, pass: true }, platform)).body.code).toBe(0);
    const notices = await noticesAbout('057188881002');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: '号码报备已通过',
      content: '外显号码 057188881002 的报备已审核通过，可用于外呼。',
      link: noticeLinks.callerReports,
    });
    expect(smsAbout('057188881002')).toEqual([
      {
        mobile: adminMobile,
        text: '【云呼】外显号码 057188881002 的报备已审核通过，可用于外呼。',
        purpose: 'callerReport',
      },
    ]);
  });

  it('a rejection sent twice at once tells the reason once, in the bell and by SMS', async () => {
    // The demo's rejected 02566661001, submitted again.
    const id = await reportId('02566661001');
    expect((await t.call(r.reportSubmit, { id }, admin)).body.data.state).toBe('pending');
    const before = (await noticesAbout('02566661001')).length;
    const results = await Promise.all([
      t.call(r.reviewExamine, { id, pass: false, reason: '营业执照不清晰' }, platform),
      t.call(r.reviewExamine, { id, pass: false, reason: '营业执照不清晰' }, platform),
    ]);
    expect(results.map((x) => x.body.code).sort()).toEqual([0, 10056]);
    const notices = await noticesAbout('02566661001');
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatchObject({
      title: '号码报备被驳回',
      content: '外显号码 02566661001 的报备被驳回：营业执照不清晰。请修改后重新提交。',
    });
    expect(smsAbout('02566661001')).toEqual([
      {
        mobile: adminMobile,
        text: '【云呼】外显号码 02566661001 的报备被驳回：营业执照不清晰。请修改后重新提交。',
        purpose: 'callerReport',
      },
    ]);
  });

  it('a decision refused (not pending) tells no one', async () => {
    const id = await reportId('057188881002');
    const count = sent.length;
    expect((await t.call(r.reviewExamine, { id, pass: false, reason: '重复' }, platform)).body.msg).toBe(
      '该报备已审核或不在待审核状态，请刷新后重试',
    );
    expect(sent.length).toBe(count);
    expect(await noticesAbout('057188881002')).toHaveLength(1);
  });
});
