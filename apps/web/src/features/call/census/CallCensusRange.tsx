import { DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import * as t from '../../../locales/zh-CN';
import { censusPresets, dayCount, presetDays, presetOf, type TCensusDays } from '../../../shared/census/range';
import { feedback } from '../../../shared/feedback';
import { MAX_CALL_CENSUS_DAYS } from './api';

const c = t.callCensus;

/** 今天 / 近7天 / 近30天 or any Shanghai days up to 93 (the server's bound). */
export const CallCensusRange = ({
  days,
  onChange,
  testId = 'call-census-range',
}: {
  days: TCensusDays;
  onChange: (days: TCensusDays) => void;
  testId?: string;
}) => {
  const now = Date.now();
  const pick = (v: [Dayjs | null, Dayjs | null] | null) => {
    if (!v?.[0] || !v[1]) return;
    const next = { fromDay: v[0].format('YYYY-MM-DD'), toDay: v[1].format('YYYY-MM-DD') };
    if (dayCount(next) > MAX_CALL_CENSUS_DAYS) {
      feedback.message.warning(c.rangeTooLong);
      return;
    }
    onChange(next);
  };
  return (
    <Space wrap data-testid={testId}>
      <Segmented
        size="small"
        value={presetOf(days, now) ?? ''}
        options={censusPresets.map((p) => ({ label: c.presets[p], value: p }))}
        onChange={(p) => onChange(presetDays(p as (typeof censusPresets)[number], Date.now()))}
      />
      <DatePicker.RangePicker
        size="small"
        allowClear={false}
        aria-label={c.range}
        value={[dayjs(days.fromDay), dayjs(days.toDay)]}
        onChange={pick}
      />
    </Space>
  );
};
