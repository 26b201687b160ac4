/** 空号检测: the panel a batch's screen shows, and the platform's rate. */
export { NumberCheckPanel } from './components/NumberCheckPanel';
export { NumberCheckRateCard } from './components/NumberCheckRateCard';
