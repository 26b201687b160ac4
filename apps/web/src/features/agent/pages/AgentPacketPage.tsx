import { AgentStockPerm, agentRoutes, money, type TAgentPacket } from '@yunhu/contract';
import { Button, Space, Tag } from 'antd';
import * as t from '../../../locales/zh-CN';
import { useEditModal } from '../../../shared/form/useEditModal';
import { TextFilter } from '../../../shared/list/FilterItems';
import { fieldColumns } from '../../../shared/list/fieldColumns';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { RowAction } from '../../../shared/list/RowAction';
import { actionsColumn, type TListColumn } from '../../../shared/list/types';
import { useConfirmAction } from '../../../shared/list/useConfirmAction';
import { Permission } from '../../../shared/permission/Permission';
import { AgentPacketForm } from '../components/AgentPacketForm';
import { agentPacketPageKey, useShelfPacket } from '../stockApi';

const s = t.agentStock;

/** 套餐管理 (agent/packets): the agent's own packages on its opened lines; create, edit, 上架/下架. */
export const AgentPacketPage = () => {
  const form = useEditModal<TAgentPacket>();
  const shelf = useShelfPacket();
  const { confirm, node } = useConfirmAction();
  const columns: TListColumn<TAgentPacket>[] = [
    ...fieldColumns<TAgentPacket>({ name: s.name, lineName: s.line, minutes: s.minutes, validityDays: s.validityDays }),
    moneyColumn(s.price, 'price'),
    moneyColumn(s.basePrice, 'basePrice'),
    {
      key: 'margin',
      title: s.margin,
      dataIndex: 'price',
      render: (_v: number, row: TAgentPacket) => money(Math.max(0, row.price - row.basePrice)),
    },
    { key: 'soldCount', title: s.soldCount, dataIndex: 'soldCount' },
    {
      key: 'isEnabled',
      title: s.state,
      dataIndex: 'isEnabled',
      render: (v: boolean) => (v ? <Tag color="green">{s.enabled}</Tag> : <Tag>{s.disabled}</Tag>),
    },
    ...actionsColumn<TAgentPacket>(true, s.actions, (row) => (
      <Space size={0}>
        <RowAction testId={`agent-packet-edit-${row.id}`} onClick={() => form.openEdit(row)}>
          {s.edit}
        </RowAction>
        <RowAction
          testId={`agent-packet-shelf-${row.id}`}
          onClick={() =>
            confirm(row.isEnabled ? s.offShelfConfirm(row.name) : s.onShelfConfirm(row.name), () =>
              shelf({ id: row.id, isEnabled: !row.isEnabled }),
            )
          }
        >
          {row.isEnabled ? s.offShelf : s.onShelf}
        </RowAction>
      </Space>
    )),
  ];
  return (
    <>
      <ListPage
        pageKey={agentPacketPageKey}
        title={s.packetsTitle}
        hint={s.packetsHint}
        route={agentRoutes.packetPage}
        columns={columns}
        export={{
          route: agentRoutes.packetDownload,
          fileName: s.packetsExportName,
          permission: AgentStockPerm.packetManage,
        }}
        toolbar={
          <Permission value={AgentStockPerm.packetManage}>
            <Button type="primary" data-testid="agent-packet-add" onClick={form.openNew}>
              {s.add}
            </Button>
          </Permission>
        }
        filters={<TextFilter name="name" label={s.name} width={180} />}
      />
      <AgentPacketForm {...form.modal} />
      {node}
    </>
  );
};
