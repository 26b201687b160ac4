import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../shared/http/token';
import { clearSession } from '../../shared/session';

const answers = new Map<string, unknown>();
const calls: { path: string; body: unknown }[] = [];
vi.mock('../../shared/http/api', () => ({
  call: async (route: { path: string }, body: unknown) => {
    calls.push({ path: route.path, body });
    return answers.get(route.path);
  },
}));

const { changeInitialPassword, loginByPassword } = await import('./api');

describe('sign-in when someone else set the password', () => {
  beforeEach(() => {
    clearSession();
    calls.length = 0;
    answers.clear();
  });

  it('keeps no session and says the password must be changed first', async () => {
    answers.set('/sso/login', { token: 'tok-1', expire: 0, mustChangePassword: true });
    expect(await loginByPassword('newcomer', 'Init1234')).toEqual({ mustChangePassword: true });
    expect(getToken()).toBeFalsy();
  });

  it('changes it with the password just typed, then signs in with the new one', async () => {
    answers.set('/sso/update-password-by-old', null);
    answers.set('/sso/login', { token: 'tok-2', expire: 0, mustChangePassword: false });
    expect(await changeInitialPassword('newcomer', 'Init1234', 'Mine@2026x')).toEqual({ mustChangePassword: false });
    expect(calls).toEqual([
      {
        path: '/sso/update-password-by-old',
        body: { username: 'newcomer', oldPassword: 'Init1234', newPassword: 'Mine@2026x' },
      },
      { path: '/sso/login', body: { username: 'newcomer', password: 'Mine@2026x' } },
    ]);
    expect(getToken()).toBe('tok-2');
  });
});
