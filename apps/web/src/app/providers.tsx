import { systemRoutes } from '@yunhu/contract';
import { ConfigProvider } from 'antd';
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { setFeedback } from '../shared/feedback';
import { call } from '../shared/http/api';
import { applyFavicon, toBrand, useBrandStore } from '../shared/stores/brand';

/** antd App's message settings: the root's and the shell's (AppLayout) alike. */
export const messageConfig = { maxCount: 3 };

/**
 * Hands antd's context-aware message/notification to code outside components. Not antd's App here:
 * its modal (with Skeleton and Dialog) is the signed-in screens' only, so AppLayout wraps them in
 * App and hands over its own instances while it is mounted (issue 13: the sign-in first load).
 */
const FeedbackBridge = () => {
  const [message, messageHolder] = useMessage(messageConfig);
  const [notification, notificationHolder] = useNotification();
  useEffect(() => setFeedback({ message, notification }), [message, notification]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
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
    {/* The query cache and antd's App are the signed-in shell's (AppLayout): the sign-in pages use neither. */}
    <FeedbackBridge />
    <BrandLoader />
    {children}
  </ConfigProvider>
);
