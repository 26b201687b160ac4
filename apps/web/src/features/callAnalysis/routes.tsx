import { Perm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const SeatSummaryPage = lazyPage(() => import('./pages/SeatSummaryPage'), 'SeatSummaryPage');
const QualitySettingsPage = lazyPage(() => import('./pages/QualitySettingsPage'), 'QualitySettingsPage');

/** 坐席小结 (the spec's `account/seatSummary`): for people who may see the call statistics; 质检设置 for its administrators. */
export const callAnalysisPageRoutes: RouteObject[] = [
  {
    path: 'account/seatSummary',
    element: (
      <RequirePermission value={Perm.callStatistics}>
        <SeatSummaryPage />
      </RequirePermission>
    ),
  },
  {
    path: 'account/qualityRules',
    element: (
      <RequirePermission value={Perm.callQualitySettings}>
        <QualitySettingsPage />
      </RequirePermission>
    ),
  },
];
