/**
 * Billing's labels and permission strings without zod, so the web's screens take them
 * without the schemas (a leaf: imports nothing).
 */

/** 收支明细, 消费明细, 账单, 账单分析 and the platform's rates and revenue (`area:object:action`). */
export const BillingPerm = {
  /** 收支明细 (the ledger by direction), 退款 and the monthly money summary. */
  moneyList: 'billing:money:list',
  moneyExport: 'billing:money:export',
  /** 消费明细: every charged call and what paid for it (within the data scope). */
  consumeList: 'billing:consume:list',
  consumeExport: 'billing:consume:export',
  /** 账单 (the month per line and department) and 账单分析 (its charts). */
  billList: 'billing:bill:list',
  billExport: 'billing:bill:export',
  /** The low-balance threshold and its SMS. */
  settings: 'billing:settings:edit',
  platformRate: 'platform:billing:rate',
  platformRevenue: 'platform:billing:revenue',
} as const;

export const ledgerDirections = ['in', 'out'] as const;
export type TLedgerDirection = (typeof ledgerDirections)[number];
export const ledgerDirectionLabel: Record<TLedgerDirection, string> = { in: '收入', out: '支出' };

export const billingLimits = {
  /** A rate's unit price in fen (1,000 yuan per unit at most). */
  maxUnitPrice: 100_000,
  /** The low-balance threshold in fen (1,000,000 yuan). */
  maxThresholdFen: 100_000_000,
  /** A rate may start this long before now at most (a clock a little behind), never earlier. */
  pastToleranceMs: 60_000,
} as const;

/** The increments a line is billed by (seconds per unit). */
export const billingIncrements = [1, 6, 30, 60] as const;
