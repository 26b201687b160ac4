import * as t from '../locales/zh-CN/signIn';
import { feedback } from './feedback';
import { clearToken } from './http/token';
import { useUserStore } from './stores/user';

/** Clears everything that belongs to the signed-in user: token (both places), user data, permissions. */
export const clearSession = (): void => {
  clearToken();
  useUserStore.getState().clear();
};

export const goLogin = (): void => {
  window.location.hash = '#/login';
};

/** Spec section 4, Session: code 401 clears the stored token and goes to /#/login. */
export const expireSession = (): void => {
  clearSession();
  goLogin();
};

/** Ends the session with a notice (password changed, invalid hand-over token…). */
export const leaveWithMessage = (text: string = t.app.expired): void => {
  clearSession();
  feedback.message.warning(text);
  goLogin();
};
