// The blacklist-number area's labels, lists and plain rules, apart from its zod schemas so the web reaches
// them without zod, so the first load stays small; blacklist-number.ts re-exports them under the same names.

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

export const isBlackNumber = (number: string): boolean => blackNumberRule.test(number);

/** Splits pasted text (one number per line, or separated by commas, semicolons, 、 or tabs). */
export const splitNumbers = (text: string): string[] =>
  text
    .split(/[\n\r,，;；、\t]+/)
    .map((s) => s.trim())
    .filter(Boolean);
