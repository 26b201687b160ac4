import { shanghaiDay } from '@yunhu/contract';
import { DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import * as t from '../../../locales/zh-CN';
import {
  censusPresets,
  dayCount,
  MAX_CENSUS_DAYS,
  presetOf,
  type TCensusDays,
  type TCensusPreset,
} from '../../../shared/census/range';

const c = t.crmCensus;
const DAY_FORMAT = 'YYYY-MM-DD';

export type TCensusChoice = { preset: TCensusPreset } | { days: TCensusDays };

type TProps = { days: TCensusDays; onChange: (choice: TCensusChoice) => void };

/** 今天 / 近7天 / 近30天 at one click, or any span of up to a year in the picker. */
export const CensusRangePicker = ({ days, onChange }: TProps) => {
  const now = Date.now();
  const today = shanghaiDay(now);
  // Days past today have nothing yet; a span over a year is refused by the server.
  const isDisabled = (d: Dayjs, info?: { from?: Dayjs }) => {
    const day = d.format(DAY_FORMAT);
    if (day > today) return true;
    if (!info?.from) return false;
    const from = info.from.format(DAY_FORMAT);
    const span = day < from ? { fromDay: day, toDay: from } : { fromDay: from, toDay: day };
    return dayCount(span) > MAX_CENSUS_DAYS;
  };
  return (
    <Space wrap>
      <Segmented<TCensusPreset | ''>
        size="small"
        value={presetOf(days, now) ?? ''}
        options={censusPresets.map((p) => ({ label: c.presets[p], value: p }))}
        onChange={(p) => p && onChange({ preset: p })}
        data-testid="crm-census-presets"
      />
      <DatePicker.RangePicker
        size="small"
        aria-label={c.range}
        allowClear={false}
        value={[dayjs(days.fromDay), dayjs(days.toDay)]}
        disabledDate={isDisabled}
        onChange={(v) => {
          const [from, to] = v ?? [];
          if (from && to) onChange({ days: { fromDay: from.format(DAY_FORMAT), toDay: to.format(DAY_FORMAT) } });
        }}
        data-testid="crm-census-range"
      />
    </Space>
  );
};
