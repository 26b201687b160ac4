import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPayAdapter } from './pay.adapter.js';
import { createWechatChannel, decryptResource } from './pay-wechat.js';
import { isMerchantSigned, notification, signedHeaders, startWechatApi } from './pay-wechat.test-kit.js';

describe('wechat pay v3 native channel', () => {
  let api: Awaited<ReturnType<typeof startWechatApi>>;
  let channel: TPayAdapter;

  beforeAll(async () => {
    api = await startWechatApi();
    channel = createWechatChannel(api.config);
  });
  afterAll(() => api.close());

  it('asks for a code_url with a signed request, then queries, closes and refunds', async () => {
    const code = await channel.precreate({
      outTradeNo: 'YH9P1',
      amount: 12345,
      subject: '1000分钟月包 ×1',
      expireAt: new Date('2026-11-24T10:15:00Z'),
      origin: 'http://ignored',
    });
    expect(code.codeUrl).toBe('weixin://wxpay/bizpayurl?pr=1');
    // The documented Authorization: the scheme, then the merchant, its certificate and the signature's inputs.
    expect(api.seen[0]!.authorization).toMatch(
      /^WECHATPAY2-SHA256-RSA2048 (?=.*mchid="1230000109")(?=.*serial_no="5157F09EFDC096DE15EBE81A47057A7232F1B8E1")(?=.*nonce_str="\w+")(?=.*timestamp="\d{10}")(?=.*signature="[\w+/=]+")/,
    );
    expect(api.seen[0]).toMatchObject({
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
    // A query's signature covers its query string.
    expect(api.seen.at(-1)).toMatchObject({
      method: 'GET',
      url: '/v3/pay/transactions/out-trade-no/NONE?mchid=1230000109',
      signed: true,
    });
    expect((await channel.close('YH9P1')).state).toBe('closed');
    expect(await channel.refund({ outTradeNo: 'YH9P1', amount: 12345, reason: '重复支付退款' })).toMatchObject({
      state: 'processing',
    });
    expect(api.seen.at(-1)).toMatchObject({
      path: '/v3/refund/domestic/refunds',
      signed: true,
      body: { out_refund_no: 'YH9P1R', notify_url: 'https://yunhu.example.com/pay/notify/wechat' },
    });
    expect(api.seen.every((s) => s.signed)).toBe(true);
  });

  it('refunds part of a trade under its own number; reads PROCESSING, SUCCESS, ABNORMAL, a refusal and no answer', async () => {
    expect(
      await channel.refund({ outTradeNo: 'YH9P2', amount: 3700, total: 12345, refundNo: 'TD17', reason: '套餐退订' }),
    ).toEqual({ state: 'processing', reason: '', channelRefundId: '5000000038TD17' });
    expect(api.seen.at(-1)).toMatchObject({
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
    // The query by refund number (GET /v3/refund/domestic/refunds/{out_refund_no}).
    expect(await channel.refundQuery({ outTradeNo: 'YH9P2', refundNo: 'TD17' })).toMatchObject({ state: 'processing' });
    api.refunds.get('TD17')!.status = 'SUCCESS';
    expect(await channel.refundQuery({ outTradeNo: 'YH9P2', refundNo: 'TD17' })).toMatchObject({ state: 'success' });
    expect(api.seen.at(-1)).toMatchObject({ method: 'GET', path: '/v3/refund/domestic/refunds/TD17', signed: true });
    expect(await channel.refundQuery({ outTradeNo: 'YH9P2', refundNo: 'NONE' })).toBeNull();
    // A 4xx refuses the refund for good; ABNORMAL did not reach the payer.
    expect(
      await channel.refund({ outTradeNo: 'YH9P2', amount: 20000, total: 12345, refundNo: 'TD18', reason: '超额' }),
    ).toEqual({ state: 'failed', reason: '微信支付拒绝退款：退款金额超过订单金额', channelRefundId: null });
    api.behaviour.refundStatus = 'ABNORMAL';
    expect(
      await channel.refund({ outTradeNo: 'YH9P2', amount: 1, total: 12345, refundNo: 'TD19', reason: '异常' }),
    ).toMatchObject({ state: 'failed', reason: expect.stringContaining('退款异常') });
    api.behaviour.refundStatus = 'PROCESSING';
    // A 5xx is no answer: thrown, the same number is sent again later.
    api.behaviour.isDown = true;
    await expect(
      channel.refund({ outTradeNo: 'YH9P2', amount: 1, total: 12345, refundNo: 'TD20', reason: '重试' }),
    ).rejects.toThrow('系统繁忙');
    api.behaviour.isDown = false;
  });

  it('verifies a notification over the raw body, decrypts its resource, and refuses forged or stale ones', () => {
    const { platform, forger } = api.keys;
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
    const otherKeyId = { ...signedHeaders(platform.privateKey, body), 'wechatpay-serial': 'PUB_KEY_ID_OTHER' };
    expect(channel.verify(otherKeyId, body)).toMatchObject({ isValid: false, reason: 'bad signature' });
    const closed = notification(tx, 'TRANSACTION.CLOSED');
    expect(channel.verify(signedHeaders(platform.privateKey, closed), closed)).toMatchObject({ isIgnored: true });
    const resource = (JSON.parse(body) as { resource: { ciphertext: string; nonce: string; associated_data: string } })
      .resource;
    expect(() => decryptResource('ffffffffffffffffffffffffffffffff', resource)).toThrow();
  });

  it('reads the documented refund notices (REFUND.SUCCESS / ABNORMAL / CLOSED) and refuses forged or foreign ones', () => {
    const { platform, forger } = api.keys;
    api.refunds.set('TD30', { outTradeNo: 'YH9P3', refund: 888, total: 12345, status: 'PROCESSING' });
    const read = (status: string, eventType: string, by = platform.privateKey, patch: object = {}) => {
      const { headers, body } = api.signedNotification(
        { ...api.refundResource('TD30', status), ...patch },
        eventType,
        by,
      );
      return channel.verify(headers, body);
    };
    expect(read('SUCCESS', 'REFUND.SUCCESS')).toEqual({
      isValid: true,
      refund: {
        refundNo: 'TD30',
        outTradeNo: 'YH9P3',
        amount: 888,
        state: 'success',
        reason: '',
        channelRefundId: '5000000038TD30',
      },
    });
    expect(read('ABNORMAL', 'REFUND.ABNORMAL')).toMatchObject({
      isValid: true,
      refund: { state: 'failed', reason: expect.stringContaining('退款异常') },
    });
    expect(read('CLOSED', 'REFUND.CLOSED')).toMatchObject({
      isValid: true,
      refund: { state: 'failed', reason: '微信支付退款已关闭' },
    });
    expect(read('SUCCESS', 'REFUND.SUCCESS', forger.privateKey)).toMatchObject({
      isValid: false,
      reason: 'bad signature',
    });
    expect(read('SUCCESS', 'REFUND.SUCCESS', platform.privateKey, { mchid: '999' })).toMatchObject({
      isValid: false,
      reason: 'another merchant',
    });
    expect(read('PROCESSING', 'REFUND.SUCCESS')).toMatchObject({ isValid: false, reason: 'malformed refund notice' });
    // Encrypted with another key: not ours.
    const foreign = notification(
      api.refundResource('TD30', 'SUCCESS'),
      'REFUND.SUCCESS',
      'ffffffffffffffffffffffffffffffff',
    );
    expect(channel.verify(signedHeaders(platform.privateKey, foreign), foreign)).toMatchObject({
      isValid: false,
      reason: 'undecryptable resource',
    });
  });

  it('refuses an answer not signed by the platform', async () => {
    const bad = createWechatChannel({
      ...api.config,
      platformPublicKey: api.keys.pem(api.keys.forger.publicKey, 'spki'),
    });
    await expect(bad.query('YH9P1')).rejects.toThrow('微信支付应答签名验证失败');
    const otherKeyId = createWechatChannel({ ...api.config, platformPublicKeyId: 'PUB_KEY_ID_OTHER' });
    await expect(otherKeyId.query('YH9P1')).rejects.toThrow('微信支付应答签名验证失败');
  });

  it("checks the SDK's requests as documented: a signature by another key, over another body or time is refused", () => {
    const { merchant, forger } = api.keys;
    const timestamp = Math.floor(Date.now() / 1000);
    const authorization = (key = merchant.privateKey, at = timestamp, body = '{"a":1}') =>
      `WECHATPAY2-SHA256-RSA2048 mchid="1230000109",nonce_str="N1",signature="${crypto
        .createSign('RSA-SHA256')
        .update(`POST\n/v3/x?y=1\n${at}\nN1\n${body}\n`)
        .sign(key, 'base64')}",timestamp="${at}",serial_no="5157F09EFDC096DE15EBE81A47057A7232F1B8E1"`;
    const check = (auth: string) => isMerchantSigned(merchant.publicKey, 'POST', '/v3/x?y=1', auth, '{"a":1}');
    expect(check(authorization())).toBe(true);
    expect(check(authorization(forger.privateKey))).toBe(false);
    expect(check(authorization(merchant.privateKey, timestamp, '{"a":2}'))).toBe(false);
    expect(check(authorization(merchant.privateKey, timestamp - 600))).toBe(false);
    expect(check(authorization().replace('WECHATPAY2-SHA256-RSA2048', 'WECHATPAY2-SHA256'))).toBe(false);
    expect(check(authorization().replace('mchid="1230000109"', 'mchid="999"'))).toBe(false);
  });
});
