import type { TChannelRefund } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRefundEvent } from './pay.adapter.js';

/**
 * What orders and payments need of the refunds sent back through a channel (原路退回). The
 * trade-refund area provides it and app.ts hands it in: refunds build on orders, never the reverse.
 */
export type TRefundChannel = {
  /** The refund shares of an order, for its details. */
  ofOrder: (db: TDb, orderId: number) => Promise<TChannelRefund[]>;
  /** A verified refund notification of the channel; answers what happened to the share. */
  settle: (event: TRefundEvent) => Promise<string>;
  /** One pass over the shares the channel has not finished (the order job runs it). */
  run: () => Promise<unknown>;
};
