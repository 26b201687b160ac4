import { QuestionCircleOutlined } from '@ant-design/icons';
import { Col, Row, Space, Statistic, Tooltip } from 'antd';
import * as t from '../../../locales/zh-CN';
import { censusFigures, type TCensus } from './charts';

const c = t.crmCensus;

type TFigure = keyof ReturnType<typeof censusFigures>;

const figures: { key: TFigure; title: string; hint: string; unit: string }[] = [
  { key: 'total', title: c.total, hint: c.totalHint, unit: c.unitCustomers },
  { key: 'inPool', title: c.inPool, hint: c.inPoolHint, unit: c.unitCustomers },
  { key: 'newCustomers', title: c.newCustomers, hint: c.newCustomersHint, unit: c.unitCustomers },
  { key: 'follows', title: c.follows, hint: c.followsHint, unit: c.unitTimes },
];

/** The key figures; a hint tells which follow the chosen dates and which are counts of today. */
export const CensusFigures = ({ census }: { census: TCensus }) => {
  const values = censusFigures(census);
  return (
    <Row gutter={[16, 16]}>
      {figures.map((f) => (
        <Col xs={12} md={6} key={f.key} data-testid={`crm-census-${f.key}`}>
          <Statistic
            title={
              <Space size={4}>
                {f.title}
                <Tooltip title={f.hint}>
                  <QuestionCircleOutlined aria-label={f.hint} />
                </Tooltip>
              </Space>
            }
            value={values[f.key]}
            suffix={f.unit}
          />
        </Col>
      ))}
    </Row>
  );
};
