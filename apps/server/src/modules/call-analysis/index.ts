// The call-analysis area's one door: the signal analysis of recorded calls (who spoke how long,
// silences, overlaps, turns) on the job queue, and its routes under 通话记录.

export { callAnalysisHandlers } from './call-analysis.routes.js';
export {
  createCallAnalysisService,
  signalJobName,
  type TCallAnalysisService,
} from './call-analysis.service.js';
