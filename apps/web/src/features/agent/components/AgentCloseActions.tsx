import { AgentPerm, type TAgent } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { RowAction } from '../../../shared/list/RowAction';
import { useApp } from '../../../shared/modal/useApp';
import { Permission } from '../../../shared/permission/Permission';
import { useSetAgentStatus } from '../settlementApi';

const s = t.agentSettlement;

/**
 * 结算 and 停用/启用 on a row of the platform's 代理商 list. Closing and reopening are confirmed first
 * (the confirmation says what closing does to the agent and its enterprises); the server writes
 * each to the operation log.
 */
export const AgentCloseActions = ({ agent, onSettle }: { agent: TAgent; onSettle: (agent: TAgent) => void }) => {
  const { modal } = useApp();
  const setStatus = useSetAgentStatus();
  const isClosed = agent.status === 'closed';
  const ask = () =>
    modal.confirm({
      title: t.app.noticeTitle,
      content: isClosed ? s.openConfirm(agent.name) : s.closeConfirm(agent.name),
      okText: isClosed ? s.open : s.close,
      okButtonProps: isClosed ? undefined : { danger: true },
      cancelText: t.common.cancel,
      onOk: () =>
        setStatus({ agentId: agent.id, status: isClosed ? 'active' : 'closed' })
          .then(() => feedback.message.success(isClosed ? s.opened(agent.name) : s.closed(agent.name)))
          // The HTTP client showed the refusal.
          .catch(() => undefined),
    });
  return (
    <>
      <RowAction onClick={() => onSettle(agent)} testId={`agent-settle-${agent.code}`}>
        {s.settle}
      </RowAction>
      <Permission value={AgentPerm.platformManage}>
        <RowAction isDanger={!isClosed} onClick={ask} testId={`agent-${isClosed ? 'open' : 'close'}-${agent.code}`}>
          {isClosed ? s.open : s.close}
        </RowAction>
      </Permission>
    </>
  );
};
