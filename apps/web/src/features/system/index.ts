import { lazyComponent } from '../../shared/lazyComponent';

/** System: notices (the shell's bell, the home page), the operation log page, the screens. */
export { useMarkRead, useMyNotices } from './api';
export { systemRoutes } from './routes';

// Lazy: this door has code of its own, so the shell, which takes the route table through it, would
// carry everything it re-exports statically (the list, its pagination and select for one notice).
export const NoticeItem = lazyComponent(() => import('./components/NoticeItem'), 'NoticeItem');
export const LogListPage = lazyComponent(() => import('./pages/LogListPage'), 'LogListPage');
