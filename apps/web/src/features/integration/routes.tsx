import { IntegrationPerm } from '@yunhu/contract';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../app/lazyPage';
import { RequirePermission } from '../../shared/permission/RequirePermission';

const WebhooksPage = lazyPage(() => import('./pages/WebhooksPage'), 'WebhooksPage');
const ApiKeysPage = lazyPage(() => import('./pages/ApiKeysPage'), 'ApiKeysPage');

/** 开放平台: Webhook and API 密钥 (the brand option `third_api`). */
export const integrationPageRoutes: RouteObject[] = [
  {
    path: 'ThirdParty/webhooks',
    element: (
      <RequirePermission value={IntegrationPerm.webhook}>
        <WebhooksPage />
      </RequirePermission>
    ),
  },
  {
    path: 'ThirdParty/apiKeys',
    element: (
      <RequirePermission value={IntegrationPerm.apiKey}>
        <ApiKeysPage />
      </RequirePermission>
    ),
  },
];
