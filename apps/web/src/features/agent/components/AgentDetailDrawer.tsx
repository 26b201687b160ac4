import { agentRoutes, type TAgent } from '@yunhu/contract';
import { Drawer, Table, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { timeColumn } from '../../../shared/list/timeColumn';
import type { TListColumn, TRowOf } from '../../../shared/list/types';
import { type TPriceRow, useAgentPrices } from '../api';
import { priceColumns, priceKeyOf } from './priceColumns';

const a = t.agent;

const ledgerColumns: TListColumn<TRowOf<typeof agentRoutes.platformAgentLedger>>[] = [
  timeColumn(a.ledgerTime),
  moneyColumn(a.ledgerAmount, 'amount'),
  moneyColumn(a.ledgerBalance, 'balanceAfter'),
  { key: 'bizKey', title: a.ledgerKey, dataIndex: 'bizKey' },
  { key: 'remark', title: a.ledgerRemark, dataIndex: 'remark' },
];

/** The platform's view of one agent: its prices beside the base prices, and its margin ledger. */
export const AgentDetailDrawer = ({ agent, onClose }: { agent: TAgent | null; onClose: () => void }) => {
  const prices = useAgentPrices(agent?.id ?? null);
  return (
    <Drawer
      open={agent !== null}
      width={960}
      title={agent ? a.detailTitle(agent.name) : ''}
      onClose={onClose}
      destroyOnHidden
    >
      {agent && (
        <>
          <Typography.Title level={5}>{a.prices}</Typography.Title>
          <Table<TPriceRow>
            rowKey={priceKeyOf}
            size="small"
            loading={prices.isLoading}
            dataSource={prices.data ?? []}
            pagination={false}
            columns={priceColumns}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {a.ledger}
          </Typography.Title>
          <ListPage
            isLocal
            pageKey={`agentLedger-${agent.id}`}
            route={agentRoutes.platformAgentLedger}
            params={{ agentId: agent.id }}
            columns={ledgerColumns}
          />
        </>
      )}
    </Drawer>
  );
};
