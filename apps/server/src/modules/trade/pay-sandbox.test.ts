import { describe, expect, it } from 'vitest';
import { createSandboxChannel } from './pay-sandbox.js';

/** The sandbox's refunds (issue 15): whole or partial, once per refund number, never more than was paid. */
describe('sandbox channel refunds', () => {
  const paid = async () => {
    const sandbox = createSandboxChannel({ secret: 'k', deliver: async () => {} });
    await sandbox.adapter.precreate({
      outTradeNo: 'YH1P1',
      amount: 1000,
      subject: '套餐',
      expireAt: new Date(Date.now() + 60_000),
      origin: 'http://x',
    });
    await sandbox.act('YH1P1', 'pay', { notify: false });
    return sandbox;
  };

  it('refunds parts under their numbers, a repeated number once, and the whole trade at last', async () => {
    const sandbox = await paid();
    await sandbox.adapter.refund({ outTradeNo: 'YH1P1', amount: 300, refundNo: 'TD1', reason: '退订' });
    await sandbox.adapter.refund({ outTradeNo: 'YH1P1', amount: 300, refundNo: 'TD1', reason: '重试' });
    expect(sandbox.refundsOf('YH1P1')).toEqual({ TD1: 300 });
    expect((await sandbox.adapter.query('YH1P1')).state).toBe('paid');
    await expect(
      sandbox.adapter.refund({ outTradeNo: 'YH1P1', amount: 800, refundNo: 'TD2', reason: '超额' }),
    ).rejects.toThrow('退款金额超过可退金额');
    await expect(
      sandbox.adapter.refund({ outTradeNo: 'YH1P1', amount: 200, refundNo: 'TD1', reason: '换金额' }),
    ).rejects.toThrow('退款单号已用于另一金额');
    await sandbox.adapter.refund({ outTradeNo: 'YH1P1', amount: 700, refundNo: 'TD2', reason: '其余' });
    expect((await sandbox.adapter.query('YH1P1')).state).toBe('refunded');
  });

  it('refunds a double payment whole under the trade number + R', async () => {
    const sandbox = await paid();
    await sandbox.adapter.refund({ outTradeNo: 'YH1P1', amount: 1000, reason: '重复支付退款' });
    expect(sandbox.refundsOf('YH1P1')).toEqual({ YH1P1R: 1000 });
    expect((await sandbox.adapter.query('YH1P1')).state).toBe('refunded');
  });
});
