import { AgentReportPerm, ReportPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const MaterialsPage = lazyPage(() => import('./pages/MaterialsPage'), 'MaterialsPage');
const ReportListPage = lazyPage(() => import('./pages/ReportListPage'), 'ReportListPage');
const ReportDetailPage = lazyPage(() => import('./pages/ReportDetailPage'), 'ReportDetailPage');
const CheckReportPage = lazyPage(() => import('./pages/ReportDetailPage'), 'CheckReportPage');
const ReviewListPage = lazyPage(() => import('./pages/ReviewListPage'), 'ReviewListPage');
const ReviewDetailPage = lazyPage(() => import('./pages/ReviewDetailPage'), 'ReviewDetailPage');
const AgentReviewListPage = lazyPage(() => import('./pages/ReviewListPage'), 'AgentReviewListPage');
const AgentReviewDetailPage = lazyPage(() => import('./pages/ReviewDetailPage'), 'AgentReviewDetailPage');

const guarded = (perm: string, element: React.ReactNode) => (
  <RequirePermission value={perm}>{element}</RequirePermission>
);

/** 号码报备 (the enterprise's materials and reports) and 数据审核 (the platform's review at the spec's paths, an agent's in its console). */
export const callerReportRoutes: RouteObject[] = [
  { path: 'userdata/submit', element: guarded(ReportPerm.materialView, <MaterialsPage />) },
  { path: 'userdata/TelReport/telReport', element: guarded(ReportPerm.numberList, <ReportListPage />) },
  { path: 'userdata/reportDetail', element: guarded(ReportPerm.numberList, <ReportDetailPage />) },
  { path: 'userdata/checkReport', element: guarded(ReportPerm.numberList, <CheckReportPage />) },
  { path: 'userdata/index', element: guarded(ReportPerm.reviewList, <ReviewListPage />) },
  { path: 'userdata/detail', element: guarded(ReportPerm.reviewList, <ReviewDetailPage />) },
  { path: 'agent/userdata', element: guarded(AgentReportPerm.list, <AgentReviewListPage />) },
  { path: 'agent/userdata/detail', element: guarded(AgentReportPerm.list, <AgentReviewDetailPage />) },
];
