/** 智能分析: a call's signal analysis (talk, silences, overlaps, turns) for 通话记录 and the customer's calls; 坐席小结. */
export { AnalysisDraft, type TAnalysisDraft } from './components/AnalysisDraft';
export { CallAnalysisPanel, CallAnalysisView } from './components/CallAnalysisPanel';
export { callAnalysisPageRoutes } from './routes';
