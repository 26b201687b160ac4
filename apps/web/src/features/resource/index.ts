/** 资料库: the enterprise's call scripts and files, and its quick replies. */
export { resourcePageRoutes } from './routes';
