/**
 * One payment channel as the trade area sees it (issue 15): the sandbox now; Alipay (alipay-sdk)
 * and WeChat Pay v3 Native implement the same shape. Amounts are fen.
 */
export type TChannelTrade = {
  state: 'waiting' | 'paid' | 'closed' | 'refunded' | 'unknown';
  channelTradeNo: string | null;
  amount: number | null;
  paidAt: number | null;
};

/** A verified notification: the channel says this trade was paid. */
export type TPaidEvent = { outTradeNo: string; channelTradeNo: string; amount: number; paidAt: number };

/** `isIgnored`: genuine, but nothing to settle (a close notice): the channel may stop re-sending it. */
export type TVerified =
  | { isValid: true; event: TPaidEvent }
  | { isValid: false; reason: string; outTradeNo: string | null; isIgnored?: boolean };

export type TPayAdapter = {
  channel: 'sandbox' | 'alipay' | 'wechat';
  /** A QR code's content for this trade (the channel's code URL). */
  precreate: (t: { outTradeNo: string; amount: number; subject: string; expireAt: Date; origin: string }) => Promise<{
    codeUrl: string;
  }>;
  query: (outTradeNo: string) => Promise<TChannelTrade>;
  /** Closes an unpaid trade; answers what the channel holds afterwards (a paid trade stays paid). */
  close: (outTradeNo: string) => Promise<TChannelTrade>;
  /**
   * Returns a paid trade's money to the payer, all of it (a second payment of one order) or a part
   * (原路退回 of a 退订). `refundNo` names the refund at the channel (Alipay's `out_request_no`,
   * WeChat's `out_refund_no`; default the trade number + `R`): a retry with the same number refunds
   * once. `total` is the trade's paid amount (default `amount`).
   */
  refund: (t: {
    outTradeNo: string;
    amount: number;
    reason: string;
    refundNo?: string;
    total?: number;
  }) => Promise<void>;
  /** Checks a notification's signature over its raw body and reads it. */
  verify: (headers: Record<string, string | string[] | undefined>, rawBody: string) => TVerified;
  /** What the channel expects back: it stops re-sending on `ok`. */
  answer: (ok: boolean) => { status: number; body: string; contentType: string };
};
