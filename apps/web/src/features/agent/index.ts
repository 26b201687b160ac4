/** Resellers: the platform's 代理商 screen and the agent's console. */
export { agentPageRoutes } from './routes';
