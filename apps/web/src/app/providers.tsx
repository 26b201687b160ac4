import { systemRoutes } from '@yunhu/contract';
import { ConfigProvider } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { setFeedback } from '../shared/feedback';
import { call } from '../shared/http/api';
import { applyFavicon, toBrand, useBrandStore } from '../shared/stores/brand';

/**
 * antd's App context with message and notification (its hooks: they take the theme and locale), also
 * handed to code outside components. Not antd's App itself: its modal (with Skeleton and Dialog) is
 * the signed-in screens' only, and AppLayout adds it to this context (the sign-in first load).
 * The holders live here, above the routes, so a message raised while leaving the shell stays on screen.
 */
const FeedbackProvider = ({ children }: { children: ReactNode }) => {
  const [message, messageHolder] = useMessage({ maxCount: 3 });
  const [notification, notificationHolder] = useNotification();
  useEffect(() => setFeedback({ message, notification }), [message, notification]);
  const app = useMemo(() => ({ message, notification }) as useAppProps, [message, notification]);
  return (
    <AppContext.Provider value={app}>
      {messageHolder}
      {notificationHolder}
      {children}
    </AppContext.Provider>
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
    {/* The query cache and antd's modal are the signed-in shell's (AppLayout): the sign-in pages use neither. */}
    <FeedbackProvider>
      <BrandLoader />
      {children}
    </FeedbackProvider>
  </ConfigProvider>
);
