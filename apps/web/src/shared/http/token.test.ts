import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, getToken, hasSession, SESSION_MARK, setToken, TOKEN_KEY } from './token';

describe('token storage', () => {
  afterEach(() => clearToken());

  it('keeps the token in session storage and writes no token cookie (the server sets it HttpOnly)', () => {
    setToken('abc');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(document.cookie).not.toContain(`${TOKEN_KEY}=`);
    expect(getToken()).toBe('abc');
    expect(hasSession()).toBe(true);
  });

  it("knows a session exists from the server's mark when this tab has no token", () => {
    // biome-ignore lint/suspicious/noDocumentCookie: sets the mark as the server's Set-Cookie would.
    document.cookie = `${SESSION_MARK}=1; path=/`;
    expect(getToken()).toBeNull();
    expect(hasSession()).toBe(true);
  });

  it('clearing removes the token and the mark', () => {
    setToken('gone');
    // biome-ignore lint/suspicious/noDocumentCookie: sets the mark as the server's Set-Cookie would.
    document.cookie = `${SESSION_MARK}=1; path=/`;
    clearToken();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getToken()).toBeNull();
    expect(hasSession()).toBe(false);
  });
});
