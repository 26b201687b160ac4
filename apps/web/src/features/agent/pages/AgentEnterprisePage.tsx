import { agentRoutes, enterpriseStatusLabel, type TAgentEnterprise } from '@yunhu/contract';
import { Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { TextFilter } from '../../../shared/list/FilterItems';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn } from '../../../shared/list/types';
import { agentEnterprisePageKey } from '../api';

const a = t.agent;

/** 我的企业 (agent/enterprises): the enterprises registered with the agent's code and their commerce, nothing else of them. */
export const AgentEnterprisePage = () => {
  const columns: TListColumn<TAgentEnterprise>[] = [
    { key: 'name', title: a.enterpriseName, dataIndex: 'name' },
    {
      key: 'status',
      title: a.status,
      dataIndex: 'status',
      render: (v: string) => <Tag>{enterpriseStatusLabel[v as keyof typeof enterpriseStatusLabel] ?? v}</Tag>,
    },
    timeColumn(a.registeredAt),
    { key: 'seatCount', title: a.seats, dataIndex: 'seatCount' },
    { key: 'paidOrderCount', title: a.paidOrders, dataIndex: 'paidOrderCount' },
    moneyColumn(a.paidAmount, 'paidAmount'),
  ];
  return (
    <ListPage
      pageKey={agentEnterprisePageKey}
      title={a.enterprises}
      route={agentRoutes.enterprisePage}
      columns={columns}
      filters={<TextFilter name="name" label={a.enterpriseName} placeholder={a.namePlaceholder} width={180} />}
    />
  );
};
