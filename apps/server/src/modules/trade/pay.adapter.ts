import type { TDb } from '../../db/client.js';

/**
 * One payment channel as the trade area sees it: the sandbox, Alipay (alipay-sdk) and WeChat Pay
 * v3 Native implement the same shape. Amounts are fen.
 */
export type TChannelTrade = {
  state: 'waiting' | 'paid' | 'closed' | 'refunded' | 'unknown';
  channelTradeNo: string | null;
  amount: number | null;
  paidAt: number | null;
};

/** A verified notification: the channel says this trade was paid. */
export type TPaidEvent = { outTradeNo: string; channelTradeNo: string; amount: number; paidAt: number };

/**
 * What the channel says of one refund (fen): `success` (the payer has it), `processing` (accepted,
 * the result comes by notification or query), `failed` (refused or ended without reaching the payer:
 * WeChat ABNORMAL / CLOSED, Alipay's business failure, more than is left). An unknown answer (the
 * network, a 5xx, a bad signature) throws: the same refund number may be sent again.
 */
export type TRefundResult = {
  state: 'success' | 'processing' | 'failed';
  reason: string;
  channelRefundId: string | null;
};

/** A verified refund notification (WeChat Pay's REFUND.*): the refund's final state. */
export type TRefundEvent = {
  refundNo: string;
  outTradeNo: string;
  amount: number;
  state: 'success' | 'failed';
  reason: string;
  channelRefundId: string | null;
};

/** `isIgnored`: genuine, but nothing to settle (a close notice): the channel may stop re-sending it. */
export type TVerified =
  | { isValid: true; event: TPaidEvent }
  | { isValid: true; refund: TRefundEvent }
  | { isValid: false; reason: string; outTradeNo: string | null; isIgnored?: boolean };

/**
 * `tx`: the caller's transaction, for the one channel that keeps its books in this database (the
 * sandbox, migration 0049: a second transaction inside the caller's would wait on it for ever on
 * PGlite's one session). The real channels ignore it.
 */
export type TPayAdapter = {
  channel: 'sandbox' | 'alipay' | 'wechat';
  /** A QR code's content for this trade (the channel's code URL). */
  precreate: (
    t: { outTradeNo: string; amount: number; subject: string; expireAt: Date; origin: string },
    tx?: TDb,
  ) => Promise<{ codeUrl: string }>;
  query: (outTradeNo: string, tx?: TDb) => Promise<TChannelTrade>;
  /** Closes an unpaid trade; answers what the channel holds afterwards (a paid trade stays paid). */
  close: (outTradeNo: string, tx?: TDb) => Promise<TChannelTrade>;
  /**
   * Returns a paid trade's money to the payer, all of it (a second payment of one order) or a part
   * (原路退回 of a 退订). `refundNo` names the refund at the channel (Alipay's `out_request_no`,
   * WeChat's `out_refund_no`; default the trade number + `R`): a retry with the same number refunds
   * once. `total` is the trade's paid amount (default `amount`).
   */
  refund: (
    t: { outTradeNo: string; amount: number; reason: string; refundNo?: string; total?: number },
    tx?: TDb,
  ) => Promise<TRefundResult>;
  /** Asks the channel about a refund it accepted (or may have): null when it holds none by that number. */
  refundQuery: (t: { outTradeNo: string; refundNo: string }, tx?: TDb) => Promise<TRefundResult | null>;
  /** Checks a notification's signature over its raw body and reads it. */
  verify: (headers: Record<string, string | string[] | undefined>, rawBody: string) => TVerified;
  /** What the channel expects back: it stops re-sending on `ok`. */
  answer: (ok: boolean) => { status: number; body: string; contentType: string };
};
