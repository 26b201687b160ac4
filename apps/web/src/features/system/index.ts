import { lazyComponent } from '../../shared/lazyComponent';

/** System: notices (the shell's bell, the home page), the operation log page, the screens. */
export { useMarkRead, useMyNotices } from './api';
export { NoticeItem } from './components/NoticeItem';
export { systemRoutes } from './routes';

export const LogListPage = lazyComponent(() => import('./pages/LogListPage'), 'LogListPage');
