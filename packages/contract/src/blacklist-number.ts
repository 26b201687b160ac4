import { z } from 'zod';

/**
 * A number on a black-list: how it is typed, stored and compared. Also the dial flow's callee rule
 * (call.ts), so it stands apart from the list's routes.
 */

const mobileRule = /^1[3-9]\d{9}$/;

/**
 * A number as the lists store and compare it. Mobiles are normalised like customer mobiles (spaces,
 * dashes and +86 dropped). Fixed lines are accepted too: the digits with their area code (010 1234
 * 5678, (0571)87654321 and +86 10 12345678 all become 01012345678-style digits). A fixed line typed
 * without its area code is a different number: the lists compare exact digits.
 */
export const normaliseBlackNumber = (typed: string): string => {
  const s = typed.replace(/[\s\-()（）]/g, '');
  const intl = /^(?:\+|00)86(\d{6,11})$/.exec(s);
  if (intl) return mobileRule.test(intl[1]!) ? intl[1]! : `0${intl[1]!.replace(/^0/, '')}`;
  return s.replace(/^86(?=1[3-9]\d{9}$)/, '');
};

/** An 11-digit mainland mobile, or any other number of 7 to 12 digits (a fixed line with its area code). */
export const blackNumberRule = /^(?:1[3-9]\d{9}|\d{7,12})$/;
export const blackNumberMessage = '号码格式不正确：手机号为11位，固话为7-12位数字（含区号）';
export const isBlackNumber = (number: string): boolean => blackNumberRule.test(number);

/** Splits pasted text (one number per line, or separated by commas, semicolons, 、 or tabs). */
export const splitNumbers = (text: string): string[] =>
  text
    .split(/[\n\r,，;；、\t]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export const ZBlackNumber = z
  .string({ error: '请输入号码' })
  .trim()
  .min(1, '请输入号码')
  .max(30, blackNumberMessage)
  .transform(normaliseBlackNumber)
  .pipe(z.string().regex(blackNumberRule, blackNumberMessage));
