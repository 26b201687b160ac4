import { lazyComponent } from '../../shared/lazyComponent';

/** 资料库: the enterprise's call scripts and files, and its quick replies. */

/** 话术 at hand: the button of the side panel (the panel itself a chunk of its own, loaded when opened). */
export { ScriptButton } from './components/ScriptButton';
/**
 * A task's or a line's own 话术, chosen among the scripts the person may see. Lazy: the dock takes
 * its button through this door, and the select brings the library's calls.
 */
export const ScriptSelect = lazyComponent(() => import('./components/ScriptSelect'), 'ScriptSelect');
export { resourcePageRoutes } from './routes';
