import type { TPayConfig } from '../../config.js';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TJobDef } from '../../jobs/index.js';
import { ledgerRepository } from './ledger.repository.js';
import type { TPayAdapter } from './pay.adapter.js';
import type { TRefundChannel } from './refund.port.js';
import { tradeRepository as repo } from './trade.repository.js';
import { createAccounts } from './trade-account.js';
import { createAppOrders } from './trade-app.js';
import { createClueOrders } from './trade-clue.js';
import { createOrders } from './trade-order.js';
import { createPayments } from './trade-payment.js';
import { createTradeSeatService, type TNotify } from './trade-seat.service.js';
import { createSettlement } from './trade-settle.js';

type TLogger = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** The seats' auto-renewal runs this often (while the pay job runs). */
const renewalEverySeconds = 600;

export type TTradeService = ReturnType<typeof createTradeService>;

/**
 * 账户, 订单 and 支付 (docs/decisions/0017-commerce.md), one file per use case: accounts and the
 * ledger (trade-account), orders (trade-order), payments and notifications (trade-payment), how a
 * payment ends (trade-settle) and seats (trade-seat.service). Refunds are the trade-refund area's:
 * `refunds` is its channel part, handed in by app.ts.
 */
export const createTradeService = (deps: {
  database: TDatabase;
  pay: TPayConfig;
  adapter: TPayAdapter;
  logger: TLogger;
  notify: TNotify;
  refunds: TRefundChannel;
}) => {
  const { database } = deps;
  const seat = createTradeSeatService(deps);
  const settlement = createSettlement(deps);
  const { askChannel, closeOrder } = settlement;

  /** One pass of the job: closes expired unpaid orders, asks the channel about recent ones. */
  const runJob = async (now = new Date()) => {
    let closed = 0;
    for (const { id, tenantId } of await repo.unpaidDue(database.db, now, 200)) {
      await withTenant(database, tenantId, async (tx) => {
        const o = await repo.orderById(tx, id, { lock: 'skip' });
        if (o?.state !== 'unpaid') return;
        await closeOrder(tx, o, now);
        closed++;
      });
    }
    for (const { id, tenantId } of await repo.unpaidRecent(database.db, now, 200)) {
      await withTenant(database, tenantId, async (tx) => {
        const o = await repo.orderById(tx, id, { lock: 'skip' });
        if (o?.state === 'unpaid') await askChannel(tx, o);
      });
    }
    return { closed };
  };

  return {
    ...seat,
    ...createAccounts(),
    ...createOrders({ ...deps, refundsOf: deps.refunds.ofOrder }),
    ...createClueOrders(deps),
    ...createAppOrders(deps),
    ...createPayments({ ...deps, settlement, refunds: deps.refunds }),

    runJob,

    /**
     * The jobs of the server's queue (0 seconds: none): every `seconds` the unpaid orders asked
     * about and the expired ones closed, with the refunds the channel has not finished (原路退回);
     * every ten minutes the seats' auto-renewal. SKIP LOCKED inside each as well.
     */
    jobs: (seconds: number): TJobDef[] =>
      seconds <= 0
        ? []
        : [
            {
              name: 'trade.orders',
              everySeconds: seconds,
              run: async () => {
                await runJob();
                await deps.refunds.run();
              },
            },
            { name: 'trade.seat-renewal', everySeconds: renewalEverySeconds, run: () => seat.runRenewalJob() },
          ],

    /** sum(ledger) = balance for every account; the accounts that differ (empty when the books hold). */
    reconcile: async () => ({
      accounts: await ledgerRepository.accountCount(database.db),
      differences: await ledgerRepository.reconcile(database.db),
    }),
  };
};
