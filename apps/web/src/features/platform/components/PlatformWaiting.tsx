import { AuditOutlined, MoneyCollectOutlined, RollbackOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { platformRoutes } from '@yunhu/contract';
import { Badge, Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';

export const platformWaitingKeys = { waiting: ['platform', 'waiting'] as const };

/** How often the counts are asked again while the home stays open: a new registration shows within a minute. */
export const platformWaitingRefreshMs = 60_000;

/**
 * What waits for the platform operator on his home: each count opens its queue. The home stays open
 * all day, so the counts follow the queues by themselves: asked again when he comes back to the
 * window and every minute while it is shown, not only on 刷新工作台.
 */
export const PlatformWaiting = () => {
  const navigate = useNavigate();
  const { data, isLoading } = useQuery({
    queryKey: platformWaitingKeys.waiting,
    queryFn: () => call(platformRoutes.waiting, {}),
    refetchOnWindowFocus: 'always',
    refetchInterval: platformWaitingRefreshMs,
  });
  const items: { key: string; title: string; count: number; hint: string; url: string; icon: ReactNode }[] = [
    {
      key: 'registrations',
      title: t.platform.waitingRegistrations,
      count: data?.registrations ?? 0,
      hint: t.platform.waitingRegistrationsHint,
      url: 'platform/enterprise',
      icon: <AuditOutlined />,
    },
    {
      key: 'certifications',
      title: t.platform.waitingCertifications,
      count: data?.certifications ?? 0,
      hint: t.platform.waitingCertificationsHint,
      url: 'platform/certification',
      icon: <SafetyCertificateOutlined />,
    },
    {
      key: 'seatCancellations',
      title: t.platform.waitingSeatCancellations,
      count: data?.seatCancellations ?? 0,
      hint: t.platform.waitingSeatCancellationsHint,
      url: 'platform/refund',
      icon: <RollbackOutlined />,
    },
    {
      key: 'refunds',
      title: t.platform.waitingRefunds,
      count: data?.refunds ?? 0,
      hint: t.platform.waitingRefundsHint,
      url: 'platform/refund',
      icon: <MoneyCollectOutlined />,
    },
  ];
  return (
    <Card title={t.platform.waitingTitle} loading={isLoading} data-testid="platform-waiting">
      <Row gutter={[16, 16]}>
        {items.map((item) => (
          <Col xs={24} sm={12} lg={6} key={item.key}>
            <Card
              size="small"
              hoverable
              onClick={() => navigate(`/menu/${item.url}`)}
              data-testid={`platform-waiting-${item.key}`}
            >
              <Badge dot={item.count > 0} offset={[6, 0]}>
                <Statistic title={item.title} value={item.count} prefix={item.icon} />
              </Badge>
              <div style={{ color: 'rgba(0,0,0,0.45)', marginTop: 4 }}>
                {item.count > 0 ? item.hint : t.platform.waitingNone}
              </div>
            </Card>
          </Col>
        ))}
      </Row>
    </Card>
  );
};
