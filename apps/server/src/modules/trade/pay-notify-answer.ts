/** What a notify endpoint sends back to the channel. */
export type TNotifyAnswer = { status: number; body: string; contentType: string };

/** Why a notification was not taken: the HTTP status a 2xx-reading channel gets, and the words. */
export type TNotifyFailure = { status: number; message: string };

/**
 * Our answer to a channel's notification, the way that channel reads it (decision 0044):
 * - WeChat Pay v3 takes 200/204 as received; a failure is a 4xx/5xx with
 *   `{"code":"FAIL","message":…}`, and the notification is sent again.
 * - Alipay reads the body only: the plain text `success` ends it, anything else (we send `failure`)
 *   is sent again, whatever the status.
 * - The sandbox is ours and answers as WeChat Pay does, so a failure is never a 2xx there either.
 * Any other name under /pay/notify answers the sandbox's way.
 */
export const notifyAnswer = (channel: string, failure?: TNotifyFailure): TNotifyAnswer => {
  if (channel === 'alipay') {
    return { status: 200, body: failure ? 'failure' : 'success', contentType: 'text/plain; charset=utf-8' };
  }
  if (failure) {
    return {
      status: failure.status,
      body: JSON.stringify({ code: 'FAIL', message: failure.message }),
      contentType: 'application/json; charset=utf-8',
    };
  }
  return channel === 'wechat'
    ? { status: 200, body: '', contentType: 'application/json; charset=utf-8' }
    : { status: 200, body: JSON.stringify({ code: 'SUCCESS' }), contentType: 'application/json; charset=utf-8' };
};

/** A notification refused after reading it (bad signature, unknown trade, amount mismatch). */
export const notRecorded: TNotifyFailure = { status: 400, message: '通知未被接收' };
