import { Form, InputNumber, Space } from 'antd';
import * as t from '../../../locales/zh-CN';

const c = t.callRecord;

/** 自定义（秒）: the shortest and longest talk time, in whole seconds. */
export const CustomDurationFields = () => (
  <Space.Compact>
    <Form.Item name="durationMin" noStyle>
      <InputNumber min={0} precision={0} placeholder={c.durationMin} style={{ width: 100 }} />
    </Form.Item>
    <Form.Item name="durationMax" noStyle>
      <InputNumber min={0} precision={0} placeholder={c.durationMax} style={{ width: 100 }} />
    </Form.Item>
  </Space.Compact>
);
