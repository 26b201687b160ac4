/** Spec section 7: the token lives under CLOUD_TOKEN in session storage, with a cookie as fallback. */
export const TOKEN_KEY = 'CLOUD_TOKEN';
/** Spec section 9: the token cookie lives 0.5 day unless the caller says otherwise. */
export const DEFAULT_TOKEN_DAYS = 0.5;

const readCookie = (name: string): string | null => {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
};

const writeCookie = (value: string): void => {
  // biome-ignore lint/suspicious/noDocumentCookie: the spec's synchronous token read needs document.cookie (Cookie Store is async and not everywhere).
  document.cookie = value;
};

export const getToken = (): string | null => sessionStorage.getItem(TOKEN_KEY) || readCookie(TOKEN_KEY);

export const setToken = (token: string, days: number = DEFAULT_TOKEN_DAYS): void => {
  sessionStorage.setItem(TOKEN_KEY, token);
  const expires = new Date(Date.now() + days * 864e5).toUTCString();
  writeCookie(`${TOKEN_KEY}=${encodeURIComponent(token)}; expires=${expires}; path=/; SameSite=Lax`);
};

export const clearToken = (): void => {
  sessionStorage.removeItem(TOKEN_KEY);
  writeCookie(`${TOKEN_KEY}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`);
};
