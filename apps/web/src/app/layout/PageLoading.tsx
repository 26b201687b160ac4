import { Spin } from 'antd';
import * as t from '../../locales/zh-CN/signIn';

export const PageLoading = () => (
  <div style={{ padding: 64, textAlign: 'center' }}>
    <Spin description={t.app.loading} />
  </div>
);
