import type { agentLookupRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import { rowsInMemory } from '../../http/xlsx-stream.js';
import { agentPacketColumns, type TAgentLookupService } from './agent-lookup.service.js';

/** packet-download, getBaseLinePage, getAgentMobile, get-industry, GET apply/unsubscribe. */
export const agentLookupHandlers = (lookup: TAgentLookupService): THandlers<typeof agentLookupRoutes> => ({
  packetDownload: async (ctx) => {
    const { rows, fileName } = await lookup.packetDownload(ctx, ctx.input);
    return streamXlsx(rowsInMemory(rows), agentPacketColumns, fileName, '代理商套餐');
  },
  baseLinePage: (ctx) => lookup.baseLinePage(ctx, ctx.input),
  agentMobile: (ctx) => lookup.agentMobile(ctx),
  industry: (ctx) => lookup.industry(ctx),
  unsubscribePage: (ctx) => lookup.unsubscribePage(ctx, ctx.input),
});
