import { lazyComponent } from '../../shared/lazyComponent';

/**
 * The organisation: the signed-in user and the menu (used by the shell, home and the personal
 * centre), the department picker of list filters, and its screens.
 */
export { flattenMenus, loadUserInfo, useBhInfo, useMenuNav } from './api';
export { orgRoleTexts, type TRoleForm, type TRoleScreen } from './components/roleScreen';
export { orgStaffTexts, type TStaffForm, type TStaffScreen } from './components/staffScreen';
export { orgRoutes } from './routes';

export const DeptTreeSelect = lazyComponent(() => import('./components/DeptTreeSelect'), 'DeptTreeSelect');
export const DeptNodeSelect = lazyComponent(() => import('./components/DeptTreeSelect'), 'DeptNodeSelect');
/**
 * The role and staff screens, parameterised by console: the agent console's 角色权限 and 员工管理 use
 * them. Loaded with that page, not with the shell, which imports this file.
 */
export const RoleManager = lazyComponent(() => import('./components/RoleManager'), 'RoleManager');
export const StaffManager = lazyComponent(() => import('./components/StaffManager'), 'StaffManager');
