/** Commerce: 采购中心, 订单, 账户明细 and the platform's order and account screens. */

export { useRefundActions } from './api';
export { PayModal } from './components/PayModal';
export { rechargePath } from './components/RechargeButton';
export { tradeRoutes } from './routes';
