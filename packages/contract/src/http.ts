import { z } from 'zod';

/**
 * `reason` names the error by a stable key (`<area>.<name>`, declared once in the server's
 * `<area>.errors.ts`), so a client branches on it, never on the message text.
 */
export type TEnvelope<T> = { code: number; msg: string; data: T; reason?: string };

/** Paging request: page from 1 (DESIGN.md section 3). */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1, '页码必须从1开始').default(1),
  limit: z.coerce.number().int().min(1, '每页条数至少为1').max(500, '每页条数不能超过500').default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** Sort order for list endpoints: a whitelisted column and a direction. */
export const ZSortOrder = z.enum(['ascend', 'descend']);

/**
 * An integer, one schema for the whole contract (some 450 fields): every schema built costs the
 * server's start and the page's first use. zod's schemas are immutable, so one serves all.
 */
export const zInt = z.number().int();
/** A string with no rule of its own, and a boolean: one schema each, for the same reason. */
export const zString = z.string();
export const zBoolean = z.boolean();

export const zPage = <T extends z.ZodType>(item: T) =>
  z.object({ records: z.array(item), total: zInt, size: zInt, current: zInt, pages: zInt });
export type TPage<T> = { records: T[]; total: number; size: number; current: number; pages: number };

/** The paging envelope of a list answer, beside `zPage` so it is built one way everywhere. */
export const toPage = <T>(records: T[], total: number, q: { page: number; limit: number }): TPage<T> => ({
  records,
  total,
  size: q.limit,
  current: q.page,
  pages: Math.ceil(total / q.limit),
});

/** The dates any time of ours may fall between: 1900-01-01 and 2100-01-01 (UTC). */
export const timeBounds = { min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) };

/**
 * Epoch milliseconds, bounded to sane dates: a number JSON allows but a date does not
 * (9007199254740991) is refused here, not met as `Invalid time value` in a handler.
 */
export const ZTime = z
  .number({ error: '时间格式不正确' })
  .int('时间格式不正确')
  .min(timeBounds.min, '时间超出范围')
  .max(timeBounds.max, '时间超出范围');

/** A list's time window, either end open: the lists filtered by when (明细, 流水, 同步日志). */
export const ZTimeRange = z.object({ from: ZTime.optional(), to: ZTime.optional() });

/**
 * Text as people type it in a Chinese input method, folded before any check, the same for an
 * import's cell and a form's field: full-width digits and letters (１３９…, Ｂ), the ideographic
 * space and full-width punctuation become their half-width forms (NFKC), zero-width characters
 * copied from web pages and chat tools are dropped, and the text is trimmed.
 */
export const foldTyped = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .trim();

/**
 * A mobile number as people write it: +86 / 86 / 0086 before it, spaces, dashes, dots or
 * brackets between its digits (139 1234 5678, 139-1234-5678, (139)12345678). Folded first.
 */
export const normaliseTypedMobile = (text: string): string =>
  foldTyped(text)
    .replace(/[\s\-–—_.()]/g, '')
    .replace(/^(\+|00)?86(?=1\d{10}$)/, '');

/** A mobile as typed (full-width digits, +86, spaces, dashes), normalised as an import's cell is, then checked. */
export const ZMobile = z
  .string({ error: '请输入手机号' })
  .transform(normaliseTypedMobile)
  .pipe(z.string().regex(/^1[3-9]\d{9}$/, '手机号格式不正确'));

export const ZPassword = z
  .string({ error: '请输入密码' })
  .min(8, '密码至少8位')
  .max(32, '密码最多32位')
  .regex(/^(?=.*[A-Za-z])(?=.*\d).+$/, '密码需同时包含字母和数字');

export const ZSmsCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, '验证码为6位数字');

/** A mobile and the SMS code sent to it: the person holds the number (SMS sign-in, a new mobile). */
export const ZMobileCode = z.object({ mobile: ZMobile, code: ZSmsCode });

export const ZEmpty = z.object({}).strict();
export const ZNull = z.null();

/** A file an upload endpoint stored: where to read it back, and its name, size and type as sent. */
export const ZUploaded = z.object({ url: zString, name: zString, size: zInt, type: zString });
export type TUploaded = z.infer<typeof ZUploaded>;

/** A signed link to a stored file (a recording, a report's material) and when it stops working. */
export const ZSignedUrl = z.object({ url: zString, expiresAt: ZTime });

/** How many rows a delete removed. */
export const ZDeleted = z.object({ deleted: zInt });

/** A picker's entry: an id and its name. */
export const ZIdName = z.object({ id: zInt, name: zString });
