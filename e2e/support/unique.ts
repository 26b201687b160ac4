let last = 0;

/**
 * Nine digits no earlier call of this run handed out: a strictly rising count of milliseconds, so
 * each attempt of a test (its CI retry included) registers accounts, mobiles and names of its own
 * and never meets what the attempt before it left behind (该账号或手机号已被使用). The files run one
 * after another, each later than the last, so no two files meet either.
 */
export const uniqueDigits = (): string => {
  last = Math.max(Date.now(), last + 1);
  return String(last % 1_000_000_000).padStart(9, '0');
};

/** A mobile number (1[3-9] and nine digits) nobody in this run has used. */
export const uniqueMobile = (): string => `13${uniqueDigits()}`;

/** An account name (a letter first, then letters and digits) nobody in this run has used: `prefix` and digits. */
export const uniqueAccount = (prefix: string): string => `${prefix}${uniqueDigits()}`;

/** A name nobody in this run has used: `before`, digits, `after` (宁波甬代123456789代理有限公司). */
export const uniqueName = (before: string, after = ''): string => `${before}${uniqueDigits()}${after}`;
