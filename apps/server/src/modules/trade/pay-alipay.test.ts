import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPayAdapter } from './pay.adapter.js';
import { createAlipayChannel, fenOfYuanText } from './pay-alipay.js';

const pem = (k: crypto.KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }).toString();
const keyPair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const rsa2 = (key: crypto.KeyObject, text: string) =>
  crypto.createSign('RSA-SHA256').update(text, 'utf8').sign(key, 'base64');

/** Alipay's notification signing (documented): sorted key=value of every field but sign and sign_type, RSA2. */
const signNotification = (key: crypto.KeyObject, fields: Record<string, string>) => {
  const content = Object.keys(fields)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return new URLSearchParams({ ...fields, sign_type: 'RSA2', sign: rsa2(key, content) }).toString();
};

/**
 * The Alipay channel against a gateway that answers as Alipay's documentation shows, signing its
 * answers and notifications with a key this test generates (the merchant's key is generated too,
 * and the gateway checks the requests with it).
 */
describe('alipay channel', () => {
  const merchant = keyPair();
  const alipay = keyPair();
  const forger = keyPair();
  const trades = new Map<string, { amount: string; status: string; tradeNo: string }>();
  const requests: { method: string; biz: Record<string, string>; notifyUrl: string | null; signed: boolean }[] = [];
  /** Refunds made, by out_request_no (fen): the same number again moves no money (fund_change N). */
  const refunds = new Map<string, string>();
  let server: http.Server;
  let channel: TPayAdapter;

  const answer = (method: string, body: Record<string, unknown>) => {
    const inner = JSON.stringify(body);
    return `{"${method.replaceAll('.', '_')}_response":${inner},"sign":"${rsa2(alipay.privateKey, inner)}"}`;
  };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const params = { ...Object.fromEntries(url.searchParams), ...Object.fromEntries(new URLSearchParams(raw)) };
        const { sign, ...rest } = params;
        const content = Object.keys(rest)
          .sort()
          .map((k) => `${k}=${rest[k]}`)
          .join('&');
        const signed = crypto
          .createVerify('RSA-SHA256')
          .update(content)
          .verify(merchant.publicKey, sign ?? '', 'base64');
        const method = params.method ?? '';
        const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
        requests.push({ method, biz, notifyUrl: params.notify_url ?? null, signed });
        const trade = trades.get(biz.out_trade_no ?? '');
        let body: Record<string, unknown>;
        if (method === 'alipay.trade.precreate') {
          trades.set(biz.out_trade_no!, {
            amount: biz.total_amount!,
            status: 'WAIT_BUYER_PAY',
            tradeNo: `2026${trades.size}`,
          });
          body = {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            qr_code: `https://qr.alipay.com/bax0${trades.size}`,
          };
        } else if (!trade) {
          body = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
        } else if (method === 'alipay.trade.query') {
          body = {
            code: '10000',
            msg: 'Success',
            out_trade_no: biz.out_trade_no,
            trade_no: trade.tradeNo,
            trade_status: trade.status,
            total_amount: trade.amount,
            send_pay_date: '2026-11-24 18:30:05',
          };
        } else if (method === 'alipay.trade.close') {
          if (trade.status === 'WAIT_BUYER_PAY') trade.status = 'TRADE_CLOSED';
          body = { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no };
        } else if (method === 'alipay.trade.fastpay.refund.query') {
          // As documented: REFUND_SUCCESS for a refund made; no refund_status when none was.
          const held = refunds.get(biz.out_request_no ?? '');
          body = held
            ? {
                code: '10000',
                msg: 'Success',
                out_trade_no: biz.out_trade_no,
                out_request_no: biz.out_request_no,
                refund_amount: held,
                total_amount: trade.amount,
                refund_status: 'REFUND_SUCCESS',
              }
            : { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no, out_request_no: biz.out_request_no };
        } else if (biz.out_request_no === 'TDSYSERR') {
          body = {
            code: '20000',
            msg: 'Service Currently Unavailable',
            sub_code: 'ACQ.SYSTEM_ERROR',
            sub_msg: '系统错误',
          };
        } else if (biz.out_request_no === 'TDFAIL') {
          // As documented for a refund the merchant cannot make.
          body = {
            code: '40004',
            msg: 'Business Failed',
            sub_code: 'ACQ.SELLER_BALANCE_NOT_ENOUGH',
            sub_msg: '卖家余额不足',
          };
        } else {
          const isRepeated = refunds.has(biz.out_request_no!);
          refunds.set(biz.out_request_no!, biz.refund_amount!);
          body = {
            code: '10000',
            msg: 'Success',
            trade_no: '2026112422001400000000000001',
            out_trade_no: biz.out_trade_no,
            buyer_logon_id: '159****5620',
            refund_fee: biz.refund_amount,
            fund_change: isRepeated ? 'N' : 'Y',
          };
        }
        res.setHeader('content-type', 'application/json;charset=utf-8');
        res.end(answer(method, body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    channel = await createAlipayChannel({
      appId: '2021000000000001',
      privateKey: pem(merchant.privateKey, 'pkcs8'),
      alipayPublicKey: pem(alipay.publicKey, 'spki'),
      gateway: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`,
      notifyUrl: 'https://yunhu.example.com/pay/notify/alipay',
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads yuan text as fen exactly', () => {
    expect(fenOfYuanText('88.80')).toBe(8880);
    expect(fenOfYuanText('0.07')).toBe(7);
    expect(fenOfYuanText('12')).toBe(1200);
    expect(fenOfYuanText('1.005')).toBeNull();
    expect(fenOfYuanText('-1')).toBeNull();
  });

  it('precreates a QR code with a signed request, then queries, closes and refunds', async () => {
    const code = await channel.precreate({
      outTradeNo: 'YH1P1',
      amount: 12345,
      subject: '浙江软电话线路 1000分钟月包 ×1',
      expireAt: new Date('2026-11-24T10:15:00Z'),
      origin: 'http://ignored',
    });
    expect(code.codeUrl).toBe('https://qr.alipay.com/bax01');
    expect(requests[0]).toMatchObject({
      method: 'alipay.trade.precreate',
      signed: true,
      notifyUrl: 'https://yunhu.example.com/pay/notify/alipay',
      biz: { out_trade_no: 'YH1P1', total_amount: '123.45', time_expire: '2026-11-24 18:15:00' },
    });
    expect(await channel.query('YH1P1')).toEqual({
      state: 'waiting',
      channelTradeNo: '20260',
      amount: 12345,
      paidAt: Date.parse('2026-11-24T18:30:05+08:00'),
    });
    expect((await channel.query('NOPE')).state).toBe('unknown');
    expect((await channel.close('YH1P1')).state).toBe('closed');
    trades.set('YH2P1', { amount: '1.00', status: 'TRADE_SUCCESS', tradeNo: '2026X' });
    expect((await channel.close('YH2P1')).state).toBe('paid');
    await channel.refund({ outTradeNo: 'YH2P1', amount: 100, reason: '重复支付退款' });
    expect(requests.at(-1)).toMatchObject({
      method: 'alipay.trade.refund',
      biz: { refund_amount: '1.00', out_request_no: 'YH2P1R' },
    });
  });

  it('refunds part of a trade under its own number at once (fund_change), asks on N, and reads refusals', async () => {
    const refund = (amount: number, refundNo: string) =>
      channel.refund({ outTradeNo: 'YH2P1', amount, total: 100, refundNo, reason: '套餐退订' });
    expect(await refund(37, 'TD17')).toEqual({
      state: 'success',
      reason: '',
      channelRefundId: '2026112422001400000000000001',
    });
    expect(requests.at(-1)).toMatchObject({
      method: 'alipay.trade.refund',
      biz: { out_trade_no: 'YH2P1', refund_amount: '0.37', out_request_no: 'TD17', refund_reason: '套餐退订' },
    });
    // The same number again: fund_change N, so the refund query decides (REFUND_SUCCESS).
    expect(await refund(37, 'TD17')).toMatchObject({ state: 'success' });
    expect(requests.at(-1)).toMatchObject({
      method: 'alipay.trade.fastpay.refund.query',
      biz: { out_trade_no: 'YH2P1', out_request_no: 'TD17' },
    });
    expect(await channel.refundQuery({ outTradeNo: 'YH2P1', refundNo: 'TD17' })).toMatchObject({ state: 'success' });
    expect(await channel.refundQuery({ outTradeNo: 'YH2P1', refundNo: 'TD99' })).toBeNull();
    // A business failure ends it; a system error is no answer (thrown: the same number again later).
    expect(await refund(1, 'TDFAIL')).toEqual({
      state: 'failed',
      reason: '支付宝拒绝退款：卖家余额不足',
      channelRefundId: null,
    });
    await expect(refund(1, 'TDSYSERR')).rejects.toThrow('系统错误');
  });

  it('refuses an answer not signed by Alipay', async () => {
    const bad = await createAlipayChannel({
      appId: '2021000000000001',
      privateKey: pem(merchant.privateKey, 'pkcs8'),
      // Another public key: the gateway's answers no longer verify.
      alipayPublicKey: pem(forger.publicKey, 'spki'),
      gateway: `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`,
      notifyUrl: 'https://yunhu.example.com/pay/notify/alipay',
    });
    await expect(bad.query('YH1P1')).rejects.toThrow();
  });

  it('verifies a notification signed with Alipay’s key (the documented sample’s fields) and refuses others', () => {
    const sample = {
      gmt_create: '2026-11-24 18:29:50',
      charset: 'utf-8',
      gmt_payment: '2026-11-24 18:30:05',
      notify_time: '2026-11-24 18:30:06',
      subject: '浙江软电话线路 1000分钟月包 ×1',
      buyer_id: '2088102122524333',
      invoice_amount: '123.45',
      version: '1.0',
      notify_id: 'ac05099524730693a8b330c5ecf72da9786',
      fund_bill_list: '[{"amount":"123.45","fundChannel":"ALIPAYACCOUNT"}]',
      notify_type: 'trade_status_sync',
      out_trade_no: 'YH1P1',
      total_amount: '123.45',
      trade_status: 'TRADE_SUCCESS',
      trade_no: '2026112422001424330500000001',
      auth_app_id: '2021000000000001',
      receipt_amount: '123.45',
      point_amount: '0.00',
      app_id: '2021000000000001',
      buyer_pay_amount: '123.45',
      seller_id: '2088102119685838',
    };
    const good = channel.verify({}, signNotification(alipay.privateKey, sample));
    expect(good).toEqual({
      isValid: true,
      event: {
        outTradeNo: 'YH1P1',
        channelTradeNo: '2026112422001424330500000001',
        amount: 12345,
        paidAt: Date.parse('2026-11-24T18:30:05+08:00'),
      },
    });
    expect(channel.verify({}, signNotification(forger.privateKey, sample))).toMatchObject({
      isValid: false,
      reason: 'bad signature',
    });
    // A field changed after signing.
    const tampered = signNotification(alipay.privateKey, sample).replace('total_amount=123.45', 'total_amount=0.01');
    expect(channel.verify({}, tampered)).toMatchObject({ isValid: false, reason: 'bad signature' });
    expect(channel.verify({}, signNotification(alipay.privateKey, { ...sample, app_id: '2021999' }))).toMatchObject({
      isValid: false,
      reason: 'another app',
    });
    expect(
      channel.verify({}, signNotification(alipay.privateKey, { ...sample, trade_status: 'TRADE_CLOSED' })),
    ).toMatchObject({
      isValid: false,
      isIgnored: true,
    });
    // A refund's notice (out_biz_no, refund_fee): the refund's own answer decided; nothing to settle.
    const refundNotice = { ...sample, out_biz_no: 'TD17', refund_fee: '0.37', gmt_refund: '2026-11-24 18:40:05.123' };
    expect(channel.verify({}, signNotification(alipay.privateKey, refundNotice))).toMatchObject({
      isValid: false,
      isIgnored: true,
      reason: 'refund notice',
    });
    expect(channel.answer(true)).toEqual({ status: 200, body: 'success', contentType: 'text/plain; charset=utf-8' });
    expect(channel.answer(false)).toMatchObject({ status: 200, body: 'failure' });
  });
});
