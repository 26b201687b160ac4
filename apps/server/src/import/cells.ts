/**
 * What every cell of every import goes through before any check (issue 12): lists arrive typed in
 * a Chinese input method, so full-width digits and letters (１３９…, Ｂ), the ideographic space and
 * full-width punctuation are folded to their half-width forms (NFKC), and the cell is trimmed.
 * Zero-width characters copied from web pages and chat tools are dropped.
 */
export const foldCell = (text: string): string =>
  text
    .normalize('NFKC')
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .trim();

/**
 * A mobile number as people write it: +86 / 86 / 0086 before it, spaces, dashes, dots or
 * brackets between its digits (139 1234 5678, 139-1234-5678, (139)12345678). Folded first.
 */
export const normaliseImportMobile = (text: string): string =>
  foldCell(text)
    .replace(/[\s\-–—_.()]/g, '')
    .replace(/^(\+|00)?86(?=1\d{10}$)/, '');

/** Excel shows long numbers as 1.39E+10 and saves them so in CSV: the digits are lost. */
export const isScientific = (typed: string) => /^\d(\.\d+)?E\+\d+$/i.test(typed);
