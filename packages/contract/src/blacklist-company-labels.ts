// 企业黑名单 (companies)'s limits and the name and line rules, apart from its zod schemas so the web
// reaches them without zod; blacklist-company.ts re-exports them under the same names.

/**
 * 企业黑名单 of companies: the enterprise's companies whose contacts must never become customers, named
 * by 统一社会信用代码 and/or exact name. 企业线索 marks them (已拉黑) and refuses to unlock or convert
 * them; they are kept beside the number black-list and managed with its permissions.
 */
export const companyBlacklistLimits = {
  nameMax: 100,
  remarkMax: 200,
  /** Lines of one batch add. */
  maxBatch: 500,
  /** Names or codes of one query. */
  maxQuery: 500,
  /** Rows of one download. */
  maxExport: 20000,
} as const;

/** A unified social credit code: 18 characters of digits and capitals (GB 32100). */
export const creditCodePattern = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** What two names are compared by: NFKC (全角 brackets as half-width), no spaces, Latin in capitals. */
export const companyNameKey = (name: string) => name.normalize('NFKC').replace(/\s+/g, '').toUpperCase();

export const looksLikeCreditCode = (text: string) => creditCodePattern.test(text.trim().toUpperCase());

/**
 * One line of a batch add: a credit code, a name, or both separated by a comma, tab or space after the
 * code (`91110000MA0000000X 北京某某有限公司`). Null for a blank line.
 */
export const parseCompanyLine = (line: string): { creditCode: string; name: string } | null => {
  const text = line.normalize('NFKC').trim();
  if (!text) return null;
  const parts = text
    .split(/[\t,;]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const first = parts[0]!.split(/\s+/, 1)[0]!;
  if (parts.length === 1 && looksLikeCreditCode(first) && first.length < parts[0]!.length) {
    return { creditCode: first.toUpperCase(), name: parts[0]!.slice(first.length).trim() };
  }
  const codeAt = parts.findIndex(looksLikeCreditCode);
  if (codeAt < 0) return { creditCode: '', name: parts.join(' ') };
  return {
    creditCode: parts[codeAt]!.toUpperCase(),
    name: parts.filter((_p, i) => i !== codeAt).join(' '),
  };
};
