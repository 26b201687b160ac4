import { beijingOffsetMs } from '@yunhu/contract';
import type { TChannelTrade, TPayAdapter, TRefundResult, TVerified } from './pay.adapter.js';
import { notifyAnswer, notRecorded } from './pay-notify-answer.js';

export type TAlipayConfig = {
  appId: string;
  /** The merchant's application private key (PEM or the bare base64 Alipay's tool prints). */
  privateKey: string;
  /** Alipay's public key, which signs its answers and notifications. */
  alipayPublicKey: string;
  gateway: string;
  /** Where Alipay posts its notifications: `<public base>/pay/notify/alipay`. */
  notifyUrl: string;
};

/** Fen from Alipay's yuan text ("88.80"), exactly: no float in between. */
export const fenOfYuanText = (text: unknown): number | null => {
  const m = typeof text === 'string' ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim()) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
};
const yuanText = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
/** Alipay's times are Beijing wall-clock 'yyyy-MM-dd HH:mm:ss'. */
const beijingText = (d: Date) => new Date(d.getTime() + beijingOffsetMs).toISOString().slice(0, 19).replace('T', ' ');
const fromBeijingText = (text: unknown): number | null => {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  return Date.parse(`${text.replace(' ', 'T')}+08:00`);
};

type TAlipayResult = Record<string, unknown> & { code?: string; msg?: string; subCode?: string; subMsg?: string };
const failure = (r: TAlipayResult) => new Error(String(r.subMsg ?? r.msg ?? r.code ?? '支付宝未知错误'));

const stateOf = (status: unknown): TChannelTrade['state'] =>
  status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED'
    ? 'paid'
    : status === 'WAIT_BUYER_PAY'
      ? 'waiting'
      : status === 'TRADE_CLOSED'
        ? 'closed'
        : 'unknown';

/**
 * Alipay's 当面付 (face-to-face, QR code) through the official `alipay-sdk`: `alipay.trade.precreate`
 * gives the code, `query`, `close` and `refund` follow; every answer's RSA2 signature is checked
 * with Alipay's public key, and so is every notification (`checkNotifySignV2` over the posted form).
 * The SDK is loaded here, when the channel is configured, not with the server: loading it costs
 * ~0.7 s of a start that uses the sandbox or WeChat.
 */
export const createAlipayChannel = async (config: TAlipayConfig): Promise<TPayAdapter> => {
  const { AlipaySdk } = await import('alipay-sdk');
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey,
    alipayPublicKey: config.alipayPublicKey,
    gateway: config.gateway,
    signType: 'RSA2',
    // Alipay's key tool writes PKCS8 unless asked for PKCS1 ("BEGIN RSA PRIVATE KEY").
    keyType: config.privateKey.includes('RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    camelcase: true,
  });
  const exec = async (method: string, bizContent: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    (await sdk.exec(method, { ...extra, bizContent }, { validateSign: true })) as TAlipayResult;
  const query = async (outTradeNo: string): Promise<TChannelTrade> => {
    const r = await exec('alipay.trade.query', { outTradeNo });
    if (r.code === '40004' && r.subCode === 'ACQ.TRADE_NOT_EXIST') {
      return { state: 'unknown', channelTradeNo: null, amount: null, paidAt: null };
    }
    if (r.code !== '10000') throw failure(r);
    return {
      state: stateOf(r.tradeStatus),
      channelTradeNo: typeof r.tradeNo === 'string' ? r.tradeNo : null,
      amount: fenOfYuanText(r.totalAmount),
      paidAt: fromBeijingText(r.sendPayDate),
    };
  };
  /** `alipay.trade.fastpay.refund.query`: REFUND_SUCCESS, or no status (not received, or failed: null). */
  const refundQuery = async (t: { outTradeNo: string; refundNo: string }): Promise<TRefundResult | null> => {
    const r = await exec('alipay.trade.fastpay.refund.query', { outTradeNo: t.outTradeNo, outRequestNo: t.refundNo });
    if (r.code === '40004' && r.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
    if (r.code !== '10000') throw failure(r);
    if (r.refundStatus !== 'REFUND_SUCCESS') return null;
    return { state: 'success', reason: '', channelRefundId: typeof r.tradeNo === 'string' ? r.tradeNo : null };
  };
  return {
    channel: 'alipay',
    precreate: async ({ outTradeNo, amount, subject, expireAt }) => {
      const r = await exec(
        'alipay.trade.precreate',
        {
          outTradeNo,
          totalAmount: yuanText(amount),
          subject: subject.slice(0, 128),
          timeExpire: beijingText(expireAt),
        },
        { notifyUrl: config.notifyUrl },
      );
      if (r.code !== '10000' || typeof r.qrCode !== 'string') throw failure(r);
      return { codeUrl: r.qrCode };
    },
    query,
    close: async (outTradeNo) => {
      const r = await exec('alipay.trade.close', { outTradeNo });
      // A trade the payer never scanned does not exist at Alipay yet: nothing to close.
      if (r.code !== '10000' && r.subCode !== 'ACQ.TRADE_NOT_EXIST' && r.subCode !== 'ACQ.TRADE_STATUS_ERROR') {
        throw failure(r);
      }
      return query(outTradeNo);
    },
    /**
     * Alipay refunds at once: `fund_change` Y is money moved by this call. N is no money moved by
     * it — a number refunded before (a retry), or not refunded — and Alipay documents asking
     * `alipay.trade.fastpay.refund.query` then (REFUND_SUCCESS, or nothing: not refunded, send the
     * same number again). A business failure (40004: ACQ.TRADE_HAS_CLOSE, more than is left…) ends
     * it; anything else (20000 ACQ.SYSTEM_ERROR, the network) is unknown and retried.
     */
    refund: async ({ outTradeNo, amount, reason, refundNo }) => {
      const outRequestNo = refundNo ?? `${outTradeNo}R`;
      const r = await exec('alipay.trade.refund', {
        outTradeNo,
        refundAmount: yuanText(amount),
        refundReason: reason,
        // A partial refund needs its own number; the same number again refunds once.
        outRequestNo,
      });
      if (r.code === '40004') {
        return { state: 'failed', reason: `支付宝拒绝退款：${String(r.subMsg ?? r.msg)}`, channelRefundId: null };
      }
      if (r.code !== '10000') throw failure(r);
      const id = typeof r.tradeNo === 'string' ? r.tradeNo : null;
      if (r.fundChange === 'Y') return { state: 'success', reason: '', channelRefundId: id };
      return (
        (await refundQuery({ outTradeNo, refundNo: outRequestNo })) ?? {
          state: 'processing',
          reason: '',
          channelRefundId: id,
        }
      );
    },
    refundQuery,
    verify: (_headers, rawBody): TVerified => {
      const form = Object.fromEntries(new URLSearchParams(rawBody));
      const outTradeNo = form.out_trade_no ?? null;
      if (!sdk.checkNotifySignV2(form)) return { isValid: false, reason: 'bad signature', outTradeNo };
      if (form.app_id !== config.appId) return { isValid: false, reason: 'another app', outTradeNo };
      // A refund's notice (out_biz_no = our refund number, refund_fee = all refunded so far): the
      // refund's own answer and the refund query decide; this one settles nothing.
      if (form.out_biz_no || form.refund_fee) {
        return { isValid: false, reason: 'refund notice', outTradeNo, isIgnored: true };
      }
      const amount = fenOfYuanText(form.total_amount);
      const paidAt = fromBeijingText(form.gmt_payment) ?? Date.now();
      if (stateOf(form.trade_status) !== 'paid' || !outTradeNo || !form.trade_no || amount === null) {
        return { isValid: false, reason: `not a payment (${form.trade_status ?? '?'})`, outTradeNo, isIgnored: true };
      }
      return { isValid: true, event: { outTradeNo, channelTradeNo: form.trade_no, amount, paidAt } };
    },
    answer: (ok) => notifyAnswer('alipay', ok ? undefined : notRecorded),
  };
};
