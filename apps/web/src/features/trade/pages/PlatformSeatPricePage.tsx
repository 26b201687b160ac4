import { fenOf, lineModeLabel, money } from '@yunhu/contract';
import { Card, Form, InputNumber, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { RowAction } from '../../../shared/list/RowAction';
import { type TSeatPriceRow, usePlatformSeatPrices, useRefundActions } from '../api';
import { fmtTime } from '../components/orderColumns';

const s = t.trade;

/** 坐席价格 (platform/seatPrice): the monthly price of a seat on each line, which 购买坐席 and 续费 charge. */
export const PlatformSeatPricePage = () => {
  const prices = usePlatformSeatPrices();
  const actions = useRefundActions();
  const [editing, setEditing] = useState<TSeatPriceRow | null>(null);
  return (
    <Card title={s.seatPriceTitle}>
      <Typography.Paragraph type="secondary">{s.seatPriceHint}</Typography.Paragraph>
      <Table<TSeatPriceRow>
        rowKey="lineId"
        loading={prices.isLoading}
        dataSource={prices.data ?? []}
        pagination={false}
        data-testid="seat-price-table"
        columns={[
          { key: 'lineName', title: s.line, dataIndex: 'lineName' },
          { key: 'lineMode', title: t.seat.lineMode, dataIndex: 'lineMode', render: (m: number) => lineModeLabel(m) },
          {
            key: 'price',
            title: s.seatPrice,
            dataIndex: 'seatPricePerMonth',
            render: (v: number, row) => (
              <>
                {money(v)} <Tag>{row.isSet ? s.seatPriceSet : s.seatPriceDefault}</Tag>
              </>
            ),
          },
          { key: 'updatedByName', title: s.updatedBy, dataIndex: 'updatedByName', render: (v: string) => v || '—' },
          { key: 'updatedAt', title: s.updatedAt, dataIndex: 'updatedAt', render: fmtTime },
          {
            key: 'actions',
            title: s.actions,
            render: (_v, row) => (
              <RowAction onClick={() => setEditing(row)} testId={`seat-price-edit-${row.lineId}`}>
                {s.seatPriceEdit}
              </RowAction>
            ),
          },
        ]}
      />
      <FormModal<{ yuan: number }>
        open={editing !== null}
        title={editing ? s.seatPriceEditTitle(editing.lineName) : ''}
        testId="seat-price-modal"
        initialValues={editing ? { yuan: editing.seatPricePerMonth / 100 } : undefined}
        onCancel={() => setEditing(null)}
        onDone={() => feedback.message.success(s.done)}
        onSubmit={(v) => actions.savePrice({ lineId: editing!.lineId, seatPricePerMonth: fenOf(v.yuan) })}
        fields={
          <Form.Item name="yuan" label={s.seatPriceYuan} rules={[{ required: true, message: s.seatPriceRequired }]}>
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        }
      />
    </Card>
  );
};
