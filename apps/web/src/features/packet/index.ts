/** 套餐: the platform's package catalogue screen (issue 15). */
export { packetRoutes as packetPageRoutes } from './routes';
