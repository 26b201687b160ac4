// The call area's one door (issue 12): app.ts, main.ts and other areas import only this file.
// registerCall wires the dial flow, the carrier (its simulator in development), call records,
// 话务统计, 任务卡 and the soft-phone's SIP credentials; main.ts starts Kamailio beside the server.

export { callErrors } from './call.errors.js';
export { registerCall } from './call.routes.js';
export type { TCustomerAccess, TCustomerGuard, TIsMasked, TTaskItemGuard } from './dial.service.js';
export { hasSoftphoneSeatNow, personOfSipKey } from './sip.service.js';
