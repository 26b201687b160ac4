/** 第三方市场: the enterprises' market and the platform's 市场管理. */
export { marketPageRoutes } from './routes';
