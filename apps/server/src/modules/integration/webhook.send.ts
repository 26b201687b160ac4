import { signedHeaders } from './webhook.sign.js';
import { checkReceiverUrl, type TUrlPolicy } from './webhook.url.js';

/** What one attempt found: the receiver's status (null: no answer), how long it took, why it failed. */
export type TSendResult = { status: number | null; durationMs: number; error: string; isOk: boolean };

export type TSendOptions = TUrlPolicy & { timeoutMs: number };

/** The first bytes of a receiver's refusal are kept for the log; the rest is not read. */
const bodyHint = async (res: Response) => {
  const text = await res.text().catch(() => '');
  return text.slice(0, 200);
};

const failureOf = (error: unknown, timeoutMs: number): string => {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `超时（${Math.round(timeoutMs / 1000)}秒内未响应）`;
  }
  if (error instanceof Error && 'reason' in error) return error.message;
  const cause = error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : '';
  return `连接失败${cause ? `（${cause}）` : ''}`;
};

/**
 * One signed POST of a delivery's body to its receiver: the address checked again (a name may now
 * point inside), no redirect followed (a 3xx is a failure), a 2xx within the timeout arrives.
 */
export const sendWebhook = async (
  msg: { url: string; secret: string; id: string; body: string },
  opts: TSendOptions,
  now: () => Date = () => new Date(),
): Promise<TSendResult> => {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    await checkReceiverUrl(msg.url, opts);
    const res = await fetch(msg.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'yunhu-webhooks/1',
        ...signedHeaders(msg.secret, { id: msg.id, timestamp: now(), body: msg.body }),
      },
      body: msg.body,
    });
    const isOk = res.status >= 200 && res.status < 300;
    if (isOk) await res.body?.cancel();
    const hint = isOk ? '' : await bodyHint(res);
    const error = isOk ? '' : `接收方返回 HTTP ${res.status}${hint ? `：${hint}` : ''}`;
    return { status: res.status, durationMs: took(), error, isOk };
  } catch (error) {
    return { status: null, durationMs: took(), error: failureOf(error, opts.timeoutMs), isOk: false };
  }
};
