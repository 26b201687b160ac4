import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import type { TSmsPurpose } from '@yunhu/contract';
import { Form, type FormInstance, Input, Space } from 'antd';
import * as t from '../../../locales/zh-CN';
import { SmsCodeButton } from '../../../shared/components/SmsCodeButton';
import { sendSmsCode } from '../api';

const MOBILE_RE = /^1[3-9]\d{9}$/;

/** Mobile + SMS code fields; the code button validates the mobile first, then sends (type = purpose). */
type TMobileCodeFieldsProps = {
  form: FormInstance;
  purpose: TSmsPurpose;
  /** Another sender (the signed-in phone change uses GET /base/sendCaptcha). */
  send?: (mobile: string) => Promise<unknown>;
  mobileLabel?: string;
};

export const MobileCodeFields = ({ form, purpose, send, mobileLabel }: TMobileCodeFieldsProps) => (
  <>
    <Form.Item
      name="mobile"
      label={mobileLabel}
      rules={[
        { required: true, message: t.auth.mobilePlaceholder },
        { pattern: MOBILE_RE, message: '手机号格式不正确' },
      ]}
    >
      <Input
        prefix={<MobileOutlined />}
        placeholder={t.auth.mobilePlaceholder}
        aria-label={t.auth.mobile}
        maxLength={11}
      />
    </Form.Item>
    <Form.Item required label={mobileLabel ? t.auth.code : undefined}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="code" noStyle rules={[{ required: true, message: t.auth.codePlaceholder }]}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t.auth.codePlaceholder}
            aria-label={t.auth.code}
            maxLength={6}
          />
        </Form.Item>
        <SmsCodeButton
          onSend={async () => {
            const { mobile } = await form.validateFields(['mobile']);
            await (send ? send(mobile) : sendSmsCode(mobile, purpose));
          }}
        />
      </Space.Compact>
    </Form.Item>
  </>
);
