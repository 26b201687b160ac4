/** The personal centre. */
export { personalCenterRoutes } from './routes';
