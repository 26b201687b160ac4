import {
  agentRoutes,
  refundKindLabel,
  refundKinds,
  refundStateLabel,
  refundStates,
  type TAgentUnsubscribe,
} from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { optionsOf } from '../../../shared/form/options';
import { SelectFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { tagColumn } from '../../../shared/list/tagColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';

const s = t.agentStock;
const stateColor = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

/** 退订申请 (GET /base/agent/apply/unsubscribe): the agent's enterprises' applications, seen, never examined. */
export const AgentUnsubscribeList = () => {
  const columns: TListColumn<TAgentUnsubscribe>[] = [
    { key: 'applyNo', title: s.applyNo, dataIndex: 'applyNo' },
    { key: 'enterpriseName', title: s.enterprise, dataIndex: 'enterpriseName' },
    {
      key: 'kind',
      title: s.refundKind,
      dataIndex: 'kind',
      render: (v: TAgentUnsubscribe['kind']) => refundKindLabel[v],
    },
    { key: 'subject', title: s.subject, dataIndex: 'subject' },
    moneyColumn(s.refundAmount, 'amount'),
    { key: 'reason', title: s.reason, dataIndex: 'reason', ellipsis: true },
    tagColumn(s.refundState, 'state', { labels: refundStateLabel, colors: stateColor }),
    { key: 'rejectReason', title: s.rejectReason, dataIndex: 'rejectReason', render: (v: string) => v || '—' },
    timeColumn(s.appliedAt, { empty: '—' }),
    timeColumn(s.examinedAt, { key: 'examinedAt', empty: '—' }),
  ];
  return (
    <ListPage
      pageKey="agentUnsubscribes"
      urlKey="unsubscribes"
      title={s.unsubscribesTab}
      hint={s.unsubscribesHint}
      route={agentRoutes.unsubscribePage}
      columns={columns}
      filters={
        <>
          <SelectFilter name="kind" label={s.refundKind} options={optionsOf(refundKinds, refundKindLabel)} />
          <SelectFilter name="state" label={s.refundState} options={optionsOf(refundStates, refundStateLabel)} />
        </>
      }
    />
  );
};
