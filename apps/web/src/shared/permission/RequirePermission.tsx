import { Result } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../locales/zh-CN';
import { Permission } from './Permission';

/** A route element that shows a 403 page instead of its screen when the user lacks the permission. */
export const RequirePermission = ({ value, children }: { value: string; children: ReactNode }) => (
  <Permission
    value={value}
    fallback={<Result status="403" title="403" subTitle={t.app.noPermission} data-testid="no-permission" />}
  >
    {children}
  </Permission>
);
