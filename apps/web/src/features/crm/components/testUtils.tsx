import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { TCustomer } from '@yunhu/contract';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

/** Renders a CRM component with a fresh query cache, a router and antd's App. */
export const renderCrm = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>{ui}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

export const customer = (over: Partial<TCustomer> = {}): TCustomer => ({
  id: 1,
  name: '张三',
  mobile: '13912345678',
  isMobileMasked: false,
  company: '云呼科技',
  address: '',
  remark: '',
  source: '展会',
  intentionLevel: 'B',
  isDeal: false,
  dealAt: null,
  phoneLabel: 'connected',
  tags: [{ id: 1, name: '重点', color: 'red' }],
  customValues: {},
  ownerId: 2,
  ownerName: '李四',
  deptId: 1,
  deptName: '销售部',
  isProtected: false,
  ownedAt: 0,
  lastFollowAt: null,
  lastFollowContent: null,
  callCount: 0,
  lastCallAt: null,
  nextFollowAt: null,
  poolAt: null,
  previousOwnerName: null,
  releaseAt: null,
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
  ...over,
});

/** Opens an antd Select (they open on mouse down) found by its test id or role. */
export const openSelect = (el: Element) => {
  const selector = el.closest('.ant-select') ?? el;
  const target = selector.querySelector('.ant-select-selector, .ant-select-content') ?? selector;
  // antd opens on mousedown of its selector.
  target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
};
