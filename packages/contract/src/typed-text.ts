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
