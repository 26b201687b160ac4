import { useUserStore } from '../stores/user';

/** Spec section 6: holding any one of the semicolon-separated strings suffices; superTenant 1 sees everything. */
export const hasAnyPermission = (value: string, permissions: readonly string[], superTenant?: number): boolean => {
  if (superTenant === 1) return true;
  const wanted = value
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
  if (wanted.length === 0) return true;
  return wanted.some((p) => permissions.includes(p));
};

export const usePermission = (value: string): boolean => {
  const permissions = useUserStore((s) => s.permissions);
  const superTenant = useUserStore((s) => s.user?.superTenant);
  return hasAnyPermission(value, permissions, superTenant);
};
