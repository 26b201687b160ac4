// The call-record area's one door: 通话记录 (the records' pages, a customer's calls, recordings
// behind signed addresses) and 话务统计 over the hourly and daily roll-ups. It reads the records the
// call area writes (docs/decisions/0062) and asks the CRM, through the call area's types, who sees
// a customer and whether numbers are masked.

export { callRecordErrors } from './call-record.errors.js';
export { recordingGauges } from './call-record.repository.js';
export { registerCallRecord } from './call-record.routes.js';
