import { marketRequestMoves, marketRoutes, type TMarketItem, type TMarketRequest } from '@yunhu/contract';
import { Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { useEditModal } from '../../../shared/form/useEditModal';
import { ListPage } from '../../../shared/list/ListPage';
import { RouteTabs } from '../../../shared/list/RouteTabs';
import { RowAction } from '../../../shared/list/RowAction';
import { actionsColumn } from '../../../shared/list/types';
import { marketKeys, useMarketItems } from '../api';
import { HandleModal } from '../components/HandleModal';
import { ItemFormModal } from '../components/ItemFormModal';
import { requestColumns, requestFilters } from '../components/requestColumns';

const Requests = () => {
  const [handling, setHandling] = useState<TMarketRequest | null>(null);
  return (
    <>
      <ListPage
        pageKey={marketKeys.queue}
        urlKey="queue"
        title={t.market.requestQueue}
        route={marketRoutes.marketQueue}
        columns={[
          ...requestColumns(true),
          ...actionsColumn<TMarketRequest>(true, t.market.actions, (row) =>
            marketRequestMoves[row.state].length ? (
              <RowAction testId={`market-handle-${row.id}`} onClick={() => setHandling(row)}>
                {t.market.handle}
              </RowAction>
            ) : null,
          ),
        ]}
        filters={requestFilters(true)}
      />
      <HandleModal request={handling} onClose={() => setHandling(null)} />
    </>
  );
};

const Items = () => {
  const { data, isLoading } = useMarketItems();
  const form = useEditModal<TMarketItem>();
  return (
    <Card
      title={t.market.itemList}
      extra={
        <Button type="primary" data-testid="market-item-add" onClick={form.openNew}>
          {t.market.addItem}
        </Button>
      }
    >
      <Table<TMarketItem>
        rowKey="id"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { key: 'name', title: t.market.itemName, dataIndex: 'name' },
          { key: 'vendor', title: t.market.vendor, dataIndex: 'vendor' },
          { key: 'priceText', title: t.market.priceLabel, dataIndex: 'priceText' },
          { key: 'contact', title: t.market.contactLabel, dataIndex: 'contact' },
          {
            key: 'isListed',
            title: t.market.listed,
            render: (_v, row) =>
              row.isListed ? <Tag color="green">{t.market.listedYes}</Tag> : <Tag>{t.market.listedNo}</Tag>,
          },
          { key: 'sort', title: t.market.sort, dataIndex: 'sort' },
          {
            key: 'actions',
            title: t.market.actions,
            render: (_v, row) => <RowAction onClick={() => form.openEdit(row)}>{t.market.edit}</RowAction>,
          },
        ]}
      />
      <ItemFormModal {...form.modal} />
    </Card>
  );
};

/** 市场管理 (`platform/market`): the enterprises' requests to follow up, and the items listed. */
export const MarketManagePage = () => (
  <Card title={t.market.manageTitle}>
    <RouteTabs
      items={[
        { key: 'requests', label: t.market.requestQueue, children: <Requests /> },
        { key: 'items', label: t.market.itemList, children: <Items /> },
      ]}
    />
  </Card>
);
