import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPayAdapter } from './pay.adapter.js';
import { createWechatChannel, decryptResource } from './pay-wechat.js';

const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const keyPair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const apiV3Key = '0123456789abcdef0123456789abcdef';

/** WeChat Pay's platform signature headers over `timestamp\nnonce\nbody\n` (documented). */
const signedHeaders = (key: crypto.KeyObject, body: string, timestamp = Math.floor(Date.now() / 1000)) => {
  const nonce = crypto.randomBytes(8).toString('hex');
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-serial': 'PLATFORM01',
    'wechatpay-signature': crypto
      .createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(key, 'base64'),
  };
};

/** A notification as WeChat Pay sends it: the transaction encrypted with AES-256-GCM and the APIv3 key. */
const notification = (transaction: object, eventType = 'TRANSACTION.SUCCESS') => {
  const nonce = 'fdasflkja484';
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from('transaction'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(transaction)), cipher.final(), cipher.getAuthTag()]);
  return JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-24T18:30:06+08:00',
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: ciphertext.toString('base64'),
      associated_data: 'transaction',
      nonce,
    },
  });
};

describe('wechat pay v3 native channel', () => {
  const merchant = keyPair();
  const platform = keyPair();
  const forger = keyPair();
  const trades = new Map<string, { total: number; state: string }>();
  const seen: { method: string; path: string; body: Record<string, unknown>; signed: boolean }[] = [];
  let server: http.Server;
  let channel: TPayAdapter;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const auth = String(req.headers.authorization ?? '');
        const field = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(auth)?.[1] ?? '';
        const signed = crypto
          .createVerify('RSA-SHA256')
          .update(`${req.method}\n${req.url}\n${field('timestamp')}\n${field('nonce_str')}\n${raw}\n`)
          .verify(merchant.publicKey, field('signature'), 'base64');
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        const path = (req.url ?? '').split('?')[0]!;
        seen.push({ method: req.method ?? '', path, body, signed });
        let status = 200;
        let answer: object | null = null;
        const no = decodeURIComponent(path.split('/')[5] ?? '');
        if (path === '/v3/pay/transactions/native') {
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
        } else if (path === '/v3/refund/domestic/refunds') {
          // As documented: the refund's number, trade, state and amounts; more than the total is refused.
          const amount = body.amount as { refund: number; total: number; currency: string };
          if (amount.refund > amount.total) {
            status = 400;
            answer = { code: 'INVALID_REQUEST', message: '退款金额超过订单金额' };
          } else {
            answer = {
              refund_id: '50000000382019052709732678859',
              out_refund_no: body.out_refund_no,
              transaction_id: '4200000001202611240000000001',
              out_trade_no: body.out_trade_no,
              channel: 'ORIGINAL',
              user_received_account: '支付用户零钱',
              create_time: '2026-11-24T18:40:05+08:00',
              status: body.out_refund_no === 'TDABNORMAL' ? 'ABNORMAL' : 'PROCESSING',
              amount: { ...amount, payer_total: amount.total, payer_refund: amount.refund },
            };
          }
        }
        const text = answer ? JSON.stringify(answer) : '';
        res.writeHead(status, { 'content-type': 'application/json', ...signedHeaders(platform.privateKey, text) });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    channel = createWechatChannel({
      appId: 'wxd678efh567hg6787',
      mchId: '1230000109',
      privateKey: pem(merchant.privateKey, 'pkcs8'),
      serialNo: 'MERCHANT01',
      apiV3Key,
      platformPublicKey: pem(platform.publicKey, 'spki'),
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      notifyUrl: 'https://yunhu.example.com/pay/notify/wechat',
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks for a code_url with a signed request, then queries, closes and refunds', async () => {
    const code = await channel.precreate({
      outTradeNo: 'YH9P1',
      amount: 12345,
      subject: '1000分钟月包 ×1',
      expireAt: new Date('2026-11-24T10:15:00Z'),
      origin: 'http://ignored',
    });
    expect(code.codeUrl).toBe('weixin://wxpay/bizpayurl?pr=1');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      signed: true,
      body: {
        out_trade_no: 'YH9P1',
        amount: { total: 12345, currency: 'CNY' },
        time_expire: '2026-11-24T10:15:00+00:00',
      },
    });
    expect(await channel.query('YH9P1')).toMatchObject({ state: 'waiting', amount: 12345 });
    expect((await channel.query('NONE')).state).toBe('unknown');
    expect((await channel.close('YH9P1')).state).toBe('closed');
    await channel.refund({ outTradeNo: 'YH9P1', amount: 12345, reason: '重复支付退款' });
    expect(seen.at(-1)).toMatchObject({
      path: '/v3/refund/domestic/refunds',
      signed: true,
      body: { out_refund_no: 'YH9P1R' },
    });
    expect(seen.every((s) => s.signed)).toBe(true);
  });

  it('refunds part of a trade under its own refund number (原路退回), and reports a refused or abnormal refund', async () => {
    await channel.refund({ outTradeNo: 'YH9P2', amount: 3700, total: 12345, refundNo: 'TD17', reason: '套餐退订' });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v3/refund/domestic/refunds',
      signed: true,
      body: {
        out_trade_no: 'YH9P2',
        out_refund_no: 'TD17',
        reason: '套餐退订',
        amount: { refund: 3700, total: 12345, currency: 'CNY' },
      },
    });
    await expect(
      channel.refund({ outTradeNo: 'YH9P2', amount: 20000, total: 12345, refundNo: 'TD18', reason: '超额' }),
    ).rejects.toThrow('退款金额超过订单金额');
    await expect(
      channel.refund({ outTradeNo: 'YH9P2', amount: 1, total: 12345, refundNo: 'TDABNORMAL', reason: '异常' }),
    ).rejects.toThrow();
  });

  it('verifies a notification over the raw body, decrypts its resource, and refuses forged or stale ones', () => {
    const tx = {
      mchid: '1230000109',
      appid: 'wxd678efh567hg6787',
      out_trade_no: 'YH9P1',
      transaction_id: '4200000001202611240000000001',
      trade_type: 'NATIVE',
      trade_state: 'SUCCESS',
      success_time: '2026-11-24T18:30:05+08:00',
      amount: { total: 12345, payer_total: 12345, currency: 'CNY', payer_currency: 'CNY' },
    };
    const body = notification(tx);
    expect(channel.verify(signedHeaders(platform.privateKey, body), body)).toEqual({
      isValid: true,
      event: {
        outTradeNo: 'YH9P1',
        channelTradeNo: '4200000001202611240000000001',
        amount: 12345,
        paidAt: Date.parse('2026-11-24T18:30:05+08:00'),
      },
    });
    expect(channel.verify(signedHeaders(forger.privateKey, body), body)).toMatchObject({
      isValid: false,
      reason: 'bad signature',
    });
    const stale = signedHeaders(platform.privateKey, body, Math.floor(Date.now() / 1000) - 600);
    expect(channel.verify(stale, body)).toMatchObject({ isValid: false, reason: 'bad signature' });
    const other = notification({ ...tx, mchid: '999' });
    expect(channel.verify(signedHeaders(platform.privateKey, other), other)).toMatchObject({
      reason: 'another merchant',
    });
    const refundNote = notification(tx, 'REFUND.SUCCESS');
    expect(channel.verify(signedHeaders(platform.privateKey, refundNote), refundNote)).toMatchObject({
      isIgnored: true,
    });
    const resource = (JSON.parse(body) as { resource: { ciphertext: string; nonce: string; associated_data: string } })
      .resource;
    expect(() => decryptResource('ffffffffffffffffffffffffffffffff', resource)).toThrow();
  });

  it('refuses an answer not signed by the platform', async () => {
    const bad = createWechatChannel({
      appId: 'wxd678efh567hg6787',
      mchId: '1230000109',
      privateKey: pem(merchant.privateKey, 'pkcs8'),
      serialNo: 'MERCHANT01',
      apiV3Key,
      platformPublicKey: pem(forger.publicKey, 'spki'),
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      notifyUrl: 'https://yunhu.example.com/pay/notify/wechat',
    });
    await expect(bad.query('YH9P1')).rejects.toThrow('微信支付应答签名验证失败');
  });
});
