// The call-analysis area's one door: the signal analysis of recorded calls (who spoke how long,
// silences, overlaps, turns) on the job queue, then their speech-to-text and analyst behind adapters,
// its routes under 通话记录, and 坐席小结 (each agent's days of analysed calls).

export { callAnalysisHandlers } from './call-analysis.routes.js';
export {
  createCallAnalysisService,
  signalJobName,
  type TCallAnalysisService,
} from './call-analysis.service.js';
export { createSpeechAdapters, type TSpeechAdapters } from './speech.adapters.js';
