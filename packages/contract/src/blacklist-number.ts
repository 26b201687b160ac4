import { z } from 'zod';
import { blackNumberRule, normaliseBlackNumber } from './blacklist-number-labels.js';

export { blackNumberRule, isBlackNumber, normaliseBlackNumber, splitNumbers } from './blacklist-number-labels.js';

/**
 * A number on a black-list: how it is typed, stored and compared. Also the dial flow's callee rule
 * (call.ts), so it stands apart from the list's routes.
 */

export const blackNumberMessage = '号码格式不正确：手机号为11位，固话为7-12位数字（含区号）';

export const ZBlackNumber = z
  .string({ error: '请输入号码' })
  .trim()
  .min(1, '请输入号码')
  .max(30, blackNumberMessage)
  .transform(normaliseBlackNumber)
  .pipe(z.string().regex(blackNumberRule, blackNumberMessage));
