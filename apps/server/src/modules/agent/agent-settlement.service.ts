import {
  agentStatementKindLabel,
  sheetTime,
  type TAgentSettlement,
  type TAgentSettlementSummary,
  type TRouteInput,
  toPage,
  yuan,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { book, newDocumentNo } from '../trade/index.js';
import { agentSettlementErrors as errors } from './agent-settlement.errors.js';
import { agentSettlementRepository as repo, type TSettlementRow } from './agent-settlement.repository.js';
import { asAgent, requireAgent } from './agent-wall.js';

const toSettlement = ({ settlement: s, agentName }: TSettlementRow): TAgentSettlement => ({
  id: s.id,
  settlementNo: s.settlementNo,
  agentId: s.agentId,
  agentName,
  amount: s.amount,
  paymentRef: s.paymentRef,
  remark: s.remark,
  createdByName: s.createdByName,
  createdAt: s.createdAt.getTime(),
});

type TLedgerRow = Awaited<ReturnType<typeof repo.statementPage>>['records'][number];
const toEntry = (e: TLedgerRow) => ({
  id: e.id,
  kind: e.kind,
  amount: e.amount,
  balanceAfter: e.balanceAfter,
  bizType: e.bizType,
  bizKey: e.bizKey,
  remark: e.remark,
  createdAt: e.createdAt.getTime(),
});

/** The columns of 利润明细's download. */
export const statementColumns: TColumn<TLedgerRow>[] = [
  { header: '时间', width: 22, value: (e) => sheetTime(e.createdAt) },
  {
    header: '类型',
    width: 10,
    value: (e) =>
      e.kind === 'margin' && e.amount < 0
        ? '利润退回'
        : (agentStatementKindLabel[e.kind as keyof typeof agentStatementKindLabel] ?? e.kind),
  },
  { header: '金额（元）', width: 12, value: (e) => yuan(e.amount) },
  { header: '余额（元）', width: 12, value: (e) => yuan(e.balanceAfter) },
  { header: '业务单号', width: 30, value: (e) => e.bizKey },
  { header: '说明', width: 40, value: (e) => e.remark },
];

/** The agent's margin by month and in total, with what may be settled now (its balance, never below 0). */
const summaryOf = async (db: TDb, agentId: number): Promise<TAgentSettlementSummary> => {
  const agent = await requireAgent(db, agentId);
  const months = await repo.months(db, agentId);
  const sum = (k: 'earned' | 'reversed' | 'settled') => months.reduce((n, m) => n + m[k], 0);
  return {
    agentId,
    agentName: agent.name,
    agentStatus: agent.status,
    earned: sum('earned'),
    reversed: sum('reversed'),
    settled: sum('settled'),
    balance: agent.balance,
    settleable: Math.max(agent.balance, 0),
    months,
  };
};

export type TAgentSettlementService = ReturnType<typeof createAgentSettlementService>;

/**
 * 代理商结算 (decision 0020 "Settlement and closing"): the platform pays an agent its
 * margin; the agent sees its settlements and every movement of its margin (利润明细).
 */
export const createAgentSettlementService = (deps: { database: TDatabase }) => ({
  platformSummary: (ctx: TRequestContext, { agentId }: TRouteInput<'agent', 'platformSettlementSummary'>) =>
    asPlatform(ctx, (db) => summaryOf(db, agentId)),

  /**
   * One settlement per drawer key: the key is claimed first (the same key again answers the first
   * settlement), then `book` takes the amount from the agent's account under its row lock and
   * refuses more than the balance, so N parallel settlements never pay more than was earned. A
   * refusal rolls the claim back with it. A closed agent is still paid what it earned.
   */
  settle: (ctx: TRequestContext, input: TRouteInput<'agent', 'platformSettle'>) =>
    asPlatform(ctx, async (db) => {
      await requireAgent(db, input.agentId);
      const first = await repo.byRequest(db, input.agentId, input.requestKey);
      if (first) return toSettlement(first);
      const now = new Date();
      let settlementNo = newDocumentNo('JS', now);
      while (await repo.numberTaken(db, settlementNo)) settlementNo = newDocumentNo('JS', now);
      const claimed = await repo.claim(db, {
        settlementNo,
        agentId: input.agentId,
        amount: input.amount,
        paymentRef: input.paymentRef,
        remark: input.remark,
        requestKey: input.requestKey,
        createdBy: ctx.auth.userId,
        createdByName: ctx.auth.realName,
      });
      if (!claimed) return toSettlement((await repo.byRequest(db, input.agentId, input.requestKey))!);
      const booked = await book(db, {
        tenantId: input.agentId,
        kind: 'settlement',
        amount: -input.amount,
        bizType: 'settlement',
        bizKey: settlementNo,
        remark: `结算付款 ${input.paymentRef}${input.remark ? `：${input.remark}` : ''}`.slice(0, 200),
        by: { userId: ctx.auth.userId, name: ctx.auth.realName },
      });
      if (!booked.isBooked) {
        const balance = booked.reason === 'insufficient' ? booked.balance : booked.balanceAfter;
        throw errors.settleOverBalance(yuan(input.amount), yuan(Math.max(balance, 0)));
      }
      return toSettlement((await repo.byId(db, claimed.id))!);
    }),

  platformPage: (ctx: TRequestContext, q: TRouteInput<'agent', 'platformSettlementPage'>) =>
    asPlatform(ctx, async (db) => {
      await requireAgent(db, q.agentId);
      const { records, total } = await repo.page(db, q.agentId, q);
      return toPage(records.map(toSettlement), total, q);
    }),

  summary: (ctx: TRequestContext) => asAgent(ctx, (db, agent) => summaryOf(db, agent.id)),

  page: (ctx: TRequestContext, q: TRouteInput<'agent', 'settlementPage'>) =>
    asAgent(ctx, async (db, agent) => {
      const { records, total } = await repo.page(db, agent.id, q);
      return toPage(records.map(toSettlement), total, q);
    }),

  statementPage: (ctx: TRequestContext, q: TRouteInput<'agent', 'statementPage'>) =>
    asAgent(ctx, async (db, agent) => {
      const { records, total } = await repo.statementPage(db, agent.id, q.kind, q);
      return toPage(records.map(toEntry), total, q);
    }),

  /** 利润明细's download: the wall checked now, the rows read when the file is sent. */
  statementExport: (ctx: TRequestContext, f: TRouteInput<'agent', 'statementExport'>) =>
    asAgent(ctx, async (_db, agent) => ({
      fileName: `利润明细_${new Date().toISOString().slice(0, 10)}.xlsx`,
      rows: repo.statementRows(deps.database, agent.id, f.kind),
    })),
});
