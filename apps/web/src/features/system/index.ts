/** System: notices (the shell's bell, the home page), the operation log page, the screens. */
export { useMarkRead, useMyNotices } from './api';
export { LogListPage } from './pages/LogListPage';
export { systemRoutes } from './routes';
