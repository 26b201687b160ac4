import { Form, Input } from 'antd';
import * as t from '../../locales/zh-CN';
import { requiredText } from './rules';

const a = t.administrator;

/**
 * The first administrator of an organisation the platform creates (an agent, an enterprise): who
 * to call, his mobile, his account and the password he changes at his first sign-in. The form's
 * field names are `contactName` unless named otherwise (an enterprise's is `realName`).
 */
export const AdministratorFields = ({ contactField = 'contactName' }: { contactField?: string }) => (
  <>
    <Form.Item name={contactField} label={a.contactName} rules={requiredText(a.contactName)}>
      <Input maxLength={32} />
    </Form.Item>
    <Form.Item name="mobile" label={a.mobile} rules={requiredText(a.mobile)}>
      <Input maxLength={11} />
    </Form.Item>
    <Form.Item name="username" label={a.username} extra={a.usernameHint} rules={requiredText(a.username)}>
      <Input autoComplete="off" />
    </Form.Item>
    <Form.Item name="password" label={a.password} extra={a.passwordHint} rules={requiredText(a.password)}>
      <Input.Password autoComplete="new-password" />
    </Form.Item>
  </>
);
