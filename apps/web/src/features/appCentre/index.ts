/** 应用中心: the enterprise's add-ons and the platform's catalogue. */
export { appCentrePageRoutes } from './routes';
