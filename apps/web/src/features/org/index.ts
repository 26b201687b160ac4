import { lazyComponent } from '../../shared/lazyComponent';

/**
 * The organisation: the signed-in user and the menu (used by the shell, home and the personal
 * centre), the department picker of list filters, and its screens.
 */
export { flattenMenus, loadUserInfo, useBhInfo, useMenuNav } from './api';
export { orgRoutes } from './routes';

export const DeptTreeSelect = lazyComponent(() => import('./components/DeptTreeSelect'), 'DeptTreeSelect');
