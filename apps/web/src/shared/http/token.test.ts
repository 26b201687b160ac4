import { describe, expect, it } from 'vitest';
import { clearToken, getToken, setToken, TOKEN_KEY } from './token';

describe('token storage', () => {
  it('stores the token in session storage and a cookie', () => {
    setToken('abc');
    expect(sessionStorage.getItem(TOKEN_KEY)).toBe('abc');
    expect(document.cookie).toContain(`${TOKEN_KEY}=abc`);
    expect(getToken()).toBe('abc');
  });

  it('falls back to the cookie when session storage has no token', () => {
    setToken('from-cookie', 1);
    sessionStorage.removeItem(TOKEN_KEY);
    expect(getToken()).toBe('from-cookie');
  });

  it('clearing removes both places', () => {
    setToken('gone');
    clearToken();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(getToken()).toBeNull();
  });
});
