import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client.js';
import { openTestDatabase } from '../../test/database.js';
import { createSandboxChannel } from './pay-sandbox.js';

/**
 * The sandbox channel: its trades live in `sandbox_trades` (migration 0049), so a QR
 * code being paid survives a restart of the server; refunds whole or partial, once per refund
 * number, never more than was paid.
 */
describe('sandbox channel', () => {
  let database: TDatabase;
  let n = 0;
  const sent: string[] = [];
  /** A channel object as a server start makes one (a restart makes another over the same table). */
  const channel = () =>
    createSandboxChannel({
      db: database.db,
      secret: 'k',
      deliver: async (raw) => {
        sent.push(raw);
      },
    });
  const created = async (amount = 1000) => {
    const outTradeNo = `YH${++n}P1`;
    const sandbox = channel();
    const { codeUrl } = await sandbox.adapter.precreate({
      outTradeNo,
      amount,
      subject: '套餐',
      expireAt: new Date(Date.now() + 60_000),
      origin: 'http://x',
    });
    expect(codeUrl).toBe(`http://x/dev/pay/page?t=${outTradeNo}`);
    return { sandbox, outTradeNo };
  };

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('keeps a trade across a restart: created by one channel object, paid through another', async () => {
    const { outTradeNo } = await created(1234);
    const restarted = channel();
    expect(await restarted.trade(outTradeNo)).toMatchObject({ amount: 1234, subject: '套餐', state: 'waiting' });
    expect(await restarted.act(outTradeNo, 'pay')).toBe('支付成功，请回到电脑端查看');
    const note = JSON.parse(sent.at(-1)!) as Record<string, unknown>;
    expect(note).toMatchObject({ outTradeNo, amount: 1234, status: 'SUCCESS' });
    // A third object (another restart) sees it paid, and a second tap does not pay twice.
    const again = channel();
    expect(await again.adapter.query(outTradeNo)).toMatchObject({
      state: 'paid',
      amount: 1234,
      channelTradeNo: note.channelTradeNo,
    });
    expect(await again.act(outTradeNo, 'pay')).toBe('已支付，无需重复支付');
  });

  it('pays once when the page is tapped many times at once', async () => {
    const { sandbox, outTradeNo } = await created();
    const before = sent.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => sandbox.act(outTradeNo, 'pay')));
    expect(answers.filter((a) => a === '支付成功，请回到电脑端查看')).toHaveLength(1);
    expect(sent.length - before).toBe(1);
  });

  it('closes, declines (a refusal ends the trade) and expires', async () => {
    const closed = await created();
    expect((await closed.sandbox.adapter.close(closed.outTradeNo)).state).toBe('closed');
    expect(await channel().act(closed.outTradeNo, 'pay')).toBe('交易已关闭，请回到电脑端重新下单');
    const declined = await created();
    expect(await declined.sandbox.act(declined.outTradeNo, 'decline')).toBe('已拒绝支付');
    expect((await declined.sandbox.adapter.query(declined.outTradeNo)).state).toBe('closed');
    expect(await declined.sandbox.act(declined.outTradeNo, 'pay')).toBe('交易已关闭，请回到电脑端重新下单');
    expect(await declined.sandbox.act('NOPE', 'pay')).toBe('交易不存在');
    expect((await declined.sandbox.adapter.query('NOPE')).state).toBe('unknown');
  });

  it('refunds parts under their numbers, a repeated number once, and the whole trade at last', async () => {
    const { sandbox, outTradeNo } = await created();
    await sandbox.act(outTradeNo, 'pay', { notify: false });
    const refund = (amount: number, refundNo: string) =>
      sandbox.adapter.refund({ outTradeNo, amount, refundNo, reason: '退订' });
    expect(await refund(300, 'TD1')).toMatchObject({ state: 'success' });
    expect(await refund(300, 'TD1')).toMatchObject({ state: 'success' });
    expect(await channel().refundsOf(outTradeNo)).toEqual({ TD1: 300 });
    expect((await sandbox.adapter.query(outTradeNo)).state).toBe('paid');
    expect(await refund(800, 'TD2')).toEqual({
      state: 'failed',
      reason: '退款金额超过可退金额',
      channelRefundId: null,
    });
    expect(await refund(200, 'TD1')).toMatchObject({ state: 'failed', reason: '退款单号已用于另一金额' });
    expect(await sandbox.adapter.refundQuery({ outTradeNo, refundNo: 'TD1' })).toMatchObject({ state: 'success' });
    expect(await sandbox.adapter.refundQuery({ outTradeNo, refundNo: 'TD2' })).toBeNull();
    expect(await refund(700, 'TD2')).toMatchObject({ state: 'success' });
    expect((await sandbox.adapter.query(outTradeNo)).state).toBe('refunded');
  });

  it('refunds a double payment whole under the trade number + R', async () => {
    const { sandbox, outTradeNo } = await created();
    await sandbox.act(outTradeNo, 'pay', { notify: false });
    await sandbox.adapter.refund({ outTradeNo, amount: 1000, reason: '重复支付退款' });
    expect(await sandbox.refundsOf(outTradeNo)).toEqual({ [`${outTradeNo}R`]: 1000 });
    expect((await sandbox.adapter.query(outTradeNo)).state).toBe('refunded');
  });
});
