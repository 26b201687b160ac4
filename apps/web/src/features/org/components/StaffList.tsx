import { useQueryClient } from '@tanstack/react-query';
import { orgStaffRoutes, Perm } from '@yunhu/contract';
import type { ReactNode } from 'react';
import { call } from '../../../shared/http/api';
import { usePermission } from '../../../shared/permission/usePermission';
import { useRoles } from '../api';
import { StaffManager } from './StaffManager';
import { orgStaffTexts, type TStaffScreen } from './staffScreen';

type TStaffListProps = { pageKey: string; title: ReactNode; params?: Record<string, unknown>; hasDeptFilter: boolean };

/** The enterprise's staff list (员工管理, and a department's people in 组织架构). */
export const StaffList = ({ pageKey, title, params, hasDeptFilter }: TStaffListProps) => {
  const client = useQueryClient();
  const canListRoles = usePermission(Perm.roleList);
  const roles = useRoles(canListRoles);
  const screen: TStaffScreen = {
    pageKey,
    route: orgStaffRoutes.staffPage,
    testPrefix: '',
    texts: orgStaffTexts,
    roles: canListRoles ? (roles.data ?? []) : undefined,
    perms: { add: Perm.staffAdd, update: Perm.staffUpdate, status: Perm.staffStatus, password: Perm.staffPassword },
    add: (v) => call(orgStaffRoutes.staffAdd, v),
    update: (id, { mobile: _apart, ...v }) => call(orgStaffRoutes.staffUpdate, { id, ...v }),
    changeMobile: (id, mobile) => call(orgStaffRoutes.staffMobile, { id, mobile }),
    setStatus: (ids, status) => call(orgStaffRoutes.staffStatus, { ids, status }),
    resetPassword: (userId) => call(orgStaffRoutes.adminPassword, { userId }),
    refresh: () => {
      void client.invalidateQueries({ queryKey: [pageKey] });
      void client.invalidateQueries({ queryKey: ['org', 'depts'] });
    },
    enterprise: { params, hasDeptFilter },
  };
  return <StaffManager screen={screen} title={title} />;
};
