import { Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import * as t from '../../../locales/zh-CN';
import { feedback } from '../../../shared/feedback';
import { useRules } from '../api';
import { useSettingsActions } from './api';

const s = t.crmSettings;

/** 号码隐私: whether people without 查看完整号码 see customer numbers masked. */
export const PrivacySettings = () => {
  const rules = useRules();
  const actions = useSettingsActions();
  const [isSaving, setSaving] = useState(false);
  const onChange = async (isOn: boolean) => {
    setSaving(true);
    try {
      await actions.savePrivacy(isOn);
      feedback.message.success(isOn ? s.privacyOn : s.privacyOff);
    } catch {
      // The HTTP client showed why; the switch still shows the server's value.
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space orientation="vertical" size={8}>
      <Space>
        <Switch
          checked={rules.data?.isPrivacyOn ?? false}
          loading={rules.isLoading || isSaving}
          onChange={onChange}
          aria-label={s.privacy}
          data-testid="crm-privacy-switch"
        />
        <Typography.Text strong>{s.privacy}</Typography.Text>
      </Space>
      <Typography.Text type="secondary">{s.privacyHelp}</Typography.Text>
    </Space>
  );
};
