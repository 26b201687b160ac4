import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { useApps } from '../api';
import { AppStateTag } from '../components/AppStateTag';
import { AppSwitchButton } from '../components/AppSwitchButton';

/** 应用中心 (`app/index`): the add-ons the platform lists, their state here, 开通 / 停用 and details. */
export const AppCentrePage = () => {
  const { data, isLoading } = useApps();
  return (
    <Card title={t.appCentre.title} loading={isLoading}>
      {data && data.length === 0 && <Empty description={t.appCentre.empty} />}
      <Row gutter={[16, 16]}>
        {(data ?? []).map((app) => (
          <Col key={app.code} xs={24} md={12} xl={8}>
            <Card
              data-testid={`app-${app.code}`}
              title={app.name}
              extra={<AppStateTag app={app} />}
              actions={[
                <Link key="details" to={`/menu/views/Application/details?code=${app.code}`}>
                  {t.appCentre.details}
                </Link>,
              ]}
            >
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Paragraph ellipsis={{ rows: 3 }}>{app.description}</Typography.Paragraph>
                <Typography.Text type="secondary">
                  {t.appCentre.price}
                  {app.priceText || '-'}
                </Typography.Text>
                <AppSwitchButton app={app} />
              </Space>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
};
