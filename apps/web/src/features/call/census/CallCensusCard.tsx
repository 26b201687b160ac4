import { Button, Card, Col, Empty, Result, Row, Skeleton, Space, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { presetDays, type TCensusDays } from '../../../shared/census/range';
import { Chart } from '../../../shared/charts/Chart';
import { filterOfDays, useBaseCensus, useDayCensus, useHourCensus, useTopAgents } from './api';
import { CallCensusFigures } from './CallCensusFigures';
import { CallCensusRange } from './CallCensusRange';
import { agentOption, dailyOption, hourOption } from './charts';

const c = t.callCensus;
const CHART_HEIGHT = 260;

/**
 * 话务统计 on the workbench (base-census, census, hour-census, statistics-use-page): key
 * figures, calls and connection rate per day, calls by hour and talk time per agent, all inside the
 * viewer's data scope, over Asia/Shanghai days.
 */
export const CallCensusCard = () => {
  const [days, setDays] = useState<TCensusDays>(() => presetDays('last7', Date.now()));
  const filter = useMemo(() => filterOfDays(days), [days]);
  const base = useBaseCensus(filter);
  const perDay = useDayCensus(filter);
  const perHour = useHourCensus(filter);
  const agents = useTopAgents(filter);
  const daily = useMemo(() => dailyOption(perDay.data ?? []), [perDay.data]);
  const hourly = useMemo(() => hourOption(perHour.data ?? []), [perHour.data]);
  const byAgent = useMemo(() => agentOption(agents.data?.records ?? []), [agents.data]);

  const body = () => {
    if (base.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (!base.data) {
      return (
        <Result
          status="warning"
          title={c.loadFailed}
          extra={<Button onClick={() => void base.refetch()}>{c.retry}</Button>}
        />
      );
    }
    if (base.data.callNum === 0 && base.data.bindNum === 0) {
      return <Empty description={c.empty}>{c.emptyHint}</Empty>;
    }
    return (
      <>
        <CallCensusFigures figures={base.data} />
        <Row gutter={[24, 16]} style={{ marginTop: 24 }}>
          <Col xs={24} lg={12}>
            <Typography.Text strong>{c.perDay}</Typography.Text>
            <Chart chart={daily} height={CHART_HEIGHT} data-testid="call-census-daily" />
          </Col>
          <Col xs={24} lg={12}>
            <Typography.Text strong>{c.perHour}</Typography.Text>
            <Chart chart={hourly} height={CHART_HEIGHT} data-testid="call-census-hourly" />
          </Col>
          <Col xs={24}>
            <Typography.Text strong>{c.perAgent}</Typography.Text>
            {agents.data?.records.length ? (
              <Chart chart={byAgent} height={CHART_HEIGHT} data-testid="call-census-agents" />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c.noAgent} />
            )}
          </Col>
        </Row>
      </>
    );
  };

  const isFetching = base.isFetching || perDay.isFetching || perHour.isFetching || agents.isFetching;
  return (
    <Card
      title={c.title}
      extra={
        <Space wrap>
          <CallCensusRange days={days} onChange={setDays} />
          <Link to="/menu/phoneStatistics" data-testid="call-census-more">
            {c.toAgents}
          </Link>
        </Space>
      }
      data-testid="call-census"
    >
      <Spin spinning={isFetching && !base.isPending} delay={200}>
        {body()}
      </Spin>
    </Card>
  );
};
