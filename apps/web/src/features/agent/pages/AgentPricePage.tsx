import { AgentPerm, fenOf, yuan } from '@yunhu/contract';
import { Card, Form, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { RowAction } from '../../../shared/list/RowAction';
import { Permission } from '../../../shared/permission/Permission';
import { type TPriceRow, useMyPrices } from '../api';
import { priceColumns, priceKeyOf } from '../components/priceColumns';

const a = t.agent;

/** 价格设置 (agent/prices): the agent's own price per package and per line's seat, the base price beside it. */
export const AgentPricePage = () => {
  const prices = useMyPrices();
  const [editing, setEditing] = useState<TPriceRow | null>(null);
  const nameOf = (row: TPriceRow) => (row.itemKind === 'seat' ? a.seatName(row.lineName) : row.name);
  return (
    <Card title={a.prices}>
      <Typography.Paragraph type="secondary">{a.pricesHint}</Typography.Paragraph>
      <Table<TPriceRow>
        rowKey={priceKeyOf}
        loading={prices.isLoading}
        dataSource={prices.data ?? []}
        pagination={false}
        data-testid="agent-price-table"
        columns={[
          ...priceColumns,
          {
            key: 'actions',
            title: a.actions,
            render: (_v, row) => (
              <Permission value={AgentPerm.priceUpdate}>
                <RowAction onClick={() => setEditing(row)} testId={`agent-price-edit-${priceKeyOf(row)}`}>
                  {a.editPrice}
                </RowAction>
              </Permission>
            ),
          },
        ]}
      />
      <FormModal<{ yuan: number }>
        open={editing !== null}
        title={editing ? a.editPriceTitle(nameOf(editing)) : ''}
        testId="agent-price-modal"
        initialValues={editing ? { yuan: (editing.myPrice ?? editing.basePrice) / 100 } : undefined}
        onCancel={() => setEditing(null)}
        onDone={() => feedback.message.success(a.priceSaved)}
        onSubmit={(v) => prices.save({ itemKind: editing!.itemKind, itemId: editing!.itemId, price: fenOf(v.yuan) })}
        fields={
          <Form.Item
            name="yuan"
            label={a.priceYuan}
            extra={editing ? `${a.basePrice}：${yuan(editing.basePrice)} 元` : undefined}
            rules={[
              { required: true, message: a.priceRequired },
              {
                validator: (_r, v: number | null) =>
                  v === null || v === undefined || !editing || fenOf(v) >= editing.basePrice
                    ? Promise.resolve()
                    : Promise.reject(new Error(a.belowBase(yuan(editing.basePrice)))),
              },
            ]}
          >
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        }
      />
    </Card>
  );
};
