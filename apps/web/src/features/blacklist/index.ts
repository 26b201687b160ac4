/** The blacklist screens. */
export { blacklistPageRoutes } from './routes';
