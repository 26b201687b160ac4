import { lazyPage } from '../../app/lazyPage';
import { lazyComponent } from '../../shared/lazyComponent';

/**
 * The dial flow for other features (spec section 4): the call button, the line picker, a
 * customer's calls and the recording player; the call census card of the home page; the screens.
 */
export { useCallCustomerId, useCallTaskId, useDialLineId, useDialState } from './api';
export { callRoutes } from './routes';
export { useCallStore } from './store';

export const CallButton = lazyComponent(() => import('./components/CallButton'), 'CallButton');
export const CustomerCalls = lazyComponent(() => import('./components/CustomerCalls'), 'CustomerCalls');
export const LinePicker = lazyComponent(() => import('./components/LinePicker'), 'LinePicker');
export const RecordingPlayer = lazyComponent(() => import('./components/RecordingPlayer'), 'RecordingPlayer');

/** 话务统计 of the home page: its own chunk, only for people who may see call statistics (render in Suspense). */
export const CallCensusCard = lazyPage(() => import('./census/CallCensusCard'), 'CallCensusCard');
