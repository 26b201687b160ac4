import { authStateLabel, CertPerm } from '@yunhu/contract';
import { Alert, Button, Card, Descriptions, Space, Spin, Tag } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { Permission } from '../../../shared/permission/Permission';
import { useUserStore } from '../../../shared/stores/user';
import { useCertInfo } from '../api';
import { CertDetails } from '../components/CertDetails';
import { CertForm } from '../components/CertForm';

const stateColor: Record<number, string> = { 0: 'default', 1: 'blue', 2: 'green' };

/** 企业认证 (personalCenter/reviewTheDetails): the state, the latest submission and its result, a new submission. */
export const ReviewTheDetailsPage = () => {
  const info = useCertInfo();
  const isSuper = useUserStore((s) => s.user?.superTenant === 1);
  const [isResubmitting, setResubmitting] = useState(false);
  if (!info.data) return <Spin spinning={info.isLoading} />;
  const { authState, latest, enterpriseName } = info.data;
  const isPending = latest?.status === 'pending';
  // A new submission is possible while not pending and the enterprise is not yet enterprise-authenticated.
  const canSubmit = !isSuper && !isPending && authState < 2;
  const showForm = canSubmit && (!latest || isResubmitting);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="cert-page">
      <Card title={t.cert.title}>
        <Descriptions column={2} size="small">
          <Descriptions.Item label={t.cert.enterprise}>{enterpriseName}</Descriptions.Item>
          <Descriptions.Item label={t.cert.state}>
            <Tag color={stateColor[authState] ?? 'default'} data-testid="auth-state">
              {authStateLabel(authState)}
            </Tag>
          </Descriptions.Item>
        </Descriptions>
        {isSuper && <Alert type="info" showIcon message={t.cert.platformOnly} />}
        {!isSuper && !latest && authState === 0 && <Alert type="info" showIcon message={t.cert.none} />}
      </Card>
      {latest && (
        <Card
          title={t.cert.latest}
          extra={
            canSubmit &&
            !isResubmitting && (
              <Permission value={CertPerm.submit}>
                <Button type="primary" onClick={() => setResubmitting(true)}>
                  {latest.status === 'rejected' ? t.cert.resubmit : t.cert.upgrade}
                </Button>
              </Permission>
            )
          }
        >
          {isPending && <Hint>{t.cert.pendingHint}</Hint>}
          {latest.status === 'rejected' && (
            <Alert type="error" showIcon message={t.cert.rejectedHint(latest.reason)} style={{ marginBottom: 12 }} />
          )}
          {latest.status === 'approved' && (
            <Alert type="success" showIcon message={t.cert.approvedHint} style={{ marginBottom: 12 }} />
          )}
          <CertDetails cert={latest} />
        </Card>
      )}
      {showForm && (
        <Permission value={CertPerm.submit}>
          <Card title={latest ? t.cert.resubmit : t.cert.submit}>
            <CertForm isPersonalDone={authState >= 1} onDone={() => setResubmitting(false)} />
          </Card>
        </Permission>
      )}
    </Space>
  );
};
