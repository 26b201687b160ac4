/** 号码报备 and 数据审核: the enterprise's materials and number reports, the platform's review. */
export { callerReportRoutes } from './routes';
