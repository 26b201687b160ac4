import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dataScopeLabel, orgRoleRoutes, orgRoutes, Perm } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { orgListKeys, useRoles } from '../api';
import { RoleManager } from '../components/RoleManager';
import { orgRoleTexts, type TRoleForm, type TRoleScreen } from '../components/roleScreen';

/** Departments are sent for 指定部门 only. */
const withScope = (v: TRoleForm) => ({ ...v, deptIds: v.dataScope === 'custom' ? (v.deptIds ?? []) : [] });

/** 角色权限 (company/permissions): roles with their menu/button permissions and data scope. */
export const PermissionsPage = () => {
  const client = useQueryClient();
  const screen: TRoleScreen = {
    testPrefix: '',
    texts: orgRoleTexts,
    roles: useRoles(true),
    menus: useQuery({ queryKey: ['org', 'selectMenu'], queryFn: () => call(orgRoutes.selectMenu, {}) }),
    hasDataScope: true,
    summaryColumn: { key: 'dataScope', title: t.org.dataScope, render: (_v, r) => dataScopeLabel[r.dataScope] },
    perms: { add: Perm.roleAdd, update: Perm.roleUpdate, delete: Perm.roleDelete },
    save: (v) => call(orgRoleRoutes.roleSave, withScope(v)),
    update: (id, v) => call(orgRoleRoutes.roleUpdate, { id, ...withScope(v) }),
    setStatus: (id, status) => call(orgRoleRoutes.roleDisable, { id, status }),
    remove: (id) => call(orgRoleRoutes.roleDelete, { id }),
    refresh: () => client.invalidateQueries({ queryKey: orgListKeys.roles }),
  };
  return <RoleManager screen={screen} />;
};
