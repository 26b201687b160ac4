import {
  callRecordMaxRangeDays,
  routeTables,
  shanghaiDayStart,
  type TCallInsight,
  type TCallSignalFigures,
} from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { callRecords } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { users } from '../org/org.schema.js';
import { callAnalyses } from './call-analysis.schema.js';

const { callAnalysis } = routeTables;
const hourMs = 3_600_000;

/** A done analysis' figures: what the seat summary adds up, the rest zero. */
const figuresOf = (f: Partial<TCallSignalFigures>): TCallSignalFigures => ({
  durationSec: 60,
  agentTalkSec: 0,
  customerTalkSec: 0,
  agentSharePercent: 0,
  customerSharePercent: 0,
  silenceThresholdSec: 1,
  silenceCount: 0,
  silenceLongestSec: 0,
  silenceTotalSec: 0,
  overlapCount: 0,
  overlapTotalSec: 0,
  agentInterruptions: 0,
  customerInterruptions: 0,
  turns: 0,
  agentFirstWordsSec: null,
  customerFirstWordsSec: null,
  lastSpeaker: null,
  endSilenceSec: 0,
  hungUpBy: null,
  agentSegments: [],
  customerSegments: [],
  ...f,
});

/** What the analyst read of a call: only its intention matters here. */
const insightOf = (intention: 'A' | 'B' | 'C' | 'D'): TCallInsight => ({
  engine: '规则',
  summary: '',
  intention,
  intentionReason: '',
  objections: [],
  nextStep: '',
  nextDate: null,
  followUpSuggestion: '',
});

/**
 * 坐席小结 (ai-seat-user/page): each agent's Beijing days of analysed calls, the figures added up
 * from the analyses that are done, under the call records' data scope and filters.
 */
describe('坐席小结', () => {
  let t: TTestApp;
  let kit: Awaited<ReturnType<typeof callKit>>;
  let admin: string;
  let agent: string;
  /** Today's start in Beijing time: a call at 00:30 is today's in Beijing, yesterday's in UTC. */
  let dayStart: number;
  let wangId: number;
  let otherId: number;

  const analysedCall = async (
    username: string,
    at: number,
    duration: number,
    figures: Partial<TCallSignalFigures> | null,
    state: 'done' | 'pending' = 'done',
    intention?: 'A' | 'B' | 'C' | 'D',
  ) => {
    const [user] = await t.database.db.select().from(users).where(eq(users.username, username));
    const [record] = await t.database.db
      .insert(callRecords)
      .values({
        tenantId: kit.tenantId,
        userId: user!.id,
        deptId: user!.deptId,
        lineId: kit.sipLine.id,
        bindId: '',
        telA: 'e100001-1',
        telB: '13812345678',
        callStatus: 1,
        finishStatus: 1,
        duration,
        startTime: new Date(at),
        endTime: new Date(at + duration * 1000),
        recordingState: 'ready',
      })
      .returning();
    await t.database.db.insert(callAnalyses).values({
      tenantId: kit.tenantId,
      callRecordId: record!.id,
      state,
      attempts: 1,
      figures: figures ? figuresOf(figures) : null,
      insight: intention ? { insight: insightOf(intention), note: '' } : null,
    });
    return user!;
  };

  beforeAll(async () => {
    t = await startTestApp();
    kit = await callKit(t);
    [admin, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.agent()]);
    dayStart = shanghaiDayStart(new Date()).getTime();
    const early = dayStart + hourMs / 2;
    ({ id: wangId } = await analysedCall(
      'agent01',
      early,
      100,
      {
        agentTalkSec: 30,
        customerTalkSec: 10,
        silenceCount: 2,
        silenceTotalSec: 5,
        silenceLongestSec: 3,
        overlapCount: 1,
        agentInterruptions: 1,
        turns: 6,
        customerFirstWordsSec: 2,
      },
      'done',
      'A',
    ));
    await analysedCall(
      'agent01',
      early + hourMs,
      50,
      {
        agentTalkSec: 10,
        customerTalkSec: 30,
        silenceCount: 1,
        silenceTotalSec: 1.5,
        silenceLongestSec: 1.5,
        customerInterruptions: 2,
        overlapCount: 2,
        turns: 9,
      },
      'done',
      'C',
    );
    // Waiting for its run: not in the summary yet.
    await analysedCall('agent01', early + 2 * hourMs, 70, null, 'pending');
    // The day before, in Beijing time (23:30), and another agent's day.
    await analysedCall('agent01', dayStart - hourMs / 2, 20, { agentTalkSec: 5, customerTalkSec: 5, turns: 2 });
    ({ id: otherId } = await analysedCall('agent02', early, 40, { agentTalkSec: 12, customerTalkSec: 4, turns: 4 }));
  });
  afterAll(() => t.close());

  const range = (): [number, number] => [dayStart - 86_400_000, dayStart + 86_400_000 - 1];
  const summary = (token: string, extra: object = {}) =>
    t.call(callAnalysis.seatSummary, { startRange: range(), page: 1, limit: 20, ...extra }, token);

  it('adds up each agent’s Beijing day of done analyses, the latest day first', async () => {
    const res = await summary(admin);
    expect(res.body.code).toBe(0);
    const rows = res.body.data.records;
    const beijingDay = (at: number) => new Date(at + 8 * hourMs).toISOString().slice(0, 10);
    const today = beijingDay(dayStart);
    const mine = rows.filter((r) => r.userId === wangId);
    expect(mine.map((r) => r.day)).toEqual([today, beijingDay(dayStart - hourMs)]);
    expect(mine[0]).toMatchObject({
      day: today,
      analysedCalls: 2,
      talkSec: 150,
      agentTalkSec: 40,
      customerTalkSec: 40,
      agentSharePercent: 50,
      silenceCount: 3,
      silenceTotalSec: 6.5,
      silenceLongestSec: 3,
      overlapCount: 3,
      agentInterruptions: 1,
      customerInterruptions: 2,
      turnsPerCall: 7.5,
      customerFirstWordsSec: 2,
      intentions: { A: 1, B: 0, C: 1, D: 0 },
    });
    expect(mine[1]).toMatchObject({
      analysedCalls: 1,
      agentSharePercent: 50,
      customerFirstWordsSec: null,
      intentions: { A: 0, B: 0, C: 0, D: 0 },
    });
    expect(res.body.data.total).toBe(3);
    expect(rows.map((r) => [r.day, r.userId])).toEqual([
      [today, wangId],
      [today, otherId],
      [beijingDay(dayStart - hourMs), wangId],
    ]);
  });

  it('shows an agent his own days only, and narrows by agent', async () => {
    const own = await summary(agent);
    expect(own.body.code).toBe(0);
    expect(new Set(own.body.data.records.map((r) => r.analysedCalls))).toEqual(new Set([2, 1]));
    expect(own.body.data.total).toBe(2);
    const one = await summary(admin, { userIds: [otherId] });
    expect(one.body.data.records).toEqual([
      expect.objectContaining({ userId: otherId, analysedCalls: 1, agentSharePercent: 75, turnsPerCall: 4 }),
    ]);
  });

  it('refuses a range longer than the call records allow, or none, in Chinese, and pages', async () => {
    const long = await t.call(
      callAnalysis.seatSummary,
      { startRange: [dayStart - (callRecordMaxRangeDays + 1) * 86_400_000, dayStart], page: 1, limit: 20 },
      admin,
    );
    expect(long.body.code).not.toBe(0);
    expect(long.body.msg).toContain('统计时间范围不能超过');
    const none = await t.call(callAnalysis.seatSummary, { page: 1, limit: 20 } as never, admin);
    expect(none.body.msg).toContain('请选择统计时间范围');
    const paged = await summary(admin, { limit: 1, page: 2 });
    expect(paged.body.data.records).toHaveLength(1);
    expect(paged.body.data.total).toBe(3);
  });

  it('exports the same days as xlsx, every row, within the reader’s scope, only with the export permission', async () => {
    const exported = async (token: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: callAnalysis.seatSummaryExport.path,
        headers: { 'cloud-token': token },
        payload: { startRange: range() },
      });
      if (!String(res.headers['content-type']).includes('spreadsheetml')) return { code: res.json().code, rows: [] };
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
      return { code: 0, rows };
    };
    const all = await exported(admin);
    expect(all.rows[0]).toEqual(expect.arrayContaining(['日期', '坐席', '分析通话数', '意向A']));
    expect(all.rows).toHaveLength(4);
    expect(all.rows[1]!.slice(0, 5)).toEqual([expect.any(String), expect.any(String), expect.anything(), 2, 150]);
    // An agent may not export the statistics (his role has no 导出): refused, nothing read.
    expect((await exported(agent)).code).toBe(403);
  });
});
