/** The platform's screens and its content pages. */
export { platformContentRoutes } from './contentRoutes';
export { platformRoutes } from './routes';
