// The caller-report area's one door: other areas, app.ts and main.ts import only this file.
export { agentReviewHandlers, callerReportHandlers, registerDocumentFiles } from './caller-report.routes.js';
export { offeredCallerNumbers, pickCallerNumber, reportingProgress } from './caller-report.rule.js';
export { createCallerReportService, type TCallerReportService } from './caller-report.service.js';
