import type { ReactNode } from 'react';
import { usePermission } from './usePermission';

type TPermissionProps = { value: string; children: ReactNode; fallback?: ReactNode };

/** Removes its children when the user holds none of the permissions in `value` ("a:b:c;d:e:f"). */
export const Permission = ({ value, children, fallback = null }: TPermissionProps) =>
  usePermission(value) ? children : fallback;
