/** 套餐: the platform's package catalogue screen. */
export { packetRoutes as packetPageRoutes } from './routes';
