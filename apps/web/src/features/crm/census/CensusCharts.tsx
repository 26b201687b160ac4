import { Col, Empty, Flex, Row, Segmented, Typography } from 'antd';
import { useMemo, useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { Chart } from '../../../shared/charts/Chart';
import { shareOption, shareRows, type TCensus, type TShareDimension, trendOption } from './charts';

const c = t.crmCensus;
const dimensions: TShareDimension[] = ['level', 'source', 'owner'];
const CHART_HEIGHT = 280;

/** The daily trend of the range and the split of the customers by level, source or owner. */
export const CensusCharts = ({ census }: { census: TCensus }) => {
  const [dimension, setDimension] = useState<TShareDimension>('level');
  const trend = useMemo(() => trendOption(census), [census]);
  const share = useMemo(() => shareOption(census, dimension), [census, dimension]);
  const hasShare = shareRows(census, dimension).length > 0;
  return (
    <Row gutter={[24, 16]} style={{ marginTop: 24 }}>
      <Col xs={24} lg={14}>
        <Typography.Text strong>{c.trend}</Typography.Text>
        <Chart chart={trend} height={CHART_HEIGHT} data-testid="crm-census-trend" />
      </Col>
      <Col xs={24} lg={10}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Text strong>{c.share}</Typography.Text>
          <Segmented<TShareDimension>
            size="small"
            value={dimension}
            options={dimensions.map((d) => ({ label: c.shareTitle[d], value: d }))}
            onChange={setDimension}
            data-testid="crm-census-dimension"
          />
        </Flex>
        {hasShare ? (
          <Chart chart={share} height={CHART_HEIGHT} data-testid="crm-census-share" />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c.noShare} style={{ height: CHART_HEIGHT }} />
        )}
      </Col>
    </Row>
  );
};
