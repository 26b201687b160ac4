import { type TCallRecordFilter, yuan } from '@yunhu/contract';
import { Col, Row, Statistic } from 'antd';
import * as t from '../../../locales/zh-CN';
import { PlainCard } from '../../../shared/components/PlainCard';
import { useCallRecordCount } from '../callRecordApi';

const c = t.callRecord;

/** The figures of the filtered records (get-page-count): calls, connected, rate, talk time, charge. */
export const CallRecordSummary = ({ filter }: { filter: TCallRecordFilter }) => {
  const { data, isFetching } = useCallRecordCount(filter);
  const rate = data && data.total > 0 ? ((data.connected / data.total) * 100).toFixed(1) : '0.0';
  const items = [
    { key: 'total', title: c.total, value: data?.total ?? 0 },
    { key: 'connected', title: c.connected, value: data?.connected ?? 0 },
    { key: 'rate', title: c.connectionRate, value: `${rate}%` },
    { key: 'seconds', title: c.totalTime, value: c.hms(data?.totalSecond ?? 0) },
    { key: 'postage', title: c.totalPostage, value: yuan(data?.totalPostage ?? 0) },
  ];
  return (
    <PlainCard size="small" style={{ marginBottom: 12 }} data-testid="call-record-summary">
      <Row gutter={16}>
        {items.map((i) => (
          <Col key={i.key} xs={12} sm={8} md={4} data-testid={`call-record-figure-${i.key}`}>
            <Statistic title={i.title} value={i.value} loading={isFetching && !data} />
          </Col>
        ))}
      </Row>
    </PlainCard>
  );
};
