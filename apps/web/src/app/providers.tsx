import { systemRoutes } from '@yunhu/contract';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { setFeedback } from '../shared/feedback';
import { call } from '../shared/http/api';
import { applyFavicon, toBrand, useBrandStore } from '../shared/stores/brand';

dayjs.locale('zh-cn');

/** Hands antd's context-aware message/notification to code outside components. */
const FeedbackBridge = () => {
  const { message, notification } = AntApp.useApp();
  useEffect(() => setFeedback({ message, notification }), [message, notification]);
  return null;
};

/** Spec section 3: brand options for this host, cached and applied (favicon). */
const BrandLoader = () => {
  const setBrand = useBrandStore((s) => s.setBrand);
  useEffect(() => {
    call(systemRoutes.brandOptions, { host: window.location.hostname, showDefault: 1 })
      .then((res) => {
        const brand = toBrand(res.data);
        setBrand(brand);
        applyFavicon(brand.home_logo);
      })
      .catch(() => undefined);
  }, [setBrand]);
  return null;
};

export const Providers = ({ children }: { children: ReactNode }) => (
  <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: { colorPrimary: '#1677ff' } }}>
    <AntApp message={{ maxCount: 3 }}>
      {/* The query cache is the signed-in shell's (AppLayout): the sign-in pages use none. */}
      <FeedbackBridge />
      <BrandLoader />
      {children}
    </AntApp>
  </ConfigProvider>
);
