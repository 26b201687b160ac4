import { FeedbackPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const OpinionPage = lazyPage(() => import('./pages/OpinionPage'), 'OpinionPage');
const FeedbackQueuePage = lazyPage(() => import('./pages/FeedbackQueuePage'), 'FeedbackQueuePage');

/** 意见反馈: every user's own (`opinion`), the platform's queue. */
export const feedbackPageRoutes: RouteObject[] = [
  { path: 'opinion', element: <OpinionPage /> },
  {
    path: 'platform/opinion',
    element: (
      <RequirePermission value={FeedbackPerm.list}>
        <FeedbackQueuePage />
      </RequirePermission>
    ),
  },
];
