/**
 * Spec section 7: the token lives under CLOUD_TOKEN in session storage, with a cookie as fallback.
 * The cookie is the server's, set at sign-in and HttpOnly so an injected script cannot read it
 * (docs/decisions/0076-token-cookie.md); this script keeps the tab's copy for the CLOUD-TOKEN
 * header and writes no token cookie of its own.
 */
export const TOKEN_KEY = 'CLOUD_TOKEN';
/** The server's readable mark beside its HttpOnly token cookie: a cookie session exists (no secret). */
export const SESSION_MARK = 'CLOUD_SESSION';

const readCookie = (name: string): string | null => {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
};

/** The token for the CLOUD-TOKEN header; null in a tab that only has the cookie session. */
export const getToken = (): string | null => sessionStorage.getItem(TOKEN_KEY);

/** Whether a session may exist: the tab's token, or the server's cookie (another tab signed in). */
export const hasSession = (): boolean => Boolean(getToken()) || readCookie(SESSION_MARK) === '1';

export const setToken = (token: string): void => {
  sessionStorage.setItem(TOKEN_KEY, token);
};

/** Clears the tab's token and the mark; the HttpOnly cookie is the server's to clear (sign-out). */
export const clearToken = (): void => {
  sessionStorage.removeItem(TOKEN_KEY);
  // biome-ignore lint/suspicious/noDocumentCookie: the mark must go at once and synchronously (Cookie Store is async and not everywhere).
  document.cookie = `${SESSION_MARK}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Strict`;
};
