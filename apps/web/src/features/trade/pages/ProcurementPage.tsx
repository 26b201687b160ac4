import { money, type TPacketProduct } from '@yunhu/contract';
import { Button, Card, Empty, InputNumber, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { RowsTable } from '../../../shared/list/RowsTable';
import { useCatalogue, useTradeActions } from '../api';
import { AccountCard } from '../components/AccountCard';
import { AgentContact } from '../components/AgentContact';
import { PayModal } from '../components/PayModal';

const s = t.trade;

type TPlanRow = { product: TPacketProduct; quantity: number };

/**
 * 采购中心 (ProcurementCenter): the packages of each line with their prices; choose packages and
 * quantities into a purchase plan (planToBuy), confirm, pay by QR code with a countdown, see the result.
 */
export const ProcurementPage = () => {
  const catalogue = useCatalogue();
  const actions = useTradeActions();
  const [lineId, setLineId] = useState<number | null>(null);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [plan, setPlan] = useState<TPlanRow[]>([]);
  const [payingOrder, setPayingOrder] = useState<string | null>(null);
  const products = catalogue.data ?? [];
  const lines = useMemo(
    () => [...new Map(products.map((p) => [p.lineId, { value: p.lineId, label: p.lineName }])).values()],
    [products],
  );
  const shown = lineId === null ? products : products.filter((p) => p.lineId === lineId);
  const total = plan.reduce((sum, r) => sum + r.product.price * r.quantity, 0);

  const choose = (product: TPacketProduct) => {
    const quantity = quantities[product.id] ?? 1;
    setPlan((rows) => {
      const found = rows.find((r) => r.product.id === product.id);
      return found
        ? rows.map((r) => (r.product.id === product.id ? { ...r, quantity: r.quantity + quantity } : r))
        : [...rows, { product, quantity }];
    });
  };
  const confirm = async () => {
    const order = await actions.buy(plan.map((r) => ({ productId: r.product.id, quantity: r.quantity })));
    setPlan([]);
    setPayingOrder(order.orderNo);
  };

  return (
    <>
      <AccountCard />
      <AgentContact />
      <Card
        title={s.procurementTitle}
        extra={
          <Select
            style={{ width: 220 }}
            allowClear
            placeholder={s.allLines}
            options={lines}
            value={lineId ?? undefined}
            onChange={(v?: number) => setLineId(v ?? null)}
            data-testid="procure-line"
          />
        }
      >
        <RowsTable<TPacketProduct>
          rowKey="id"
          size="middle"
          loading={catalogue.isLoading}
          rows={shown}
          columns={[
            { key: 'line', title: s.line, dataIndex: 'lineName' },
            { key: 'name', title: s.packetName, dataIndex: 'name' },
            { key: 'minutes', title: s.minutes, dataIndex: 'minutes', render: (m: number) => s.minutesOf(m) },
            { key: 'validity', title: s.validity, dataIndex: 'validityDays', render: (d: number) => s.daysOf(d) },
            moneyColumn(s.price, 'price'),
            {
              key: 'quantity',
              title: s.quantity,
              render: (_v, p) => (
                <InputNumber
                  min={1}
                  max={100}
                  precision={0}
                  value={quantities[p.id] ?? 1}
                  onChange={(v) => setQuantities((q) => ({ ...q, [p.id]: v ?? 1 }))}
                  data-testid={`procure-qty-${p.id}`}
                />
              ),
            },
            {
              key: 'actions',
              title: s.actions,
              render: (_v, p) => (
                <Button type="link" onClick={() => choose(p)} data-testid={`procure-choose-${p.id}`}>
                  {s.choose}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {/* The total and the confirm button head the plan: the soft-phone panel covers the page's bottom right. */}
      <Card
        title={s.plan}
        style={{ marginTop: 16 }}
        data-testid="procure-plan"
        extra={
          plan.length > 0 && (
            <Space>
              <Typography.Text type="secondary">{s.totalHint}</Typography.Text>
              <Typography.Text strong style={{ fontSize: 18 }} data-testid="procure-total">
                {s.total} {money(total)}
              </Typography.Text>
              <ReclickButton
                type="primary"
                onClick={() => void confirm().catch(() => undefined)}
                data-testid="procure-confirm"
              >
                {s.confirmBuy}
              </ReclickButton>
            </Space>
          )
        }
      >
        {plan.length === 0 ? (
          <Empty description={s.planEmpty} />
        ) : (
          <RowsTable<TPlanRow>
            rowKey={(r) => r.product.id}
            rows={plan}
            columns={[
              { key: 'name', title: s.packetName, render: (_v, r) => `${r.product.lineName} ${r.product.name}` },
              { key: 'price', title: s.unitPrice, render: (_v, r) => money(r.product.price) },
              { key: 'quantity', title: s.quantity, dataIndex: 'quantity' },
              { key: 'sum', title: s.amount, render: (_v, r) => money(r.product.price * r.quantity) },
              {
                key: 'remove',
                title: s.actions,
                render: (_v, r) => (
                  <Button type="link" danger onClick={() => setPlan((rows) => rows.filter((x) => x !== r))}>
                    {s.remove}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </Card>
      <PayModal orderNo={payingOrder} onClose={() => setPayingOrder(null)} />
    </>
  );
};
