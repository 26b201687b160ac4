/** The home page. */
export { homeRoutes } from './routes';
