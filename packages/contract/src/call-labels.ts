// The call area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; call.ts re-exports them under the same names.

/** Line mode 2 is the soft-phone (spec sections 7 and 9: "line-config request with lineId=2"). */
export const softphoneLineMode = 2;

export const calleeBusyMessage = '该号码正在与同事通话中，请稍后再拨';

/** Line modes (spec section 9): 2 soft-phone, 0 carrier call-back, anything else app dialing. */
export const callbackLineMode = 0;
