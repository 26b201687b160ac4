/** Lines and caller numbers. */
export { lineRoutes } from './routes';
