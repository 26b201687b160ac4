import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Perm } from '@yunhu/contract';
import { Card, Col, Descriptions, Row, Tag, Typography } from 'antd';
import { Suspense } from 'react';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { Permission } from '../../../shared/permission/Permission';
import { useUserStore } from '../../../shared/stores/user';
import { beijingFormat } from '../../../shared/time/beijing';
// Both census cards are lazy (their own chunks, loaded only for people who may see them).
import { CallCensusCard } from '../../call';
import { CustomerCensusCard } from '../../crm';
import { loadUserInfo } from '../../org';
import { PlatformWaiting } from '../../platform';
import { LatestNotices } from '../components/LatestNotices';
import { OnboardingChecklist, onboardingKeys } from '../components/OnboardingChecklist';
import { Shortcuts } from '../components/Shortcuts';

/** The workbench (kept alive): who I am, my enterprise, my notices, where I can go. */
export const HomePage = () => {
  const user = useUserStore((s) => s.user);
  const client = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      loadUserInfo(),
      client.invalidateQueries({ queryKey: ['notice'] }),
      client.invalidateQueries({ queryKey: ['org', 'nav'] }),
      client.invalidateQueries({ queryKey: ['crm', 'census'] }),
      client.invalidateQueries({ queryKey: ['call', 'census'] }),
      client.invalidateQueries({ queryKey: onboardingKeys.checklist }),
      client.invalidateQueries({ queryKey: ['platform', 'waiting'] }),
    ]);
    feedback.message.success(t.home.refreshed);
  };
  if (!user) return null;
  return (
    <Row gutter={[16, 16]} data-testid="home-page">
      <Col span={24}>
        <Card
          title={<Typography.Text strong>{t.home.greeting(user.realName)}</Typography.Text>}
          extra={
            <ReclickButton
              icon={<ReloadOutlined />}
              onClick={() => void refresh().catch(() => undefined)}
              data-testid="home-refresh"
            >
              {t.common.reclickDemo}
            </ReclickButton>
          }
        >
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }}>
            <Descriptions.Item label={t.home.enterprise}>
              <span data-testid="home-enterprise">{user.enterpriseName}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t.home.authState}>
              <Tag color={user.authState === 2 ? 'green' : user.authState === 1 ? 'blue' : 'default'}>
                {user.authStateLabel}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t.home.dept}>{user.deptName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t.home.roles}>
              {user.roleNames.length ? user.roleNames.map((r) => <Tag key={r}>{r}</Tag>) : '-'}
            </Descriptions.Item>
            <Descriptions.Item label={t.home.lastLogin}>
              {user.lastLoginAt ? beijingFormat(user.lastLoginAt, 'YYYY-MM-DD HH:mm') : t.home.neverLogin}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      {user.superTenant === 1 && (
        <Col span={24}>
          <PlatformWaiting />
        </Col>
      )}
      {user.isAdmin && (
        <Col span={24}>
          <OnboardingChecklist />
        </Col>
      )}
      <Permission value={Perm.customerList}>
        <Col span={24}>
          <Suspense fallback={<Card loading title={t.crmCensus.title} />}>
            <CustomerCensusCard />
          </Suspense>
        </Col>
      </Permission>
      <Permission value={Perm.callStatistics}>
        <Col span={24}>
          <Suspense fallback={<Card loading title={t.callCensus.title} />}>
            <CallCensusCard />
          </Suspense>
        </Col>
      </Permission>
      <Col xs={24} lg={16}>
        <LatestNotices />
      </Col>
      <Col xs={24} lg={8}>
        <Shortcuts />
      </Col>
    </Row>
  );
};
