import { Perm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const SeatSummaryPage = lazyPage(() => import('./pages/SeatSummaryPage'), 'SeatSummaryPage');

/** 坐席小结 (the spec's `account/seatSummary`): for people who may see the call statistics. */
export const callAnalysisPageRoutes: RouteObject[] = [
  {
    path: 'account/seatSummary',
    element: (
      <RequirePermission value={Perm.callStatistics}>
        <SeatSummaryPage />
      </RequirePermission>
    ),
  },
];
