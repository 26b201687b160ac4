import { seatStates } from '@yunhu/contract';
import { Card, Space, Statistic, Tag, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { useSeatCounts, useSeatPrices } from '../api';

const s = t.seat;
const stateColor = { inUse: 'green', free: 'blue', expiring: 'orange', expired: 'red', disabled: 'default' } as const;

/** The counts above the list: by state, by line, and what a seat costs on each line. */
export const SeatCounts = () => {
  const counts = useSeatCounts();
  const prices = useSeatPrices();
  const data = counts.data;
  return (
    <Card style={{ marginBottom: 16 }} loading={counts.isLoading} data-testid="seat-counts">
      <Space size={40} wrap>
        <Statistic title={s.total} value={data?.total ?? 0} />
        {seatStates.map((state) => (
          <Statistic
            key={state}
            title={<Tag color={stateColor[state]}>{s.stateLabel[state]}</Tag>}
            value={data?.byState[state] ?? 0}
            data-testid={`seat-count-${state}`}
          />
        ))}
      </Space>
      <Space wrap style={{ marginTop: 12, display: 'flex' }}>
        {data?.byLine.map((l) => (
          <Tag key={l.lineId} color="geekblue">
            {s.byLine(l.lineName, l.total, l.free)}
          </Tag>
        ))}
        {prices.data && prices.data.length > 0 && (
          <Typography.Text type="secondary">
            {s.prices}：{prices.data.map((p) => s.priceLine(p.lineName, p.seatPricePerMonth)).join('；')}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
};

export { stateColor };
