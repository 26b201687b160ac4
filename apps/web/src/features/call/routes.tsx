import { Perm } from '@yunhu/contract';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const CallRecordPage = lazyPage(() => import('./pages/CallRecordPage'), 'CallRecordPage');
const PhoneStatisticsPage = lazyPage(() => import('./pages/PhoneStatisticsPage'), 'PhoneStatisticsPage');
const CallDetailsPage = lazyPage(() => import('./pages/CallDetailsPage'), 'CallDetailsPage');
const UserDetailsPage = lazyPage(() => import('./pages/CallDetailsPage'), 'UserDetailsPage');
const MachineDetailPage = lazyPage(() => import('./pages/MachineDetailPage'), 'MachineDetailPage');

/** The statistics pages (话务统计, issue 6) share one permission. */
const statistics = (path: string, page: ReactNode): RouteObject => ({
  path,
  element: <RequirePermission value={Perm.callStatistics}>{page}</RequirePermission>,
});

/** The call area's screens (DESIGN.md section 7): 通话记录; the statistics pages add theirs here. */
export const callRoutes: RouteObject[] = [
  {
    path: 'account/callRecord',
    element: (
      <RequirePermission value={Perm.callRecordList}>
        <CallRecordPage />
      </RequirePermission>
    ),
  },
  statistics('phoneStatistics', <PhoneStatisticsPage />),
  statistics('callDetails', <CallDetailsPage />),
  statistics('userDetails', <UserDetailsPage />),
  statistics('machineDetail', <MachineDetailPage />),
];
