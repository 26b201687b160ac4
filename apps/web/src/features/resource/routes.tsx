import { ResourcePerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const LibraryPage = lazyPage(() => import('./pages/LibraryPage'), 'LibraryPage');

/** 资料库 (the spec's `Resource/library`). */
export const resourcePageRoutes: RouteObject[] = [
  {
    path: 'Resource/library',
    element: (
      <RequirePermission value={ResourcePerm.view}>
        <LibraryPage />
      </RequirePermission>
    ),
  },
];
