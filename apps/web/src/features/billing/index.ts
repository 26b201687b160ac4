/** Billing: 收支明细, 账单分析 and the platform's 线路资费, 平台收支. */

export { billingPageRoutes } from './routes';
