import { billingIncrements, fenOf } from '@yunhu/contract';
import { Card, Flex, Form, InputNumber, Select, Table } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import { RowAction } from '../../../shared/list/RowAction';
import type { TListColumn } from '../../../shared/list/types';
import { type TLineRate, useBillingActions, useRates } from '../api';
import { AnalysisRateCard } from '../components/AnalysisRateCard';
import { fmtTime } from '../components/columns';

const s = t.billing;
type TForm = { unitPrice: number; incrementSeconds: number; minimumSeconds: number; freeSeconds: number };

const History = ({ lineId }: { lineId: number }) => {
  const rates = useRates(lineId);
  return (
    <Table<TLineRate>
      size="small"
      rowKey={(r) => String(r.id ?? 'price')}
      loading={rates.isPending}
      dataSource={(rates.data ?? []).slice(1)}
      pagination={false}
      columns={rateColumns}
    />
  );
};

const rateColumns: TListColumn<TLineRate>[] = [
  moneyColumn(s.unitPrice, 'unitPrice'),
  { key: 'increment', title: s.increment, dataIndex: 'incrementSeconds', render: (v: number) => s.incrementOf(v) },
  { key: 'minimum', title: s.minimum, dataIndex: 'minimumSeconds' },
  { key: 'free', title: s.free, dataIndex: 'freeSeconds' },
  {
    key: 'validFrom',
    title: s.validFrom,
    dataIndex: 'validFrom',
    render: (v: number | null) => (v === null ? s.fromPrice : fmtTime(v)),
  },
  { key: 'by', title: s.operator, dataIndex: 'createdByName' },
];

/** 线路资费 (platform/rates): each line's rate in force and its history, a new rate from now; and 智能分析资费. */
export const PlatformRatesPage = () => {
  const rates = useRates();
  const actions = useBillingActions();
  const [target, setTarget] = useState<TLineRate | null>(null);
  return (
    <Flex vertical gap={16}>
      <Card title={s.ratesTitle}>
        <Table<TLineRate>
          rowKey="lineId"
          loading={rates.isPending}
          dataSource={rates.data ?? []}
          pagination={false}
          expandable={{ expandedRowRender: (row) => <History lineId={row.lineId} /> }}
          columns={[
            { key: 'lineName', title: s.line, dataIndex: 'lineName' },
            ...rateColumns,
            {
              key: 'actions',
              title: '',
              render: (_v, row) => <RowAction onClick={() => setTarget(row)}>{s.setRate}</RowAction>,
            },
          ]}
        />
        <FormModal<TForm>
          open={target !== null}
          title={target ? s.setRateTitle(target.lineName) : ''}
          testId="rate-modal"
          initialValues={
            target
              ? {
                  unitPrice: target.unitPrice / 100,
                  incrementSeconds: target.incrementSeconds,
                  minimumSeconds: target.minimumSeconds,
                  freeSeconds: target.freeSeconds,
                }
              : undefined
          }
          onCancel={() => setTarget(null)}
          onDone={() => feedback.message.success(s.saved)}
          onSubmit={(v) => actions.saveRate({ ...v, lineId: target!.lineId, unitPrice: fenOf(v.unitPrice) })}
          fields={
            <>
              <Form.Item name="unitPrice" label={s.unitPrice} rules={[{ required: true, message: s.required }]}>
                <InputNumber min={0} precision={2} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="incrementSeconds" label={s.increment} rules={[{ required: true, message: s.required }]}>
                <Select options={billingIncrements.map((v) => ({ value: v, label: s.incrementOf(v) }))} />
              </Form.Item>
              <Form.Item name="minimumSeconds" label={s.minimum} rules={[{ required: true, message: s.required }]}>
                <InputNumber min={0} max={3600} precision={0} style={{ width: '100%' }} />
              </Form.Item>
              <Form.Item name="freeSeconds" label={s.free} rules={[{ required: true, message: s.required }]}>
                <InputNumber min={0} max={3600} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </>
          }
        />
      </Card>
      <AnalysisRateCard />
    </Flex>
  );
};
