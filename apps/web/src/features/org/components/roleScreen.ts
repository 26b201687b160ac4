import type { UseQueryResult } from '@tanstack/react-query';
import type { orgRoleRoutes, TMenuOut, TRequestOf, TRole } from '@yunhu/contract';
import type { ColumnType } from 'antd/es/table';
import * as t from '../../../locales/zh-CN';

export type TRoleForm = Pick<
  TRequestOf<typeof orgRoleRoutes.roleSave>,
  'name' | 'remark' | 'dataScope' | 'deptIds' | 'permissions'
>;

/** What a role screen says; the enterprise's wording is `orgRoleTexts`. */
export type TRoleTexts = {
  title: string;
  addRole: string;
  editRole: string;
  roleName: string;
  remark: string;
  perms: string;
  userCount: string;
  status: string;
  active: string;
  disabled: string;
  actions: string;
  edit: string;
  enable: string;
  disable: string;
  delete: string;
  deleteRoleConfirm: (name: string) => string;
  saved: string;
  /** The message of an empty required field. */
  required: (label: string) => string;
};

export const orgRoleTexts: TRoleTexts = {
  ...t.org,
  title: t.org.permissions,
  perms: t.org.menuPerms,
  required: (label) => label,
};

/**
 * One console's role screen: its roles and menu tree (the hooks), its actions (the API), its
 * permission strings and its texts. The enterprise's roles carry a data scope; an agent's see all
 * of the agent and offer the agent console's menus only.
 */
export type TRoleScreen = {
  /** Prefix of the test ids: `${prefix}roles`, `${prefix}role-add`, `${prefix}role-edit-<name>`, `${prefix}role-form`. */
  testPrefix: string;
  texts: TRoleTexts;
  roles: UseQueryResult<TRole[]>;
  /** The menus and buttons a role may be given, as the permission tree's source. */
  menus: UseQueryResult<TMenuOut[]>;
  /** A data scope per role, with departments for 指定部门. */
  hasDataScope: boolean;
  /** Said above the form's fields. */
  hint?: string;
  /** The column after the name. */
  summaryColumn: ColumnType<TRole> & { key: string };
  /** The strings of the add, update and delete buttons (an agent's: the screen's own). */
  perms: { add: string; update: string; delete: string };
  /** `values.permissions` are the strings to grant (the tree's folder keys left out). */
  save: (values: TRoleForm) => Promise<unknown>;
  update: (id: number, values: TRoleForm) => Promise<unknown>;
  setStatus: (id: number, status: 'active' | 'disabled') => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  refresh: () => Promise<unknown>;
};
