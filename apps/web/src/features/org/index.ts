import { lazyComponent } from '../../shared/lazyComponent';

/**
 * The organisation: the signed-in user and the menu (used by the shell, home and the personal
 * centre), the department picker of list filters, and its screens.
 */
export { flattenMenus, loadUserInfo, useBhInfo, useMenuNav } from './api';
/** The role and staff screens, parameterised by console: the agent console's 角色权限 and 员工管理 use them. */
export { RoleManager } from './components/RoleManager';
export { orgRoleTexts, type TRoleForm, type TRoleScreen } from './components/roleScreen';
export { StaffManager } from './components/StaffManager';
export { orgStaffTexts, type TStaffForm, type TStaffScreen } from './components/staffScreen';
export { orgRoutes } from './routes';

export const DeptTreeSelect = lazyComponent(() => import('./components/DeptTreeSelect'), 'DeptTreeSelect');
