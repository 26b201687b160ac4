import crypto from 'node:crypto';
import { beijingStamp } from '@yunhu/contract';

/**
 * A money document's number: its kind's prefix (YH an order, JS an agent's settlement, ZY a
 * transfer of packages), Beijing time to the second and 6 random digits. Readable on the phone;
 * unique by its table's index, the caller drawing again when one is taken.
 */
export const newDocumentNo = (prefix: 'YH' | 'JS' | 'ZY', now: Date): string =>
  `${prefix}${beijingStamp(now)}${crypto.randomInt(100000, 1000000)}`;
