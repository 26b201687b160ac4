import crypto from 'node:crypto';
import { sandboxPayPagePath } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TChannelTrade, TPayAdapter, TRefundResult, TVerified } from './pay.adapter.js';
import { notifyAnswer, notRecorded } from './pay-notify-answer.js';
import { sandboxRepository as repo, type TSandboxTradeRow } from './pay-sandbox.repository.js';

/** The header carrying the sandbox's signature: hex HMAC-SHA256 of the raw body with PAY_SANDBOX_SECRET. */
export const sandboxSignatureHeader = 'x-sandbox-signature';

export const sandboxSign = (secret: string, rawBody: string): string =>
  crypto.createHmac('sha256', secret).update(rawBody).digest('hex');

/** Posts a signed notification to the server's notify endpoint, as a real channel would. */
export type TDeliver = (rawBody: string, headers: Record<string, string>) => Promise<void>;

const refunded = (t: TSandboxTradeRow) => Object.values(t.refunds).reduce((n, a) => n + a, 0);

/**
 * The development payment channel (docs/decisions/0017-commerce.md): it keeps its trades in the
 * `sandbox_trades` table (migration 0049), so a QR code being paid survives a server restart; it
 * serves a pay page (trade.http.ts) where a person or a test pays, declines or abandons, and on
 * payment posts a notification signed with HMAC-SHA256 over the raw body to
 * `POST /pay/notify/sandbox` — the same path and checks as a real channel's. Called inside the
 * trade area's transaction, it writes in it (`tx`); the pay page's acts open their own.
 */
export const createSandboxChannel = (opts: { secret: string | null; deliver: TDeliver; db: TDb }) => {
  const view = (t: TSandboxTradeRow | null): TChannelTrade =>
    t
      ? {
          // A refusal ends the trade, as a real channel's PAYERROR or TRADE_CLOSED does.
          state: t.state === 'declined' ? 'closed' : (t.state as TChannelTrade['state']),
          channelTradeNo: t.channelTradeNo,
          amount: t.amount,
          paidAt: t.paidAt?.getTime() ?? null,
        }
      : { state: 'unknown', channelTradeNo: null, amount: null, paidAt: null };

  const notify = async (outTradeNo: string, t: TSandboxTradeRow) => {
    if (!opts.secret) return;
    const raw = JSON.stringify({
      outTradeNo,
      channelTradeNo: t.channelTradeNo,
      amount: t.amount,
      status: 'SUCCESS',
      paidAt: t.paidAt?.getTime() ?? null,
    });
    await opts.deliver(raw, {
      'content-type': 'application/json',
      [sandboxSignatureHeader]: sandboxSign(opts.secret, raw),
    });
  };

  /** In the caller's transaction when given one, else in a transaction of its own. */
  const within = <T>(tx: TDb | undefined, fn: (db: TDb) => Promise<T>) =>
    tx ? fn(tx) : opts.db.transaction((own) => fn(own as unknown as TDb));

  const adapter: TPayAdapter = {
    channel: 'sandbox',
    precreate: async ({ outTradeNo, amount, subject, expireAt, origin }, tx) => {
      await repo.insert(tx ?? opts.db, { outTradeNo, amount, subject, expireAt });
      return { codeUrl: `${origin}${sandboxPayPagePath}?t=${encodeURIComponent(outTradeNo)}` };
    },
    query: async (outTradeNo, tx) => view(await repo.get(tx ?? opts.db, outTradeNo)),
    close: (outTradeNo, tx) =>
      within(tx, async (db) => {
        const t = await repo.get(db, outTradeNo, true);
        if (t && (t.state === 'waiting' || t.state === 'declined')) {
          await repo.update(db, outTradeNo, { state: 'closed' });
          return view({ ...t, state: 'closed' });
        }
        return view(t);
      }),
    // Whole or partial, like the real channels, and at once, like Alipay: never more than was paid,
    // once per refund number; the trade is refunded when all of it went back.
    refund: (t, tx) =>
      within(tx, async (db): Promise<TRefundResult> => {
        const { outTradeNo, amount, refundNo = `${t.outTradeNo}R` } = t;
        const ok = { state: 'success', reason: '', channelRefundId: refundNo } as const;
        const trade = await repo.get(db, outTradeNo, true);
        // A trade the sandbox never made, or one a test paid by posting a signed notification itself
        // (the trade still waits here): refunded as asked, within what the trade is worth.
        if (!trade) return ok;
        const held = trade.refunds[refundNo];
        if (held !== undefined) {
          return held === amount ? ok : { state: 'failed', reason: '退款单号已用于另一金额', channelRefundId: null };
        }
        const before = refunded(trade);
        if (!Number.isSafeInteger(amount) || amount <= 0 || before + amount > trade.amount) {
          return { state: 'failed', reason: '退款金额超过可退金额', channelRefundId: null };
        }
        await repo.update(db, outTradeNo, {
          refunds: { ...trade.refunds, [refundNo]: amount },
          state: before + amount === trade.amount && trade.state === 'paid' ? 'refunded' : trade.state,
        });
        return ok;
      }),
    refundQuery: async ({ outTradeNo, refundNo }, tx) => {
      const held = (await repo.get(tx ?? opts.db, outTradeNo))?.refunds[refundNo];
      return held === undefined ? null : { state: 'success', reason: '', channelRefundId: refundNo };
    },
    verify: (headers, rawBody): TVerified => {
      let outTradeNo: string | null = null;
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
        outTradeNo = typeof body.outTradeNo === 'string' ? body.outTradeNo : null;
      } catch {
        body = null;
      }
      const given = headers[sandboxSignatureHeader];
      if (!opts.secret) return { isValid: false, reason: 'no sandbox key configured', outTradeNo };
      const want = sandboxSign(opts.secret, rawBody);
      if (
        typeof given !== 'string' ||
        given.length !== want.length ||
        !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(want))
      ) {
        return { isValid: false, reason: 'bad signature', outTradeNo };
      }
      if (
        !body ||
        !outTradeNo ||
        body.status !== 'SUCCESS' ||
        typeof body.channelTradeNo !== 'string' ||
        !Number.isSafeInteger(body.amount) ||
        typeof body.paidAt !== 'number'
      ) {
        return { isValid: false, reason: 'malformed notification', outTradeNo };
      }
      return {
        isValid: true,
        event: { outTradeNo, channelTradeNo: body.channelTradeNo, amount: body.amount as number, paidAt: body.paidAt },
      };
    },
    answer: (ok) => notifyAnswer('sandbox', ok ? undefined : notRecorded),
  };

  /** What the pay page shows. */
  const trade = (outTradeNo: string) => repo.get(opts.db, outTradeNo);

  /** What went back of a trade, by refund number (tests and the pay page). */
  const refundsOf = async (outTradeNo: string) => (await repo.get(opts.db, outTradeNo))?.refunds ?? {};

  /**
   * The payer's act on the pay page. Answers a Chinese sentence for the page. `notify: false`
   * pays without notifying (a notification lost on the way: the server finds it by asking). The
   * trade is locked, so two taps pay once; the notification leaves after the commit.
   */
  const act = async (outTradeNo: string, action: 'pay' | 'decline', how = { notify: true }): Promise<string> => {
    const done = await within(undefined, async (db) => {
      const t = await repo.get(db, outTradeNo, true);
      if (!t) return { msg: '交易不存在', paid: null };
      if (action === 'decline') {
        if (t.state !== 'waiting') return { msg: '交易状态已变化，无法拒绝', paid: null };
        await repo.update(db, outTradeNo, { state: 'declined' });
        return { msg: '已拒绝支付', paid: null };
      }
      if (t.state === 'paid') return { msg: '已支付，无需重复支付', paid: null };
      if (t.state === 'closed' || t.state === 'refunded' || t.state === 'declined')
        return { msg: '交易已关闭，请回到电脑端重新下单', paid: null };
      if (Date.now() > t.expireAt.getTime()) {
        await repo.update(db, outTradeNo, { state: 'closed' });
        return { msg: '二维码已过期，请回到电脑端重新下单', paid: null };
      }
      const paid = {
        ...t,
        state: 'paid',
        paidAt: new Date(),
        channelTradeNo: `SBX${Date.now()}${crypto.randomInt(100000, 999999)}`,
      };
      await repo.update(db, outTradeNo, { state: 'paid', paidAt: paid.paidAt, channelTradeNo: paid.channelTradeNo });
      return { msg: '支付成功，请回到电脑端查看', paid };
    });
    if (done.paid && how.notify) await notify(outTradeNo, done.paid);
    return done.msg;
  };

  return { adapter, trade, act, refundsOf };
};

export type TSandboxChannel = ReturnType<typeof createSandboxChannel>;
