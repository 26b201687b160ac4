import { z } from 'zod';
import { AgentPerm, agentStatuses } from './agent-labels.js';
import { zId } from './org-common.js';
import { routesOf } from './route.js';

const route = routesOf('agent');

// 停用/启用代理商 (decision 0020 "Closing an agent"): the platform closes an agent (its users
// signed out and kept out, its invitation code refused; its enterprises keep working and buy at the
// platform's base price, no margin booked) and reopens it.

export const agentCloseRoutes = {
  platformAgentStatus: route({
    method: 'POST',
    path: '/base/platform/agent/status',
    summary: '停用/启用代理商',
    permission: AgentPerm.platformManage,
    audited: true,
    request: z.object({
      agentId: zId('代理商编号'),
      status: z.enum(agentStatuses, { error: '状态不正确' }),
    }),
    response: z.null(),
  }),
};
