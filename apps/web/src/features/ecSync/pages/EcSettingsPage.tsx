import { beijingTime, ecOurFields, type TEcConfig, type TEcOurField, type TEcTestResult } from '@yunhu/contract';
import { Alert, Button, Card, Form, Input, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { Hint } from '../../../shared/components/Hint';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { testEcConnection, useEcConfig, usePull, useSaveEcConfig } from '../api';
import { EcFieldMapTable, EcStaffMapTable } from '../components/EcMappingTables';

const c = t.ecSync;

type TValues = {
  corpId: string;
  appId: string;
  appSecret: string;
  defaultEcUserId: string;
  isEnabled: boolean;
  fields: Partial<Record<TEcOurField, string>>;
  staff: Record<string, string>;
};

const valuesOf = (config: TEcConfig): TValues => ({
  corpId: config.corpId,
  appId: config.appId,
  appSecret: '',
  defaultEcUserId: config.defaultEcUserId,
  isEnabled: config.isEnabled,
  fields: Object.fromEntries(config.fieldMap.map((f) => [f.ours, f.theirs])),
  staff: Object.fromEntries(config.staff.map((s) => [String(s.userId), s.ecUserId])),
});

const SimulatorNote = ({ simulator }: { simulator: NonNullable<TEcConfig['simulator']> }) => (
  <Alert
    type="warning"
    showIcon
    style={{ marginBottom: 16 }}
    data-testid="ec-simulator"
    message={c.simulatorTitle}
    description={c.simulatorHint(simulator.corpId, simulator.appId, simulator.appSecret)}
  />
);

/** The form of the EC account and its mapping, filled from what is saved. */
const EcSettingsForm = ({ config }: { config: TEcConfig }) => {
  const [form] = Form.useForm<TValues>();
  const save = useSaveEcConfig();
  const pull = usePull();
  const [tested, setTested] = useState<TEcTestResult | null>(null);

  const onSave = async (v: TValues) => {
    const fieldMap = ecOurFields.flatMap((ours) =>
      v.fields[ours]?.trim() ? [{ ours, theirs: v.fields[ours]!.trim() }] : [],
    );
    const staffMap = Object.entries(v.staff ?? {}).map(([userId, ecUserId]) => ({
      userId: Number(userId),
      ecUserId: ecUserId ?? '',
    }));
    const input = { ...v, fields: undefined, staff: undefined, fieldMap, staffMap };
    if (await save.mutateAsync(input).catch(() => null)) {
      form.setFieldValue('appSecret', '');
      feedback.message.success(c.saved);
    }
  };
  const onTest = async () => {
    const v = await form.validateFields(['corpId', 'appId', 'appSecret']).catch(() => null);
    if (v) setTested(await testEcConnection({ corpId: v.corpId, appId: v.appId, appSecret: v.appSecret ?? '' }));
  };
  const onPull = async () => {
    const item = await pull.mutateAsync().catch(() => null);
    if (!item) return;
    if (item.state === 'succeeded') feedback.message.success(c.pulled(item.subject));
    else feedback.message.error(c.pullFailed(item.lastError));
  };

  return (
    <Form form={form} layout="vertical" initialValues={valuesOf(config)} onFinish={onSave} style={{ maxWidth: 760 }}>
      <Space wrap size={16} align="start">
        <Form.Item name="corpId" label={c.corpId} rules={[{ required: true, message: `请输入${c.corpId}` }]}>
          <Input style={{ width: 220 }} data-testid="ec-corp-id" />
        </Form.Item>
        <Form.Item name="appId" label={c.appId} rules={[{ required: true, message: `请输入${c.appId}` }]}>
          <Input style={{ width: 220 }} data-testid="ec-app-id" />
        </Form.Item>
        <Form.Item name="appSecret" label={c.appSecret}>
          <Input.Password
            style={{ width: 220 }}
            placeholder={config.hasSecret ? c.secretKept : ''}
            autoComplete="new-password"
            data-testid="ec-app-secret"
          />
        </Form.Item>
      </Space>
      <Space wrap size={16} align="start">
        <Form.Item
          name="defaultEcUserId"
          label={c.defaultEcUserId}
          tooltip={c.defaultEcUserIdHint}
          rules={[{ required: true, message: `请输入${c.defaultEcUserId}` }]}
        >
          <Input style={{ width: 220 }} data-testid="ec-default-user" />
        </Form.Item>
        <Form.Item name="isEnabled" label={c.isEnabled} valuePropName="checked">
          <Switch data-testid="ec-enabled" />
        </Form.Item>
      </Space>
      {tested && (
        <Alert
          type={tested.isOk ? 'success' : 'error'}
          showIcon
          message={tested.message}
          style={{ marginBottom: 16 }}
          data-testid="ec-test-result"
        />
      )}
      <Typography.Title level={5}>{c.fieldMap}</Typography.Title>
      <Hint>{c.fieldMapHint}</Hint>
      <EcFieldMapTable />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {c.staffMap}
      </Typography.Title>
      <Hint>{c.staffMapHint}</Hint>
      <EcStaffMapTable staff={config.staff} />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="ec-save">
          {c.save}
        </Button>
        <ReclickButton onClick={onTest} data-testid="ec-test">
          {c.test}
        </ReclickButton>
        <ReclickButton onClick={onPull} disabled={!config.hasSecret} data-testid="ec-pull">
          {c.pull}
        </ReclickButton>
        <Typography.Text type="secondary">
          {c.lastPulledAt}：{config.lastPulledAt ? beijingTime(config.lastPulledAt) : c.never}
        </Typography.Text>
      </Space>
    </Form>
  );
};

/** 腾讯EC 设置: the connection, 测试连接, the field and staff mapping, 启用, 拉取. */
export const EcSettingsPage = () => {
  const config = useEcConfig();
  return (
    <Card title={c.settingsTitle} loading={!config.data} data-testid="ec-settings">
      <Hint>{c.settingsHint}</Hint>
      {config.data?.simulator && <SimulatorNote simulator={config.data.simulator} />}
      {config.data && <EcSettingsForm config={config.data} />}
    </Card>
  );
};
