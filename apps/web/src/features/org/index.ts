import { lazyComponent } from '../../shared/lazyComponent';

/**
 * The organisation: the signed-in user and the menu (used by the shell, home and the personal
 * centre), the department picker of list filters, and its screens.
 */
export { flattenMenus, loadUserInfo, useBhInfo, useMenuNav } from './api';
/** The role editor's tree helpers, for the agent console's 角色权限. */
export { checkedPermissions, keysOfPermissions, linkChecked, toPermTree } from './permTree';
export { orgRoutes } from './routes';

export const DeptTreeSelect = lazyComponent(() => import('./components/DeptTreeSelect'), 'DeptTreeSelect');
