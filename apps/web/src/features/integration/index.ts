/** 开放平台: webhook endpoints and their delivery log, API keys. */
export { integrationPageRoutes } from './routes';
