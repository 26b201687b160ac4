import { useQuery } from '@tanstack/react-query';
import { agentRoutes } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { call } from '../../../shared/http/api';

/** 联系代理商 (getAgentMobile): an enterprise of an agent sees its agent's contact; a direct one nothing. */
export const AgentContact = () => {
  const contact = useQuery({
    queryKey: ['trade', 'agentContact'],
    queryFn: () => call(agentRoutes.agentMobile, {}),
    staleTime: 300_000,
  });
  const c = contact.data;
  if (!c) return null;
  return <Hint testId="agent-contact">{t.agentStock.agentContact(c.agentName, c.contactName, c.mobile)}</Hint>;
};
