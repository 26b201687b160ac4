/** 意见反馈: the sender's screen and the platform's queue. */
export { feedbackPageRoutes } from './routes';
