import { Perm } from '@yunhu/contract';
import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const MyCustomerPage = lazyPage(() => import('./pages/MyCustomerPage'), 'MyCustomerPage');
const PoolPage = lazyPage(() => import('./pages/PoolPage'), 'PoolPage');
const CreateCustomerPage = lazyPage(() => import('./pages/CreateCustomerPage'), 'CreateCustomerPage');
const CustomerDetailsPage = lazyPage(() => import('./pages/CustomerDetailsPage'), 'CustomerDetailsPage');
const RecyclerPage = lazyPage(() => import('./pages/RecyclerPage'), 'RecyclerPage');
const RecyclerDetailPage = lazyPage(() => import('./pages/RecyclerDetailPage'), 'RecyclerDetailPage');
const RecyclerDetailReadOnlyPage = lazyPage(() => import('./pages/RecyclerDetailPage'), 'RecyclerDetailReadOnlyPage');
const OperatingRecordPage = lazyPage(() => import('./pages/OperatingRecordPage'), 'OperatingRecordPage');
const BusinessPage = lazyPage(() => import('./settings/BusinessPage'), 'BusinessPage');
const UpListPage = lazyPage(() => import('./visits/UpListPage'), 'UpListPage');

const guarded = (path: string, perm: string, element: React.ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={perm}>{element}</RequirePermission>,
});

/** The core CRM screens (DESIGN.md section 7); settings, visits and import register their own. */
export const crmRoutes: RouteObject[] = [
  guarded('CRM/myCustomer', Perm.customerList, <MyCustomerPage />),
  guarded('CRM/totalOfCustomer', Perm.poolList, <PoolPage />),
  guarded('CRM/createNewCustomer', Perm.customerAdd, <CreateCustomerPage />),
  // Opened from either pool: a person who sees only the public pool reads its customers too.
  guarded('CRM/customerDetails', `${Perm.customerList};${Perm.poolList}`, <CustomerDetailsPage />),
  guarded('CRM/recycler', Perm.recycleList, <RecyclerPage />),
  guarded('CRM/recyclerDetail', Perm.recycleList, <RecyclerDetailPage />),
  guarded('CRM/recyclerDetail1', Perm.recycleList, <RecyclerDetailReadOnlyPage />),
  guarded('CRM/operatingRecord', Perm.ownerLogList, <OperatingRecordPage />),
  guarded('company/upList', Perm.visitList, <UpListPage />),
  // Spec section 2: the menu's 业务规则 (business) lives at views/business/business.
  { path: 'business', element: <Navigate to="/menu/views/business/business" replace /> },
  guarded('views/business/business', Perm.ruleUpdate, <BusinessPage />),
];
