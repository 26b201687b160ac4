/** 腾讯EC 同步: the EC account, its mapping and the sync log. */
export { ecSyncPageRoutes } from './routes';
