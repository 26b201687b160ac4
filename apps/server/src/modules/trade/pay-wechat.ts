import { Aes, Formatter, Rsa, Wechatpay } from 'wechatpay-axios-plugin';
import type { TPayConfig } from '../../config.js';
import type { TChannelTrade, TPayAdapter, TRefundResult, TVerified } from './pay.adapter.js';
import { notifyAnswer, notRecorded } from './pay-notify-answer.js';

/** The settings config.ts reads from WECHAT_* (README). */
export type TWechatConfig = NonNullable<TPayConfig['wechat']>;

const stateOf = (s: unknown): TChannelTrade['state'] =>
  s === 'SUCCESS'
    ? 'paid'
    : s === 'NOTPAY' || s === 'USERPAYING'
      ? 'waiting'
      : s === 'CLOSED'
        ? 'closed'
        : s === 'REFUND'
          ? 'refunded'
          : 'unknown';

/** AEAD_AES_256_GCM of a notification's `resource` with the APIv3 key (throws when it is not ours). */
export const decryptResource = (
  apiV3Key: string,
  r: { ciphertext: string; nonce: string; associated_data?: string },
): string => Aes.AesGcm.decrypt(r.ciphertext, apiV3Key, r.nonce, r.associated_data ?? '');

/** A refund's `status` (answer and query) or `refund_status` (notification) as the trade area reads it. */
const refundStateOf = (status: unknown): TRefundResult['state'] | null =>
  status === 'SUCCESS'
    ? 'success'
    : status === 'PROCESSING'
      ? 'processing'
      : status === 'ABNORMAL' || status === 'CLOSED'
        ? 'failed'
        : null;

/** Why a refund ended without reaching the payer, as the platform's operator reads it. */
const refundFailure = (status: unknown) =>
  status === 'ABNORMAL'
    ? '微信支付退款异常（用户银行卡作废或冻结，原路退款失败）'
    : status === 'CLOSED'
      ? '微信支付退款已关闭'
      : `微信支付退款失败（${String(status)}）`;

const refundResult = (json: Record<string, unknown>): TRefundResult | null => {
  const state = refundStateOf(json.status);
  if (!state) return null;
  return {
    state,
    reason: state === 'failed' ? refundFailure(json.status) : '',
    channelRefundId: typeof json.refund_id === 'string' ? json.refund_id : null,
  };
};

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** The SDK's answer checks (a missing header, an old timestamp, another key, a bad signature). */
const isUnverifiedAnswer = (e: unknown) =>
  typeof (e as { code?: unknown }).code === 'string' && (e as { code: string }).code.startsWith('EV3_RES_');

/**
 * WeChat Pay API v3, Native payment, through TheNorthMemory's SDK (wechatpay-axios-plugin, the one
 * WeChat Pay's documentation lists): `code_url` from `/v3/pay/transactions/native`, query, close and
 * refund. The SDK signs every request (WECHATPAY2-SHA256-RSA2048) and checks every answer, error
 * answers included, against the platform public key named by `Wechatpay-Serial`; notifications are
 * checked with its RSA and formatter and their resource decrypted with its AES-256-GCM.
 */
export const createWechatChannel = (config: TWechatConfig): TPayAdapter => {
  const platformKey = Rsa.from(config.platformPublicKey, Rsa.KEY_TYPE_PUBLIC);
  const wxpay = new Wechatpay({
    mchid: config.mchId,
    serial: config.serialNo,
    privateKey: config.privateKey,
    certs: { [config.platformPublicKeyId]: platformKey },
    baseURL: config.baseUrl,
    timeout: 5000,
    // Every status is an answer to read (404: no such trade, 4xx: a refused refund), each one verified.
    validateStatus: () => true,
    // As node's fetch before it: no proxy from the environment.
    proxy: false,
  });
  const call = async (method: 'GET' | 'POST', path: string, body?: object) => {
    let res: { status: number; data: unknown };
    try {
      const api = wxpay.chain(path.slice(1));
      res = method === 'GET' ? await api.get() : await api.post(body);
    } catch (e) {
      if (isUnverifiedAnswer(e)) throw new Error('微信支付应答签名验证失败');
      throw e;
    }
    const json = res.data && typeof res.data === 'object' ? (res.data as Record<string, unknown>) : {};
    return { status: res.status, json };
  };
  /** `timestamp\nnonce\nbody\n` signed by the platform key, as answers are (the SDK checks those). */
  const isPlatformSigned = (headers: Record<string, string | string[] | undefined>, body: string) => {
    const timestamp = header(headers, 'wechatpay-timestamp');
    const nonce = header(headers, 'wechatpay-nonce');
    const signature = header(headers, 'wechatpay-signature');
    if (!timestamp || !nonce || !signature) return false;
    if (header(headers, 'wechatpay-serial') !== config.platformPublicKeyId) return false;
    // A replayed message older than five minutes is refused.
    if (Math.abs(Formatter.timestamp() - Number(timestamp)) > 300) return false;
    return Rsa.verify(Formatter.response(timestamp, nonce, body), signature, platformKey);
  };
  const fail = (r: { status: number; json: Record<string, unknown> }) =>
    new Error(String(r.json.message ?? `微信支付应答 ${r.status}`));
  const query = async (outTradeNo: string): Promise<TChannelTrade> => {
    const r = await call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${config.mchId}`,
    );
    if (r.status === 404) return { state: 'unknown', channelTradeNo: null, amount: null, paidAt: null };
    if (r.status !== 200) throw fail(r);
    const amount = r.json.amount as { total?: number } | undefined;
    return {
      state: stateOf(r.json.trade_state),
      channelTradeNo: typeof r.json.transaction_id === 'string' ? r.json.transaction_id : null,
      amount: Number.isSafeInteger(amount?.total) ? amount!.total! : null,
      paidAt: typeof r.json.success_time === 'string' ? Date.parse(r.json.success_time) : null,
    };
  };
  /**
   * A refund's result (REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED; the resource documented
   * as mchid, out_trade_no, out_refund_no, refund_id, refund_status, amount.refund …): our merchant's.
   */
  const refundNotice = (r: Record<string, unknown>): TVerified => {
    const outTradeNo = typeof r.out_trade_no === 'string' ? r.out_trade_no : null;
    if (r.mchid !== config.mchId) return { isValid: false, reason: 'another merchant', outTradeNo };
    const state = refundStateOf(r.refund_status);
    const amount = (r.amount as { refund?: unknown } | undefined)?.refund;
    if (
      !outTradeNo ||
      typeof r.out_refund_no !== 'string' ||
      !Number.isSafeInteger(amount) ||
      (state !== 'success' && state !== 'failed')
    ) {
      return { isValid: false, reason: 'malformed refund notice', outTradeNo };
    }
    return {
      isValid: true,
      refund: {
        refundNo: r.out_refund_no,
        outTradeNo,
        amount: amount as number,
        state,
        reason: state === 'failed' ? refundFailure(r.refund_status) : '',
        channelRefundId: typeof r.refund_id === 'string' ? r.refund_id : null,
      },
    };
  };
  return {
    channel: 'wechat',
    precreate: async ({ outTradeNo, amount, subject, expireAt }) => {
      const r = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: subject.slice(0, 127),
        out_trade_no: outTradeNo,
        time_expire: expireAt.toISOString().replace(/\.\d{3}Z$/, '+00:00'),
        notify_url: config.notifyUrl,
        amount: { total: amount, currency: 'CNY' },
      });
      if (r.status !== 200 || typeof r.json.code_url !== 'string') throw fail(r);
      return { codeUrl: r.json.code_url };
    },
    query,
    close: async (outTradeNo) => {
      const r = await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
        mchid: config.mchId,
      });
      if (r.status !== 204 && r.status !== 200 && r.status !== 404) throw fail(r);
      return query(outTradeNo);
    },
    refund: async ({ outTradeNo, amount, reason, refundNo, total }) => {
      const r = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: outTradeNo,
        out_refund_no: refundNo ?? `${outTradeNo}R`,
        reason,
        // The refund's result comes to the same endpoint as the payment's (REFUND.*).
        notify_url: config.notifyUrl,
        amount: { refund: amount, total: total ?? amount, currency: 'CNY' },
      });
      // 5xx and 429: the answer is unknown, the same number is sent again later; other 4xx refuse it.
      if (r.status >= 500 || r.status === 429) throw fail(r);
      if (r.status !== 200) {
        return {
          state: 'failed',
          reason: `微信支付拒绝退款：${String(r.json.message ?? r.status)}`,
          channelRefundId: null,
        };
      }
      const result = refundResult(r.json);
      if (!result) throw fail(r);
      return result;
    },
    refundQuery: async ({ refundNo }) => {
      const r = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`);
      if (r.status === 404) return null;
      if (r.status !== 200) throw fail(r);
      const result = refundResult(r.json);
      if (!result) throw fail(r);
      return result;
    },
    verify: (headers, rawBody): TVerified => {
      if (!isPlatformSigned(headers, rawBody)) return { isValid: false, reason: 'bad signature', outTradeNo: null };
      let trade: Record<string, unknown>;
      try {
        const note = JSON.parse(rawBody) as {
          event_type?: string;
          resource?: { ciphertext: string; nonce: string; associated_data?: string };
        };
        if (typeof note.event_type === 'string' && note.event_type.startsWith('REFUND.') && note.resource) {
          return refundNotice(JSON.parse(decryptResource(config.apiV3Key, note.resource)) as Record<string, unknown>);
        }
        if (note.event_type !== 'TRANSACTION.SUCCESS' || !note.resource) {
          return {
            isValid: false,
            reason: `not a payment (${note.event_type ?? '?'})`,
            outTradeNo: null,
            isIgnored: true,
          };
        }
        trade = JSON.parse(decryptResource(config.apiV3Key, note.resource)) as Record<string, unknown>;
      } catch {
        return { isValid: false, reason: 'undecryptable resource', outTradeNo: null };
      }
      const outTradeNo = typeof trade.out_trade_no === 'string' ? trade.out_trade_no : null;
      const total = (trade.amount as { total?: unknown } | undefined)?.total;
      if (trade.mchid !== config.mchId || trade.appid !== config.appId) {
        return { isValid: false, reason: 'another merchant', outTradeNo };
      }
      if (
        trade.trade_state !== 'SUCCESS' ||
        !outTradeNo ||
        typeof trade.transaction_id !== 'string' ||
        !Number.isSafeInteger(total)
      ) {
        return { isValid: false, reason: 'not a payment', outTradeNo, isIgnored: true };
      }
      return {
        isValid: true,
        event: {
          outTradeNo,
          channelTradeNo: trade.transaction_id,
          amount: total as number,
          paidAt: typeof trade.success_time === 'string' ? Date.parse(trade.success_time) : Date.now(),
        },
      };
    },
    answer: (ok) => notifyAnswer('wechat', ok ? undefined : notRecorded),
  };
};
