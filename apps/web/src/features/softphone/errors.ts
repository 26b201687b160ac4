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
