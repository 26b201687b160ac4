import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TWechatConfig } from './pay-wechat.js';

// A WeChat Pay v3 API for tests: it checks each request's merchant signature, answers as
// documented (Native order, query, close, refund, refund query) signed with the platform key, and
// builds notifications as WeChat Pay sends them (the resource AES-256-GCM encrypted with the APIv3
// key, the body signed over `timestamp\nnonce\nbody\n`).

const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const keyPair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
export const apiV3Key = '0123456789abcdef0123456789abcdef';
export const wechatIds = { appId: 'wxd678efh567hg6787', mchId: '1230000109' };
/** The ID WeChat Pay gives its public key (微信支付公钥ID), sent as `Wechatpay-Serial`. */
export const platformKeyId = 'PUB_KEY_ID_0112300001092026112400000000';
const merchantSerial = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';

/** WeChat Pay's platform signature headers over `timestamp\nnonce\nbody\n` (documented). */
export const signedHeaders = (key: crypto.KeyObject, body: string, timestamp = Math.floor(Date.now() / 1000)) => {
  const nonce = crypto.randomBytes(8).toString('hex');
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-serial': platformKeyId,
    'wechatpay-signature': crypto
      .createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(key, 'base64'),
  };
};

/**
 * A notification as WeChat Pay sends it: the resource (a transaction, or a refund for REFUND.*)
 * encrypted with AES-256-GCM and the APIv3 key, `associated_data` naming its type.
 */
export const notification = (resource: object, eventType = 'TRANSACTION.SUCCESS', key = apiV3Key) => {
  const type = eventType.startsWith('REFUND.') ? 'refund' : 'transaction';
  const nonce = crypto.randomBytes(6).toString('hex');
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(type));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]);
  return JSON.stringify({
    id: `EV-${crypto.randomBytes(8).toString('hex')}`,
    create_time: '2026-11-24T18:30:06+08:00',
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: type === 'refund' ? '退款成功' : '支付成功',
    resource: {
      original_type: type,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ciphertext.toString('base64'),
      associated_data: type,
      nonce,
    },
  });
};

/**
 * A request's Authorization as documented: `WECHATPAY2-SHA256-RSA2048` then mchid, nonce_str,
 * timestamp (within five minutes), serial_no (the merchant certificate's) and signature, the
 * merchant key's RSA-SHA256 over `method\nurl\ntimestamp\nnonce\nbody\n` (url: path and query).
 */
export const isMerchantSigned = (
  merchantKey: crypto.KeyObject,
  method: string,
  url: string,
  authorization: string,
  body: string,
) => {
  const [scheme, params = ''] = authorization.split(/ (.*)/s);
  const fields = Object.fromEntries(
    [...params.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name as string, value as string]),
  );
  const { mchid, nonce_str: nonce, timestamp, serial_no: serial, signature } = fields;
  return (
    scheme === 'WECHATPAY2-SHA256-RSA2048' &&
    mchid === wechatIds.mchId &&
    serial === merchantSerial &&
    !!nonce &&
    Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300 &&
    !!signature &&
    crypto
      .createVerify('RSA-SHA256')
      .update(`${method}\n${url}\n${timestamp}\n${nonce}\n${body}\n`)
      .verify(merchantKey, signature, 'base64')
  );
};

export type TWechatRefund = { outTradeNo: string; refund: number; total: number; status: string };

export const startWechatApi = async () => {
  const merchant = keyPair();
  const platform = keyPair();
  const forger = keyPair();
  const trades = new Map<string, { total: number; state: string }>();
  const refunds = new Map<string, TWechatRefund>();
  const seen: {
    method: string;
    path: string;
    url: string;
    body: Record<string, unknown>;
    signed: boolean;
    authorization: string;
  }[] = [];
  /** What a new refund answers (PROCESSING as the API mostly does; ABNORMAL…), and a server down (500). */
  const behaviour = { refundStatus: 'PROCESSING', isDown: false };

  const refundAnswer = (no: string, r: TWechatRefund) => ({
    refund_id: `5000000038${no}`,
    out_refund_no: no,
    transaction_id: '4200000001202611240000000001',
    out_trade_no: r.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    create_time: '2026-11-24T18:40:05+08:00',
    status: r.status,
    amount: { refund: r.refund, total: r.total, payer_total: r.total, payer_refund: r.refund, currency: 'CNY' },
  });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const authorization = String(req.headers.authorization ?? '');
      const signed = isMerchantSigned(merchant.publicKey, req.method ?? '', req.url ?? '', authorization, raw);
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const path = (req.url ?? '').split('?')[0]!;
      seen.push({ method: req.method ?? '', path, url: req.url ?? '', body, signed, authorization });
      let status = 200;
      let answer: object | null = null;
      const no = decodeURIComponent(path.split('/')[5] ?? '');
      if (behaviour.isDown) {
        status = 500;
        answer = { code: 'SYSTEM_ERROR', message: '系统繁忙，请稍后重试' };
      } else if (path === '/v3/pay/transactions/native') {
        trades.set(String(body.out_trade_no), { total: (body.amount as { total: number }).total, state: 'NOTPAY' });
        answer = { code_url: `weixin://wxpay/bizpayurl?pr=${trades.size}` };
      } else if (path.endsWith('/close')) {
        const t = trades.get(no);
        if (t && t.state === 'NOTPAY') t.state = 'CLOSED';
        status = 204;
      } else if (path.startsWith('/v3/pay/transactions/out-trade-no/')) {
        const t = trades.get(no);
        if (!t) {
          status = 404;
          answer = { code: 'ORDER_NOT_EXIST', message: '订单不存在' };
        } else {
          answer = {
            out_trade_no: no,
            transaction_id: '4200000001202611240000000001',
            trade_state: t.state,
            amount: { total: t.total, payer_total: t.total, currency: 'CNY' },
            success_time: '2026-11-24T18:30:05+08:00',
          };
        }
      } else if (path === '/v3/refund/domestic/refunds' && req.method === 'POST') {
        // As documented: the refund's number, trade, state and amounts; the same number answers the
        // refund it made; more than is left of the trade is refused.
        const amount = body.amount as { refund: number; total: number };
        const outRefundNo = String(body.out_refund_no);
        const outTradeNo = String(body.out_trade_no);
        const before = [...refunds.entries()]
          .filter(([n, r]) => n !== outRefundNo && r.outTradeNo === outTradeNo && r.status !== 'ABNORMAL')
          .reduce((n, [, r]) => n + r.refund, 0);
        const held = refunds.get(outRefundNo);
        if (held) answer = refundAnswer(outRefundNo, held);
        else if (amount.refund + before > amount.total) {
          status = 400;
          answer = { code: 'INVALID_REQUEST', message: '退款金额超过订单金额' };
        } else {
          const r = { outTradeNo, refund: amount.refund, total: amount.total, status: behaviour.refundStatus };
          refunds.set(outRefundNo, r);
          answer = refundAnswer(outRefundNo, r);
        }
      } else if (path.startsWith('/v3/refund/domestic/refunds/')) {
        const r = refunds.get(no);
        if (!r) {
          status = 404;
          answer = { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' };
        } else answer = refundAnswer(no, r);
      }
      const text = answer ? JSON.stringify(answer) : '';
      res.writeHead(status, { 'content-type': 'application/json', ...signedHeaders(platform.privateKey, text) });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config: TWechatConfig = {
    ...wechatIds,
    privateKey: pem(merchant.privateKey, 'pkcs8'),
    serialNo: merchantSerial,
    apiV3Key,
    platformPublicKey: pem(platform.publicKey, 'spki'),
    platformPublicKeyId: platformKeyId,
    baseUrl,
    notifyUrl: 'https://yunhu.example.com/pay/notify/wechat',
  };
  /** The settings a server started with PAY_CHANNEL=wechat against this API reads. */
  const env = {
    PAY_CHANNEL: 'wechat',
    WECHAT_APP_ID: config.appId,
    WECHAT_MCH_ID: config.mchId,
    WECHAT_PRIVATE_KEY: config.privateKey,
    WECHAT_SERIAL_NO: config.serialNo,
    WECHAT_API_KEY: apiV3Key,
    WECHAT_PLATFORM_PUBLIC_KEY: config.platformPublicKey,
    WECHAT_PLATFORM_PUBLIC_KEY_ID: platformKeyId,
    WECHAT_BASE_URL: baseUrl,
    PAY_NOTIFY_BASE_URL: 'https://yunhu.example.com',
  };
  /** A notification signed by the platform key (or the forger's), as its headers and raw body. */
  const signedNotification = (resource: object, eventType: string, by: crypto.KeyObject = platform.privateKey) => {
    const body = notification(resource, eventType);
    return { headers: signedHeaders(by, body), body };
  };
  /** The documented refund notice's resource for one of this API's refunds. */
  const refundResource = (outRefundNo: string, refundStatus = refunds.get(outRefundNo)?.status ?? 'SUCCESS') => {
    const r = refunds.get(outRefundNo)!;
    return {
      mchid: config.mchId,
      out_trade_no: r.outTradeNo,
      transaction_id: '4200000001202611240000000001',
      out_refund_no: outRefundNo,
      refund_id: `5000000038${outRefundNo}`,
      refund_status: refundStatus,
      ...(refundStatus === 'SUCCESS' ? { success_time: '2026-11-24T18:41:05+08:00' } : {}),
      user_received_account: '支付用户零钱',
      amount: { total: r.total, refund: r.refund, payer_total: r.total, payer_refund: r.refund },
    };
  };
  return {
    config,
    env,
    keys: { merchant, platform, forger, pem },
    trades,
    refunds,
    seen,
    behaviour,
    signedNotification,
    refundResource,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
