import crypto from 'node:crypto';
import type { TChannelTrade, TPayAdapter, TVerified } from './pay.adapter.js';

/** The header carrying the sandbox's signature: hex HMAC-SHA256 of the raw body with PAY_SANDBOX_SECRET. */
export const sandboxSignatureHeader = 'x-sandbox-signature';

export const sandboxSign = (secret: string, rawBody: string): string =>
  crypto.createHmac('sha256', secret).update(rawBody).digest('hex');

type TSandboxTrade = {
  amount: number;
  subject: string;
  expireAt: number;
  state: 'waiting' | 'paid' | 'closed' | 'refunded' | 'declined';
  channelTradeNo: string | null;
  paidAt: number | null;
  /** Refunds by refund number (fen): a number given twice refunds once. */
  refunds: Map<string, number>;
};

/** Posts a signed notification to the server's notify endpoint, as a real channel would. */
export type TDeliver = (rawBody: string, headers: Record<string, string>) => Promise<void>;

/**
 * The development payment channel (docs/decisions/0017-commerce.md): it keeps its trades in this
 * process, serves a pay page (pay-sandbox.page.ts) where a person or a test pays, declines or
 * abandons, and on payment posts a notification signed with HMAC-SHA256 over the raw body to
 * `POST /pay/notify/sandbox` — the same path and checks as a real channel's.
 */
export const createSandboxChannel = (opts: { secret: string | null; deliver: TDeliver }) => {
  const trades = new Map<string, TSandboxTrade>();
  const view = (t: TSandboxTrade | undefined): TChannelTrade =>
    t
      ? {
          state: t.state === 'declined' ? 'waiting' : t.state,
          channelTradeNo: t.channelTradeNo,
          amount: t.amount,
          paidAt: t.paidAt,
        }
      : { state: 'unknown', channelTradeNo: null, amount: null, paidAt: null };

  const notify = async (outTradeNo: string, t: TSandboxTrade, amount = t.amount) => {
    if (!opts.secret) return;
    const raw = JSON.stringify({
      outTradeNo,
      channelTradeNo: t.channelTradeNo,
      amount,
      status: 'SUCCESS',
      paidAt: t.paidAt,
    });
    await opts.deliver(raw, {
      'content-type': 'application/json',
      [sandboxSignatureHeader]: sandboxSign(opts.secret, raw),
    });
  };

  const adapter: TPayAdapter = {
    channel: 'sandbox',
    precreate: async ({ outTradeNo, amount, subject, expireAt, origin }) => {
      trades.set(outTradeNo, {
        amount,
        subject,
        expireAt: expireAt.getTime(),
        state: 'waiting',
        channelTradeNo: null,
        paidAt: null,
        refunds: new Map(),
      });
      return { codeUrl: `${origin}/dev/pay/page?t=${encodeURIComponent(outTradeNo)}` };
    },
    query: async (outTradeNo) => view(trades.get(outTradeNo)),
    close: async (outTradeNo) => {
      const t = trades.get(outTradeNo);
      if (t && (t.state === 'waiting' || t.state === 'declined')) t.state = 'closed';
      return view(t);
    },
    // Whole or partial, like the real channels: never more than was paid, once per refund number;
    // the trade is refunded when all of it went back.
    refund: async ({ outTradeNo, amount, refundNo = `${outTradeNo}R` }) => {
      const t = trades.get(outTradeNo);
      // A trade this process never made (tests post signed notifications directly): nothing held here.
      if (!t) return;
      if (t.refunds.has(refundNo)) {
        if (t.refunds.get(refundNo) !== amount) throw new Error('退款单号已用于另一金额');
        return;
      }
      const refunded = [...t.refunds.values()].reduce((n, a) => n + a, 0);
      if (!Number.isSafeInteger(amount) || amount <= 0 || refunded + amount > t.amount) {
        throw new Error('退款金额超过可退金额');
      }
      t.refunds.set(refundNo, amount);
      if (refunded + amount === t.amount && t.state === 'paid') t.state = 'refunded';
    },
    verify: (headers, rawBody): TVerified => {
      let outTradeNo: string | null = null;
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
        outTradeNo = typeof body.outTradeNo === 'string' ? body.outTradeNo : null;
      } catch {
        body = null;
      }
      const given = headers[sandboxSignatureHeader];
      if (!opts.secret) return { isValid: false, reason: 'no sandbox key configured', outTradeNo };
      const want = sandboxSign(opts.secret, rawBody);
      if (
        typeof given !== 'string' ||
        given.length !== want.length ||
        !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(want))
      ) {
        return { isValid: false, reason: 'bad signature', outTradeNo };
      }
      if (
        !body ||
        !outTradeNo ||
        body.status !== 'SUCCESS' ||
        typeof body.channelTradeNo !== 'string' ||
        !Number.isSafeInteger(body.amount) ||
        typeof body.paidAt !== 'number'
      ) {
        return { isValid: false, reason: 'malformed notification', outTradeNo };
      }
      return {
        isValid: true,
        event: { outTradeNo, channelTradeNo: body.channelTradeNo, amount: body.amount as number, paidAt: body.paidAt },
      };
    },
    answer: (ok) => ({
      status: ok ? 200 : 400,
      body: JSON.stringify({ code: ok ? 'SUCCESS' : 'FAIL' }),
      contentType: 'application/json',
    }),
  };

  /** What the pay page shows. */
  const trade = (outTradeNo: string) => trades.get(outTradeNo) ?? null;

  /** What went back of a trade, by refund number (tests and the pay page). */
  const refundsOf = (outTradeNo: string) => Object.fromEntries(trades.get(outTradeNo)?.refunds ?? []);

  /**
   * The payer's act on the pay page. Answers a Chinese sentence for the page. `notify: false`
   * pays without notifying (a notification lost on the way: the server finds it by asking).
   */
  const act = async (outTradeNo: string, action: 'pay' | 'decline', opts = { notify: true }): Promise<string> => {
    const t = trades.get(outTradeNo);
    if (!t) return '交易不存在';
    if (action === 'decline') {
      if (t.state === 'waiting') t.state = 'declined';
      return t.state === 'declined' ? '已拒绝支付' : '交易状态已变化，无法拒绝';
    }
    if (t.state === 'paid') return '已支付，无需重复支付';
    if (t.state === 'closed' || t.state === 'refunded') return '交易已关闭，请回到电脑端重新下单';
    if (Date.now() > t.expireAt) {
      t.state = 'closed';
      return '二维码已过期，请回到电脑端重新下单';
    }
    t.state = 'paid';
    t.paidAt = Date.now();
    t.channelTradeNo = `SBX${Date.now()}${crypto.randomInt(100000, 999999)}`;
    if (opts.notify) await notify(outTradeNo, t);
    return '支付成功，请回到电脑端查看';
  };

  return { adapter, trade, act, refundsOf };
};

export type TSandboxChannel = ReturnType<typeof createSandboxChannel>;
