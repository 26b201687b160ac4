import type { agentRoutes, orgStaffRoutes, TRequestOf, TRole } from '@yunhu/contract';
import * as t from '../../../locales/zh-CN';

export type TStaffForm = Pick<
  TRequestOf<typeof orgStaffRoutes.staffAdd>,
  'username' | 'realName' | 'mobile' | 'deptId' | 'roleIds' | 'password'
>;

/** What a staff screen says; the enterprise's wording is `orgStaffTexts`. */
export type TStaffTexts = {
  realName: string;
  realNamePlaceholder: string;
  username: string;
  usernamePlaceholder: string;
  mobile: string;
  mobilePlaceholder: string;
  roles: string;
  status: string;
  active: string;
  disabled: string;
  all: string;
  lastLogin: string;
  actions: string;
  edit: string;
  enable: string;
  disable: string;
  addStaff: string;
  editStaff: string;
  initialPassword: string;
  initialPasswordTip: string;
  resetPassword: string;
  resetPasswordConfirm: (name: string) => string;
  passwordReset: (name: string, password: string | null) => string;
  staffCreated: (name: string, password: string | null) => string;
  saved: string;
  /** The message of an empty required field. */
  required: (label: string) => string;
};

export const orgStaffTexts: TStaffTexts = { ...t.org, required: (label) => label };

/**
 * One console's staff screen: its list route, its actions (the API), the roles it offers, its
 * permission strings and its texts. The enterprise's adds departments, billing, delete, import,
 * export and batch actions (`enterprise`); an agent's people all sit in the agent's one department.
 */
export type TStaffScreen = {
  pageKey: string;
  route: typeof orgStaffRoutes.staffPage | typeof agentRoutes.agentStaffPage;
  /** Prefix of the form's test ids and of `${prefix}staff-add`, `${prefix}staff-edit-<account>`. */
  testPrefix: string;
  texts: TStaffTexts;
  /** The roles to choose from (form and filter); undefined: the person may not list them. */
  roles: TRole[] | undefined;
  /** The strings of the add, edit, status and password buttons (an agent's: the screen's own). */
  perms: { add: string; update: string; status: string; password: string };
  add: (values: TStaffForm) => Promise<{ initialPassword: string | null }>;
  /** An empty mobile is left unchanged (undefined). */
  update: (id: number, values: Omit<TStaffForm, 'mobile'> & { mobile?: string }) => Promise<unknown>;
  /** The enterprise's: a mobile changes through its own route (update-phone-admin), not with the edit. */
  changeMobile?: (id: number, mobile: string) => Promise<unknown>;
  setStatus: (ids: number[], status: 'active' | 'disabled') => Promise<unknown>;
  resetPassword: (id: number) => Promise<{ password: string | null }>;
  refresh: () => void;
  /** The enterprise's screen; absent: an agent's. */
  enterprise?: {
    /** Request fields the page fixes (the department selected in 组织架构). */
    params?: Record<string, unknown>;
    hasDeptFilter: boolean;
  };
};

/**
 * Saves the edit form: the other fields first, then a typed mobile through `changeMobile` where the
 * screen has it (its own checks and log line); an empty mobile field leaves the number as it is.
 */
export const saveStaffEdit = async (screen: TStaffScreen, id: number, values: TStaffForm) => {
  const { mobile, ...rest } = values;
  const typed = mobile?.trim() || undefined;
  if (!screen.changeMobile) return screen.update(id, { ...rest, mobile: typed });
  await screen.update(id, rest);
  if (typed) await screen.changeMobile(id, typed);
};
