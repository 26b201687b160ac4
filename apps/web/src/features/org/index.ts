/**
 * The organisation: the signed-in user and the menu (used by the shell, home and the personal
 * centre), the department picker of list filters, and its screens.
 */
export { flattenMenus, loadUserInfo, useBhInfo, useMenuNav } from './api';
export { DeptTreeSelect } from './components/DeptTreeSelect';
export { orgRoutes } from './routes';
