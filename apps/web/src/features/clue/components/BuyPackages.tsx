import { useQuery, useQueryClient } from '@tanstack/react-query';
import { clueOrderRoutes, cluePackageRoutes, TradePerm, yuan } from '@yunhu/contract';
import { Card, Empty, Flex, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { call } from '../../../shared/http/api';
import { usePermission } from '../../../shared/permission/usePermission';
import { PayModal } from '../../trade';
import { clueKeys } from '../api';

const c = t.cluePackage;

/** 购买线索包: the packages on sale, each ordered and paid by the order's QR code; the quota refreshes after. */
export const BuyPackages = () => {
  const client = useQueryClient();
  const canBuy = usePermission(TradePerm.buy);
  const list = useQuery({ queryKey: ['clue', 'packages'], queryFn: () => call(cluePackageRoutes.packageList, {}) });
  const [orderNo, setOrderNo] = useState<string | null>(null);
  const onBuy = async (packageId: number) => {
    const order = await call(clueOrderRoutes.packageBuy, { packageId, quantity: 1 });
    setOrderNo(order.orderNo);
  };
  const onClose = () => {
    setOrderNo(null);
    void client.invalidateQueries({ queryKey: clueKeys.quota });
    void client.invalidateQueries({ queryKey: [clueKeys.ledger] });
  };
  return (
    <Card title={c.buyTitle} data-testid="clue-packages">
      <Typography.Paragraph type="secondary">{c.buyHint}</Typography.Paragraph>
      <Spin spinning={list.isLoading}>
        <Flex wrap gap={16}>
          {(list.data ?? []).map((p) => (
            <Card key={p.id} size="small" title={p.name} style={{ width: 220 }} data-testid={`clue-package-${p.id}`}>
              <Space orientation="vertical">
                <Typography.Text>
                  {c.units}：{c.unitsOf(p.units)}
                </Typography.Text>
                <Typography.Text strong>¥{yuan(p.price)}</Typography.Text>
                {canBuy && (
                  <ReclickButton type="primary" onClick={() => onBuy(p.id)} data-testid={`clue-package-buy-${p.id}`}>
                    {c.buy}
                  </ReclickButton>
                )}
              </Space>
            </Card>
          ))}
          {list.isSuccess && list.data.length === 0 && <Empty description={c.empty} />}
        </Flex>
      </Spin>
      <PayModal orderNo={orderNo} kind="cluePackage" onClose={onClose} />
    </Card>
  );
};
