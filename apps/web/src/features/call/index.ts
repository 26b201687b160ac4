import { lazyPage } from '../../app/lazyPage';

/**
 * The dial flow for other features (spec section 4): the call button, the line picker, a
 * customer's calls and the recording player; the call census card of the home page; the screens.
 */

export { useDialState } from './api';
export { CallButton } from './components/CallButton';
export { CustomerCalls } from './components/CustomerCalls';
export { LinePicker } from './components/LinePicker';
export { RecordingPlayer } from './components/RecordingPlayer';
export { callRoutes } from './routes';
export { useCallStore } from './store';

/** 话务统计 of the home page: its own chunk, only for people who may see call statistics (render in Suspense). */
export const CallCensusCard = lazyPage(() => import('./census/CallCensusCard'), 'CallCensusCard');
