import { MarketPerm, marketRequestStateLabel, marketRoutes, type TMarketListing } from '@yunhu/contract';
import { Button, Card, Col, Empty, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ListPage } from '../../../shared/list/ListPage';
import { RouteTabs } from '../../../shared/list/RouteTabs';
import { Permission } from '../../../shared/permission/Permission';
import { marketKeys, useMarket } from '../api';
import { ApplyModal } from '../components/ApplyModal';
import { requestColumns, requestFilters, requestStateColor } from '../components/requestColumns';

const ItemCard = ({ item, onApply }: { item: TMarketListing; onApply: () => void }) => {
  const isOpen = item.requestState === 'pending' || item.requestState === 'contacted';
  return (
    <Card
      data-testid={`market-item-${item.id}`}
      title={item.name}
      extra={
        item.requestState && (
          <Tag color={requestStateColor[item.requestState]} data-testid="market-request-state">
            {marketRequestStateLabel[item.requestState]}
          </Tag>
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {t.market.vendor}：{item.vendor}
        </Typography.Text>
        <Typography.Paragraph ellipsis={{ rows: 3 }}>{item.description}</Typography.Paragraph>
        <Typography.Text type="secondary">
          {t.market.price}
          {item.priceText || '-'}
        </Typography.Text>
        {item.contact && (
          <Typography.Text type="secondary">
            {t.market.contact}
            {item.contact}
          </Typography.Text>
        )}
        <Space>
          <Permission value={MarketPerm.apply}>
            <Button type="primary" disabled={isOpen} data-testid={`market-apply-${item.id}`} onClick={onApply}>
              {t.market.apply}
            </Button>
          </Permission>
          {item.link && (
            <Typography.Link href={item.link} target="_blank" rel="noopener noreferrer">
              {t.market.link}
            </Typography.Link>
          )}
        </Space>
      </Space>
    </Card>
  );
};

const Items = () => {
  const { data, isLoading } = useMarket();
  const [applying, setApplying] = useState<TMarketListing | null>(null);
  return (
    <Card loading={isLoading} variant="borderless">
      {data && data.length === 0 && <Empty description={t.market.empty} />}
      <Row gutter={[16, 16]}>
        {(data ?? []).map((item) => (
          <Col key={item.id} xs={24} md={12} xl={8}>
            <ItemCard item={item} onApply={() => setApplying(item)} />
          </Col>
        ))}
      </Row>
      <ApplyModal item={applying} onClose={() => setApplying(null)} />
    </Card>
  );
};

const Requests = () => (
  <ListPage
    pageKey={marketKeys.mine}
    urlKey="requests"
    title={t.market.requestsTitle}
    route={marketRoutes.marketMine}
    columns={requestColumns(false)}
    filters={requestFilters(false)}
  />
);

/** 第三方市场 (`ThirdParty/Market`): other vendors' add-ons to request, and the enterprise's requests. */
export const MarketPage = () => (
  <Card title={t.market.title}>
    <RouteTabs
      items={[
        { key: 'items', label: t.market.itemsTab, children: <Items /> },
        { key: 'requests', label: t.market.requestsTab, children: <Requests /> },
      ]}
    />
  </Card>
);
