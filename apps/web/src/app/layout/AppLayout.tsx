import { QueryClientProvider } from '@tanstack/react-query';
import { Perm } from '@yunhu/contract';
import { Layout, Space } from 'antd';
import AppContext from 'antd/es/app/context';
import { type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { useCallCustomerId, useCallTaskId, useDialLineId } from '../../features/call';
import { CallCustomerCard } from '../../features/crm';
import { SoftphoneWidget } from '../../features/softphone';
import { useLazyModal } from '../../shared/modal/useLazyModal';
import { Permission } from '../../shared/permission/Permission';
import { platformName, useBrandStore } from '../../shared/stores/brand';
import { useUserStore } from '../../shared/stores/user';
import { queryClient } from '../queryClient';
import { setChineseDates } from './dateLocale';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { NoticeBell } from './NoticeBell';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';

setChineseDates();

/**
 * antd's App context of the root (message, notification) with the modal the shell's screens use,
 * whose dialogs load with the first one a screen opens.
 */
const ShellApp = ({ children }: { children: ReactNode }) => {
  // The context itself, not antd's App (whose component renders a modal holder of its own).
  const root = useContext(AppContext);
  const [modal, modalHolder] = useLazyModal();
  const app = useMemo(() => ({ ...root, modal }), [root, modal]);
  return (
    <AppContext.Provider value={app}>
      {modalHolder}
      {children}
    </AppContext.Provider>
  );
};

/**
 * The soft-phone dock, told the line a dial would use and the task the call in hand was dialled within
 * (its 话术 button shows their own scripts first: the task's, then the line's), and the customer the
 * call is for, whose card it shows while the call lasts.
 */
const SoftphoneDock = () => {
  const customerId = useCallCustomerId();
  return (
    <SoftphoneWidget
      scriptLineId={useDialLineId()}
      scriptTaskId={useCallTaskId()}
      customer={customerId === null ? null : <CallCustomerCard id={customerId} />}
    />
  );
};

/** The signed-in shell under /menu: side menu, header (enterprise, notices, user), page. */
export const AppLayout = () => {
  const brand = useBrandStore((s) => s.brand);
  const enterpriseName = useUserStore((s) => s.user?.enterpriseName ?? '');
  const [isCollapsed, setCollapsed] = useState(false);
  useEffect(() => {
    if (enterpriseName) document.title = enterpriseName;
  }, [enterpriseName]);
  return (
    <QueryClientProvider client={queryClient}>
      <ShellApp>
        {/* One screen high: the page scrolls inside its content, so the soft-phone dock below it covers nothing. */}
        <Layout style={{ height: '100vh' }}>
          <Layout.Sider
            collapsible
            collapsed={isCollapsed}
            onCollapse={setCollapsed}
            width={220}
            style={{ overflowY: 'auto' }}
          >
            <div
              style={{
                height: 56,
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '0 18px',
                overflow: 'hidden',
              }}
            >
              <img src={brand.home_logo || './logo.svg'} alt="logo" width={28} height={28} />
              {!isCollapsed && <strong style={{ color: '#fff', whiteSpace: 'nowrap' }}>{platformName(brand)}</strong>}
            </div>
            <SideMenu />
          </Layout.Sider>
          <Layout style={{ minWidth: 0 }}>
            <Layout.Header
              style={{
                background: '#fff',
                padding: '0 24px',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <strong data-testid="header-enterprise">{enterpriseName}</strong>
              <Space size="large">
                <NoticeBell />
                <UserMenu />
              </Space>
            </Layout.Header>
            <Layout.Content
              style={{ padding: 16, overflow: 'auto', flex: 1, minHeight: 0 }}
              data-testid="shell-content"
            >
              <KeepAliveOutlet />
            </Layout.Content>
            {/* The soft-phone stays on every screen (spec section 4), for those with a soft-phone seat. */}
            <Permission value={Perm.softphoneUse}>
              <SoftphoneDock />
            </Permission>
          </Layout>
        </Layout>
      </ShellApp>
    </QueryClientProvider>
  );
};
