import { BillingPerm, billingRoutes, money } from '@yunhu/contract';
import { Card, Col, DatePicker, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { Chart } from '../../../shared/charts/Chart';
import { ListPage } from '../../../shared/list/ListPage';
import { moneyColumn } from '../../../shared/list/moneyColumn';
import type { TListColumn, TRowOf } from '../../../shared/list/types';
import { beijingFormat } from '../../../shared/time/beijing';
import { billPageKey, useBillAnalysis } from '../api';
import { dailyChart, lineChart, monthOverMonth, rankChart } from '../components/charts';

const s = t.billing;
const CHART_HEIGHT = 260;

const billColumns: TListColumn<TRowOf<typeof billingRoutes.billPage>>[] = [
  { key: 'lineName', title: s.line, dataIndex: 'lineName' },
  { key: 'deptName', title: s.dept, dataIndex: 'deptName', render: (v: string) => v || s.noDept },
  { key: 'calls', title: s.calls, dataIndex: 'calls' },
  { key: 'duration', title: s.duration, dataIndex: 'duration', render: (v: number) => s.secondsOf(v) },
  { key: 'billedSeconds', title: s.billed, dataIndex: 'billedSeconds', render: (v: number) => s.secondsOf(v) },
  moneyColumn(s.amount, 'amount'),
  { key: 'packetSeconds', title: s.packetPaid, dataIndex: 'packetSeconds', render: (v: number) => s.secondsOf(v) },
  moneyColumn(s.balancePaid, 'balanceAmount'),
];

/**
 * 账单分析 (account/billAnalysis): the month's figures against last month's, charts by day, line,
 * department and person, and 账单 (the month per line and department) with its export.
 */
export const BillAnalysisPage = () => {
  const [month, setMonth] = useState(() => beijingFormat(Date.now(), 'YYYY-MM'));
  const analysis = useBillAnalysis(month);
  const a = analysis.data;
  const charts = useMemo(
    () =>
      a && {
        daily: dailyChart(a),
        lines: lineChart(a),
        depts: rankChart(s.byDept, a.byDept),
        users: rankChart(s.byUser, a.byUser),
      },
    [a],
  );
  const mom = a ? monthOverMonth(a.totals.amount, a.lastMonth.amount) : null;
  return (
    <>
      <Card
        title={s.analysisTitle}
        extra={
          <DatePicker
            picker="month"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(v) => v && setMonth(v.format('YYYY-MM'))}
            data-testid="bill-month"
          />
        }
      >
        {!a || !charts ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : (
          <>
            <Row gutter={[24, 16]} data-testid="bill-figures">
              <Col xs={12} lg={6}>
                <Statistic title={s.totalAmount} value={money(a.totals.amount)} />
                <Typography.Text type="secondary">{mom ? s.momOf(mom) : s.momNone}</Typography.Text>
              </Col>
              <Col xs={12} lg={6}>
                <Statistic title={s.totalBalance} value={money(a.totals.balanceAmount)} />
                <Typography.Text type="secondary">{`${s.lastMonth} ${money(a.lastMonth.balanceAmount)}`}</Typography.Text>
              </Col>
              <Col xs={12} lg={6}>
                <Statistic title={s.totalPacket} value={s.minutesOf(Math.round(a.totals.packetSeconds / 60))} />
              </Col>
              <Col xs={12} lg={6}>
                <Statistic title={s.totalCalls} value={a.totals.calls} />
              </Col>
            </Row>
            {a.totals.calls === 0 ? (
              <Empty style={{ marginTop: 24 }} />
            ) : (
              <Row gutter={[24, 16]} style={{ marginTop: 24 }}>
                <Col xs={24} lg={14}>
                  <Chart chart={charts.daily} height={CHART_HEIGHT} data-testid="bill-daily" />
                </Col>
                <Col xs={24} lg={10}>
                  <Chart chart={charts.lines} height={CHART_HEIGHT} data-testid="bill-lines" />
                </Col>
                <Col xs={24} lg={12}>
                  <Chart chart={charts.depts} height={CHART_HEIGHT} data-testid="bill-depts" />
                </Col>
                <Col xs={24} lg={12}>
                  <Chart chart={charts.users} height={CHART_HEIGHT} data-testid="bill-users" />
                </Col>
              </Row>
            )}
          </>
        )}
      </Card>
      <ListPage
        pageKey={billPageKey}
        title={`${s.billTitle} ${month}`}
        route={billingRoutes.billPage}
        rowKey="key"
        params={{ month }}
        export={{ route: billingRoutes.billExport, fileName: `账单_${month}`, permission: BillingPerm.billExport }}
        columns={billColumns}
      />
    </>
  );
};
