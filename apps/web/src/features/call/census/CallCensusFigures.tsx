import { percent, type TCallFigures } from '@yunhu/contract';
import { Col, Row, Statistic, Tooltip } from 'antd';
import * as t from '../../../locales/zh-CN';

const c = t.callCensus;

/** The key figures of the range; each carries a test id with its field name. */
export const CallCensusFigures = ({ figures }: { figures: TCallFigures }) => {
  const items: { key: keyof TCallFigures; title: string; value: string | number; hint?: string }[] = [
    { key: 'bindNum', title: c.bindNum, value: figures.bindNum, hint: c.bindNumHint },
    { key: 'callNum', title: c.callNum, value: figures.callNum },
    { key: 'connectedNum', title: c.connectedNum, value: figures.connectedNum },
    { key: 'notConnected', title: c.notConnected, value: figures.notConnected },
    { key: 'connectionRate', title: c.connectionRate, value: percent(figures.connectionRate) },
    { key: 'totalSecond', title: c.totalSecond, value: c.minutes(figures.totalSecond) },
    { key: 'totalMinute', title: c.totalMinute, value: figures.totalMinute },
    {
      key: 'averageCallSecond',
      title: c.averageCallSecond,
      value: c.minutes(figures.averageCallSecond),
      hint: c.averageHint,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map((x) => (
        <Col key={x.key} xs={12} md={6} xl={3}>
          <Tooltip title={x.hint}>
            <div data-testid={`call-census-${x.key}`}>
              <Statistic title={x.title} value={x.value} />
            </div>
          </Tooltip>
        </Col>
      ))}
    </Row>
  );
};
