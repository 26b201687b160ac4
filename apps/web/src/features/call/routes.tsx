import { Perm } from '@yunhu/contract';
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { TRouteHandle } from '../../app/layout/KeepAliveOutlet';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const CallRecordPage = lazyPage(() => import('./pages/CallRecordPage'), 'CallRecordPage');
const PhoneStatisticsPage = lazyPage(() => import('./pages/PhoneStatisticsPage'), 'PhoneStatisticsPage');
const CallDetailsPage = lazyPage(() => import('./pages/CallDetailsPage'), 'CallDetailsPage');
const UserDetailsPage = lazyPage(() => import('./pages/CallDetailsPage'), 'UserDetailsPage');
const MachineDetailPage = lazyPage(() => import('./pages/MachineDetailPage'), 'MachineDetailPage');
const TaskCardPage = lazyPage(() => import('./taskCard/pages/TaskCardPage'), 'TaskCardPage');
const TaskInfoPage = lazyPage(() => import('./taskCard/pages/TaskInfoPage'), 'TaskInfoPage');
const TaskAttributePage = lazyPage(() => import('./taskCard/pages/TaskAttributePage'), 'TaskAttributePage');
const MyTaskCardPage = lazyPage(() => import('./taskCard/pages/MyTaskCardPage'), 'MyTaskCardPage');
const WallboardPage = lazyPage(() => import('./wallboard/WallboardPage'), 'WallboardPage');
const CallInterceptPage = lazyPage(() => import('./pages/CallInterceptPage'), 'CallInterceptPage');

/** Spec section 2: myTaskCard is kept alive, like home. */
const keepAlive: TRouteHandle = { keepAlive: true };

const guarded = (path: string, perm: string, page: ReactNode, handle?: TRouteHandle): RouteObject => ({
  path,
  element: <RequirePermission value={perm}>{page}</RequirePermission>,
  ...(handle ? { handle } : {}),
});

/** The statistics pages (话务统计) share one permission. */
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
  // 任务卡.
  guarded('taskCard', Perm.taskCardList, <TaskCardPage />),
  guarded('taskCard/Info', Perm.taskCardList, <TaskInfoPage />),
  guarded('taskCard/Attribute', Perm.taskCardManage, <TaskAttributePage />),
  guarded('myTaskCard', Perm.taskCardWork, <MyTaskCardPage />, keepAlive),
  // 实时监控: managers only.
  guarded('callWallboard', Perm.callWallboard, <WallboardPage />),
  // 呼叫拦截记录: the enterprise administrator's.
  guarded('account/callIntercept', Perm.callInterceptList, <CallInterceptPage />),
];
