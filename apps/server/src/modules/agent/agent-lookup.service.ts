import {
  shanghaiDay,
  type TAgentPacket,
  type TAgentUnsubscribe,
  type TRouteInput,
  toPage,
  yuan,
} from '@yunhu/contract';
import { acrossTenants } from '../../db/across-tenants.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { agentPacketRepository as packets } from '../packet/index.js';
import { refundBasics } from '../trade-refund/index.js';
import { agentLookupRepository as repo } from './agent-lookup.repository.js';
import { toAgentPacket } from './agent-stock.service.js';
import { asAgent, asAgentOrDistributor } from './agent-wall.js';

/** The agent's packages as 套餐管理 shows them (packet-download's columns). */
export const agentPacketColumns: TColumn<TAgentPacket>[] = [
  { header: '线路', width: 18, value: (r) => r.lineName },
  { header: '套餐名称', width: 20, value: (r) => r.name },
  { header: '分钟数', width: 10, value: (r) => r.minutes },
  { header: '有效天数', width: 10, value: (r) => r.validityDays },
  { header: '售价（元）', width: 12, value: (r) => yuan(r.price) },
  { header: '平台底价（元）', width: 14, value: (r) => yuan(r.basePrice) },
  { header: '每套利润（元）', width: 14, value: (r) => yuan(r.price - r.basePrice) },
  { header: '已售套数', width: 10, value: (r) => r.soldCount },
  { header: '状态', width: 8, value: (r) => (r.isEnabled ? '上架' : '已下架') },
];

export type TAgentLookupService = ReturnType<typeof createAgentLookupService>;

/**
 * packet-download, getBaseLinePage, getAgentMobile, get-industry and GET apply/unsubscribe (decision
 * 0020 "Downloads, base lines, the agent's contact, industries and unsubscribe applications").
 */
export const createAgentLookupService = () => ({
  /** 套餐管理's rows with the page's filters (an agent's own catalogue: dozens of rows, read in the request). */
  packetDownload: (ctx: TRequestContext, f: TRouteInput<'agent', 'packetDownload'>) =>
    asAgent(ctx, async (db, agent) => {
      const { records } = await packets.page(db, agent.id, f, null);
      const rows = await Promise.all(records.map((r) => toAgentPacket(db, r)));
      return { rows, fileName: `代理商套餐_${shanghaiDay(Date.now())}.xlsx` };
    }),

  /** The platform: every active line and how many agents have it; an agent: its opened lines only. */
  baseLinePage: async (ctx: TRequestContext, q: TRouteInput<'agent', 'baseLinePage'>) => {
    if (ctx.auth.isSuper) {
      return asPlatform(ctx, async (db) => {
        const { records, total } = await repo.baseLines(db, null, q, q);
        return toPage(records, total, q);
      });
    }
    return asAgent(ctx, async (db, agent) => {
      const { records, total } = await repo.baseLines(db, agent.id, q, q);
      return toPage(
        records.map((r) => ({ ...r, agentCount: null })),
        total,
        q,
      );
    });
  },

  /** The enterprise's own agent (read past the tenant wall, by the enterprise's `agent_id` only). */
  agentMobile: (ctx: TRequestContext) => acrossTenants(ctx.tx, (db) => repo.agentContactOf(db, ctx.auth.tenantId)),

  /** A dictionary: a distributor's 解锁名单 form offers it too. */
  industry: (ctx: TRequestContext) => asAgentOrDistributor(ctx, (db) => repo.industries(db)),

  /** Seen, never examined: the platform approves 退订 (decision 0017); the agent follows its enterprises'. */
  unsubscribePage: (ctx: TRequestContext, q: TRouteInput<'agent', 'unsubscribePage'>) =>
    asAgent(ctx, async (db, agent) => {
      const { records, total } = await repo.unsubscribes(db, agent.id, q, q);
      return toPage(
        records.map(
          ({ app, enterpriseName }): TAgentUnsubscribe => ({
            ...refundBasics({ ...app, enterpriseName }),
            enterpriseId: app.tenantId,
          }),
        ),
        total,
        q,
      );
    }),
});
