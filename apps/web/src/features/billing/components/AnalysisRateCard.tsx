import { fenOf } from '@yunhu/contract';
import { Button, Card, Form, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { FormModal } from '../../../shared/form/FormModal';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import type { TListColumn } from '../../../shared/list/types';
import { type TAnalysisRate, useAnalysisRates, useBillingActions } from '../api';
import { fmtTime } from './columns';

const s = t.billing;

const columns: TListColumn<TAnalysisRate>[] = [
  moneyColumn(s.analysisUnitPrice, 'unitPrice'),
  {
    key: 'validFrom',
    title: s.validFrom,
    dataIndex: 'validFrom',
    render: (v: number | null) => (v === null ? s.analysisFree : fmtTime(v)),
  },
  { key: 'by', title: s.operator, dataIndex: 'createdByName' },
];

/** 智能分析资费 (platform/rates): the price per analysed minute in force, its history, a new one from now. */
export const AnalysisRateCard = () => {
  const rates = useAnalysisRates();
  const actions = useBillingActions();
  const [isEditing, setIsEditing] = useState(false);
  const [current, ...history] = rates.data ?? [];
  return (
    <Card
      title={s.analysisRateTitle}
      data-testid="analysis-rate"
      extra={<Button onClick={() => setIsEditing(true)}>{s.setAnalysisRate}</Button>}
    >
      <Typography.Paragraph type="secondary">{s.analysisRateHint}</Typography.Paragraph>
      <Table<TAnalysisRate>
        size="small"
        rowKey={(r) => String(r.id ?? 'free')}
        loading={rates.isPending}
        dataSource={current ? [current] : []}
        pagination={false}
        columns={columns}
        expandable={
          history.length
            ? {
                expandedRowRender: () => (
                  <Table<TAnalysisRate>
                    size="small"
                    rowKey={(r) => String(r.id)}
                    dataSource={history}
                    pagination={false}
                    columns={columns}
                  />
                ),
              }
            : undefined
        }
      />
      <FormModal<{ unitPrice: number }>
        open={isEditing}
        title={s.setAnalysisRate}
        testId="analysis-rate-modal"
        initialValues={{ unitPrice: (current?.unitPrice ?? 0) / 100 }}
        onCancel={() => setIsEditing(false)}
        onDone={() => feedback.message.success(s.saved)}
        onSubmit={(v) => actions.saveAnalysisRate(fenOf(v.unitPrice))}
        fields={
          <Form.Item name="unitPrice" label={s.analysisUnitPrice} rules={[{ required: true, message: s.required }]}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        }
      />
    </Card>
  );
};
