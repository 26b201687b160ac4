import { Button, Card, Empty, Result, Skeleton, Spin } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { presetDays, rangeOfDays } from '../../../shared/census/range';
import { useCustomerCensus } from './api';
import { CensusCharts } from './CensusCharts';
import { CensusFigures } from './CensusFigures';
import { CensusRangePicker, type TCensusChoice } from './CensusRangePicker';
import { isCensusEmpty } from './charts';

const c = t.crmCensus;

/**
 * 客户统计 on the workbench (getCustomerCensus): key figures, the daily trend and the split
 * of the customers, all inside the viewer's data scope. A preset's days are worked out on each render,
 * so on a page kept alive past midnight the next refresh or click moves 今天 to the new day.
 */
export const CustomerCensusCard = () => {
  const [choice, setChoice] = useState<TCensusChoice>({ preset: 'last30' });
  const days = 'preset' in choice ? presetDays(choice.preset, Date.now()) : choice.days;
  const { data, isPending, isFetching, refetch } = useCustomerCensus(rangeOfDays(days));

  const body = () => {
    if (isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (!data) {
      return (
        <Result
          status="warning"
          title={c.loadFailed}
          extra={<Button onClick={() => void refetch()}>{c.retry}</Button>}
        />
      );
    }
    if (isCensusEmpty(data)) return <Empty description={c.empty}>{c.emptyHint}</Empty>;
    return (
      <>
        <CensusFigures census={data} />
        <CensusCharts census={data} />
      </>
    );
  };

  return (
    <Card title={c.title} extra={<CensusRangePicker days={days} onChange={setChoice} />} data-testid="crm-census">
      <Spin spinning={isFetching && !isPending} delay={200}>
        {body()}
      </Spin>
    </Card>
  );
};
