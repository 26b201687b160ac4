// The call area's one door: the dial flow (callee check, refusals, the dial request and where its
// call stands), the soft-phone's SIP credentials and Kamailio's look-ups, and the one ingestion of
// every call into its record (carrier callbacks, Kamailio's call events, gateway recordings). The
// CRM's checks come in as ports (TCustomerGuard, TIsMasked), the calling tasks' as TTaskItemGuard.

export { callErrors } from './call.errors.js';
export { registerCall } from './call.routes.js';
export type { TCustomerGuard, TIsMasked, TTaskItemGuard } from './dial.service.js';
export { hasSoftphoneSeatNow, personOfSipKey } from './sip.service.js';
