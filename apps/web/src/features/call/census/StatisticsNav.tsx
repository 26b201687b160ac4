import { Segmented } from 'antd';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import type { TCensusDays } from '../../../shared/census/range';
import { daysQuery } from './useCensusDays';

const c = t.callCensus;
const pages = [
  { value: 'phoneStatistics', label: c.toAgents },
  { value: 'callDetails', label: c.toDays },
  { value: 'machineDetail', label: c.toLines },
] as const;

/** Switches between the statistics pages, keeping the days. */
export const StatisticsNav = ({ current, days }: { current: string; days: TCensusDays }) => {
  const navigate = useNavigate();
  return (
    <Segmented
      value={current}
      options={pages.map((p) => ({ value: p.value, label: p.label }))}
      onChange={(v) => navigate(`/menu/${v}?${daysQuery(days)}`)}
      data-testid="call-statistics-nav"
    />
  );
};
