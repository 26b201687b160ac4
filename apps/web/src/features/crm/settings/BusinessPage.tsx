import { Card, Form, InputNumber, Skeleton, Typography } from 'antd';
import * as t from '../../../locales/zh-CN';
import { ReclickButton } from '../../../shared/components/ReclickButton';
import { feedback } from '../../../shared/feedback';
import { beijingFormat } from '../../../shared/time/beijing';
import { useRules } from '../api';
import { type TRulesInput, useSettingsActions } from './api';

const s = t.crmSettings;
type TRuleKey = keyof TRulesInput;

/** The six rules in the order a person reads them: how many, then when customers go back to the pool. */
const rules: { key: TRuleKey; unit: string; max: number }[] = [
  { key: 'maxOwned', unit: s.unitPeople, max: 100_000 },
  { key: 'dailyClaimLimit', unit: s.unitPeople, max: 3650 },
  { key: 'reclaimBlockDays', unit: s.unitDays, max: 3650 },
  { key: 'releaseNoFollowDays', unit: s.unitDays, max: 3650 },
  { key: 'releaseNoDealDays', unit: s.unitDays, max: 3650 },
  { key: 'remindBeforeDays', unit: s.unitDays, max: 3650 },
];
const helpOf = {
  maxOwned: s.maxOwnedHelp,
  dailyClaimLimit: s.dailyClaimLimitHelp,
  reclaimBlockDays: s.reclaimBlockDaysHelp,
  releaseNoFollowDays: s.releaseNoFollowDaysHelp,
  releaseNoDealDays: s.releaseNoDealDaysHelp,
  remindBeforeDays: s.remindBeforeDaysHelp,
} satisfies Record<TRuleKey, string>;

/** 业务规则 (views/business/business): claim and ownership limits and the automatic return to the pool. */
export const BusinessPage = () => {
  const [form] = Form.useForm<TRulesInput>();
  const current = useRules();
  const actions = useSettingsActions();
  const data = current.data;

  const onFinish = async (values: TRulesInput) => {
    try {
      await actions.saveRules(values);
      feedback.message.success(s.rulesSaved);
    } catch {
      // The HTTP client showed the server's message; the edited values stay.
    }
  };

  return (
    <Card title={s.rulesTitle} data-testid="crm-business">
      {current.isLoading ? (
        <Skeleton active />
      ) : (
        <Form<TRulesInput>
          form={form}
          name="crmRules"
          layout="vertical"
          // Mounted once the rules are loaded, so they are its initial values.
          initialValues={data ? Object.fromEntries(rules.map((r) => [r.key, data[r.key]])) : undefined}
          onFinish={onFinish}
          style={{ maxWidth: 640 }}
        >
          {rules.map((r) => (
            <Form.Item
              key={r.key}
              name={r.key}
              label={s[r.key]}
              extra={helpOf[r.key]}
              rules={[{ required: true, message: s.ruleRequired(s[r.key]) }]}
            >
              <InputNumber
                min={0}
                max={r.max}
                precision={0}
                suffix={r.unit}
                style={{ width: 200 }}
                data-testid={`crm-rule-${r.key}`}
              />
            </Form.Item>
          ))}
          <Typography.Paragraph type="secondary" data-testid="crm-rules-updated">
            {data?.updatedAt && data.updatedByName
              ? s.lastUpdated(data.updatedByName, beijingFormat(data.updatedAt, 'YYYY-MM-DD HH:mm'))
              : s.neverUpdated}
          </Typography.Paragraph>
          {/* Submitted from onClick: the guard disables the button within the click, which would cancel a native submit. */}
          <ReclickButton type="primary" onClick={() => form.submit()} data-testid="crm-rules-save">
            {t.common.save}
          </ReclickButton>
        </Form>
      )}
    </Card>
  );
};
