/** 企业线索: 找企业, 已解锁企业 and 线索额度. */
export { cluePageRoutes } from './routes';
