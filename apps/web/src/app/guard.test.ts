import { describe, expect, it } from 'vitest';
import { decideRoute, takeUrlToken } from './guard';

describe('navigation guard', () => {
  it('sends a signed-in user from /login and / to the home page', () => {
    expect(decideRoute({ path: '/login', isLoggedIn: true, hasUser: true })).toEqual({
      kind: 'redirect',
      to: '/menu/home',
    });
    expect(decideRoute({ path: '/', isLoggedIn: true, hasUser: false })).toEqual({
      kind: 'redirect',
      to: '/menu/home',
    });
  });

  it('fetches the user data first when realName is missing', () => {
    expect(decideRoute({ path: '/menu/logcom', isLoggedIn: true, hasUser: false })).toEqual({ kind: 'loadUser' });
    expect(decideRoute({ path: '/menu/logcom', isLoggedIn: true, hasUser: true })).toEqual({ kind: 'pass' });
  });

  it('lets anyone open the public routes', () => {
    for (const path of ['/login', '/register', '/wxlogin', '/jurisdiction']) {
      expect(decideRoute({ path, isLoggedIn: false, hasUser: false })).toEqual({ kind: 'pass' });
    }
  });

  it('sends a visitor without a session to /login', () => {
    expect(decideRoute({ path: '/menu/home', isLoggedIn: false, hasUser: false })).toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(decideRoute({ path: '/', isLoggedIn: false, hasUser: false })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('takes a token from before the hash or from the hash query', () => {
    expect(takeUrlToken('http://h/?token=abc#/menu/home')).toEqual({ token: 'abc', cleanHref: 'http://h/#/menu/home' });
    expect(takeUrlToken('http://h/#/jurisdiction?token=xyz&a=1')).toEqual({
      token: 'xyz',
      cleanHref: 'http://h/#/jurisdiction?a=1',
    });
    expect(takeUrlToken('http://h/#/login')).toBeNull();
  });
});
