import type { ReactNode } from 'react';
import { lazyComponent } from '../lazyComponent';
import { Permission } from './Permission';

// Its own chunk: antd's Result carries its pictures, and every menu route's element is built at start.
const Forbidden = lazyComponent(() => import('./Forbidden'), 'Forbidden');

/** A route element that shows a 403 page instead of its screen when the user lacks the permission. */
export const RequirePermission = ({ value, children }: { value: string; children: ReactNode }) => (
  <Permission value={value} fallback={<Forbidden />}>
    {children}
  </Permission>
);
