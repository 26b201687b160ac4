import { useQuery } from '@tanstack/react-query';
import { orgDeptRoutes, orgRoleRoutes, orgRoutes, orgStaffRoutes, type TMenuOut } from '@yunhu/contract';
import * as t from '../../locales/zh-CN';
import { call } from '../../shared/http/api';
import { hasSession } from '../../shared/http/token';
import { useUserStore } from '../../shared/stores/user';

export const orgKeys = { nav: ['org', 'nav'] as const, user: ['org', 'user'] as const, bh: ['org', 'bh'] as const };

/** The side menu and the permissions of the signed-in user (GET /base/sys/menu/nav). */
export const useMenuNav = () =>
  useQuery({
    queryKey: orgKeys.nav,
    queryFn: async () => {
      const nav = await call(orgRoutes.menuNav, {});
      useUserStore.getState().setPermissions(nav.permissions);
      return nav;
    },
    enabled: hasSession(),
    staleTime: 5 * 60_000,
  });

/** Fetches the user data into the store (used by the guard and after profile changes). */
export const loadUserInfo = async () => {
  const user = await call(orgRoutes.userInfo);
  // A session whose password someone else set (a token from a link, a WeChat sign-in): the server
  // refuses it everything else, so it goes back to sign in and change it.
  if (user.mustChangePassword) throw new Error(t.auth.mustChangeFirst);
  useUserStore.getState().setUser(user);
  return user;
};

export const useBhInfo = () => useQuery({ queryKey: orgKeys.bh, queryFn: () => call(orgRoutes.bhInfo) });

/** Menu entries (type 1, shown in the menu) of the tree, flattened, for shortcuts. */
export const flattenMenus = (nodes: TMenuOut[]): TMenuOut[] =>
  nodes.flatMap((n) => [...(n.type === 1 && n.inMenu && n.url ? [n] : []), ...flattenMenus(n.list ?? [])]);

export const orgListKeys = { depts: ['org', 'depts'] as const, roles: ['org', 'roles'] as const };

/** The department tree of the tenant (GET /base/sys/dept/list). */
export const useDeptTree = () =>
  useQuery({ queryKey: orgListKeys.depts, queryFn: () => call(orgDeptRoutes.deptList, {}) });

/** The tenant's roles, only for users who may list them (the server refuses others). */
export const useRoles = (isAllowed: boolean) =>
  useQuery({
    queryKey: orgListKeys.roles,
    queryFn: () => call(orgRoleRoutes.roleList, {}),
    enabled: isAllowed,
  });

/** 员工详情: a person's record, seats and soft-phone state (fetched while the drawer is open). */
export const useStaffDetail = (id: number | null) =>
  useQuery({
    queryKey: ['org', 'staff-detail', id],
    queryFn: () => call(orgStaffRoutes.staffDetail, { id: id! }),
    enabled: id !== null,
  });
