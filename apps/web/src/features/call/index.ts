/**
 * The dial flow for other features (spec section 4): the call button, the line picker, a
 * customer's calls and the recording player.
 */

export { useDialState } from './api';
export { CallButton } from './components/CallButton';
export { CustomerCalls } from './components/CustomerCalls';
export { LinePicker } from './components/LinePicker';
export { RecordingPlayer } from './components/RecordingPlayer';
export { useCallStore } from './store';
