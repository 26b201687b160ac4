import { authRoutes, type TSmsPurpose } from '@yunhu/contract';
import { call } from '../../shared/http/api';
import { setToken } from '../../shared/http/token';
import { clearSession } from '../../shared/session';

export const sendSmsCode = (mobile: string, type: TSmsPurpose) => call(authRoutes.sendCode, { mobile, type });

/** Starts a fresh session with the token the server issued. */
export const startSession = (token: string): void => {
  clearSession();
  setToken(token);
};

/**
 * Signs in. When someone else set the password the session is not kept: the sign-in
 * page asks for a new password first (the server would refuse that session everything else).
 */
export const loginByPassword = async (username: string, password: string) => {
  const res = await call(authRoutes.login, { username, password });
  if (!res.mustChangePassword) startSession(res.token);
  return { mustChangePassword: res.mustChangePassword };
};

export const loginBySms = async (mobile: string, code: string) => {
  const res = await call(authRoutes.loginBySms, { mobile, code });
  if (!res.mustChangePassword) startSession(res.token);
  return { mustChangePassword: res.mustChangePassword };
};

/** The first sign-in's password change (no session needed), then the sign-in with the new password. */
export const changeInitialPassword = async (username: string, oldPassword: string, newPassword: string) => {
  await call(authRoutes.updatePasswordByOld, { username, oldPassword, newPassword });
  return loginByPassword(username, newPassword);
};
