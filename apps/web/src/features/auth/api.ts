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

export const loginByPassword = async (username: string, password: string) => {
  const res = await call(authRoutes.login, { username, password });
  startSession(res.token);
};

export const loginBySms = async (mobile: string, code: string) => {
  const res = await call(authRoutes.loginBySms, { mobile, code });
  startSession(res.token);
};
