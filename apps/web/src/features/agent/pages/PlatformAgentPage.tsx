import { AgentPerm, agentRoutes, agentStatusLabel, type TAgent } from '@yunhu/contract';
import { Button, Drawer, Form, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { AdministratorFields } from '../../../shared/form/AdministratorFields';
import { FormModal } from '../../../shared/form/FormModal';
import { requiredText } from '../../../shared/form/rules';
import { TextFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { RowAction } from '../../../shared/list/RowAction';
import { timeColumn } from '../../../shared/list/timeColumn';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { Permission } from '../../../shared/permission/Permission';
import { agentPageKey, type TAgentCreate, useCreateAgent } from '../api';
import { AgentCloseActions } from '../components/AgentCloseActions';
import { AgentDetailDrawer } from '../components/AgentDetailDrawer';
import { AgentLinesDrawer } from '../components/AgentLinesDrawer';
import { AgentReviewSwitch } from '../components/AgentReviewSwitch';
import { AgentSettlementDrawer } from '../components/AgentSettlementDrawer';
import { BaseLineList } from '../components/BaseLineList';

const a = t.agent;

/**
 * 代理商 (platform/agent): the platform's agents; create one with its first administrator; see its prices
 * and margin; settle its margin (结算) and close or reopen it (停用/启用).
 */
export const PlatformAgentPage = () => {
  const create = useCreateAgent();
  const [isCreating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<TAgent | null>(null);
  const [opening, setOpening] = useState<TAgent | null>(null);
  const [settling, setSettling] = useState<TAgent | null>(null);
  const [isBaseOpen, setBaseOpen] = useState(false);
  const columns: TListColumn<TAgent>[] = [
    ...fieldColumns<TAgent>({
      name: a.name,
      code: a.code,
      inviteCode: a.inviteCode,
      adminName: a.admin,
      adminUsername: a.adminUsername,
      adminMobile: a.adminMobile,
      enterpriseCount: a.enterpriseCount,
    }),
    moneyColumn(a.balance, 'balance'),
    // After the figures: the columns before it are read by position (e2e/resellers/agent.e2e.ts).
    {
      key: 'status',
      title: t.agentSettlement.status,
      dataIndex: 'status',
      render: (v: string) => (
        <Tag color={v === 'closed' ? 'default' : 'green'}>
          {agentStatusLabel[v as keyof typeof agentStatusLabel] ?? v}
        </Tag>
      ),
    },
    {
      key: 'reviewsReports',
      title: a.reviewsReports,
      dataIndex: 'reviewsReports',
      render: (_v, row) => <AgentReviewSwitch agent={row} />,
    },
    timeColumn(a.createdAt),
    ...actionsColumn<TAgent>(true, a.actions, (row) => (
      <Space size={0}>
        <RowAction onClick={() => setViewing(row)} testId={`agent-detail-${row.code}`}>
          {a.detail}
        </RowAction>
        <Permission value={AgentPerm.platformManage}>
          <RowAction onClick={() => setOpening(row)} testId={`agent-lines-${row.code}`}>
            {t.agentStock.openLines}
          </RowAction>
        </Permission>
        <AgentCloseActions agent={row} onSettle={setSettling} />
      </Space>
    )),
  ];
  return (
    <>
      <ListPage
        pageKey={agentPageKey}
        title={a.agents}
        route={agentRoutes.platformAgentPage}
        columns={columns}
        toolbar={
          <Space>
            <Permission value={AgentPerm.platformManage}>
              <Button type="primary" onClick={() => setCreating(true)} data-testid="agent-create">
                {a.create}
              </Button>
            </Permission>
            <Button onClick={() => setBaseOpen(true)} data-testid="agent-base-lines">
              {t.agentStock.baseLines}
            </Button>
          </Space>
        }
        filters={<TextFilter name="name" label={a.name} placeholder={a.namePlaceholder} width={180} />}
      />
      <Drawer
        open={isBaseOpen}
        width={720}
        title={t.agentStock.baseLines}
        onClose={() => setBaseOpen(false)}
        destroyOnHidden
      >
        <BaseLineList isPlatform isLocal />
      </Drawer>
      <FormModal<TAgentCreate>
        open={isCreating}
        title={a.createTitle}
        testId="agent-create-modal"
        onCancel={() => setCreating(false)}
        onSubmit={async (v) => {
          const created = await create(v);
          feedback.message.success(a.created(created.name, created.inviteCode));
        }}
        fields={
          <>
            <Form.Item name="name" label={a.name} rules={requiredText(a.name)}>
              <Input maxLength={64} />
            </Form.Item>
            <AdministratorFields />
          </>
        }
      />
      <AgentDetailDrawer agent={viewing} onClose={() => setViewing(null)} />
      <AgentLinesDrawer agent={opening} onClose={() => setOpening(null)} />
      <AgentSettlementDrawer agent={settling} onClose={() => setSettling(null)} />
    </>
  );
};
