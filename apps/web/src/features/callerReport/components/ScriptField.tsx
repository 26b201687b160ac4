import { Form, Input } from 'antd';
import * as t from '../../../locales/zh-CN';
import { requiredText } from '../../../shared/form/rules';

const c = t.callerReport;

/** 通话话术: what the agents say on the reported numbers, as the materials and each report carry it. */
export const ScriptField = () => (
  <Form.Item name="script" label={c.script} rules={requiredText(c.script)}>
    <Input.TextArea maxLength={5000} rows={5} showCount />
  </Form.Item>
);
