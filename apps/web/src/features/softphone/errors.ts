import * as t from '../../locales/zh-CN';

/** Why the phone refused to place a call; callers branch on `reason`, the message is for people. */
export type TSoftphoneRefusal = 'notOnline' | 'busy' | 'mediaDenied';

/** Apart from phone.ts, so the widget and the dial flow can tell a refusal without loading JsSIP. */
export class SoftphoneError extends Error {
  readonly reason: TSoftphoneRefusal;
  constructor(reason: TSoftphoneRefusal, message: string) {
    super(message);
    this.name = 'SoftphoneError';
    this.reason = reason;
  }
}

/**
 * What the dock says when our own call ends before an answer, by the final SIP code: the customer's
 * side in its own words (busy, unavailable, no such number, no answer within the ring timeout), the
 * line's fault with its code, a call the SIP edge refused; 呼叫失败 for anything else.
 */
export const callFailureNotice = (code: number | undefined): string => {
  const s = t.softphone;
  switch (code) {
    case 486:
    case 600:
      return s.busy;
    case 480:
      return s.unavailable;
    case 404:
    case 484:
    case 604:
      return s.notFound;
    case 408:
      return s.noAnswer;
    case 603:
      return s.declined;
    case 403:
      return s.notAuthorised;
    default:
      return code !== undefined && code >= 500 && code < 600 ? s.trunkFailed(code) : s.callFailed;
  }
};
