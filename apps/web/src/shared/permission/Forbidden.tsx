import { Result } from 'antd';
import * as t from '../../locales/zh-CN';

/** The 403 page a route shows to a user without its permission. */
export const Forbidden = () => (
  <Result status="403" title="403" subTitle={t.app.noPermission} data-testid="no-permission" />
);
