import { Space } from 'antd';
import type { ReactNode } from 'react';
import type { TCensusDays } from '../../../shared/census/range';
import { PlainCard } from '../../../shared/components/PlainCard';
import { CallCensusRange } from './CallCensusRange';

type TCensusScreenProps = {
  days: TCensusDays;
  onDaysChange: (days: TCensusDays) => void;
  /** Before the day range: the statistics' tabs, or the way back to them. */
  head: ReactNode;
  /** What the screen shows of those days. */
  children: ReactNode;
};

/** A 话务统计 screen: its tabs (or the way back) and the day range on a card above the figures of those days. */
export const CensusScreen = ({ days, onDaysChange, head, children }: TCensusScreenProps) => (
  <Space direction="vertical" size={16} style={{ width: '100%' }}>
    <PlainCard size="small">
      <Space wrap>
        {head}
        <CallCensusRange days={days} onChange={onDaysChange} />
      </Space>
    </PlainCard>
    {children}
  </Space>
);
