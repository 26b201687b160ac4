import type { Plugin } from 'vite';
import { authTexts } from '../src/locales/zh-CN/auth';
import { commonTexts } from '../src/locales/zh-CN/common';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * The sign-in panel's head as plain HTML inside #root (issue 13): the browser paints it with the
 * stylesheet before any script has arrived, React replaces it with the same markup (LoginPage.tsx).
 * On other routes it is the splash while the shell loads. The texts come from the locale, written once.
 */
export const loginShellHtml = (): string =>
  [
    '<div class="yh-auth-bg"><div class="yh-login-panel"><div class="yh-login-head">',
    '<img src="./logo.svg" alt="logo" width="48" height="48" />',
    `<h1 class="yh-login-title">${escapeHtml(commonTexts.app.defaultTitle)}</h1>`,
    `<p class="yh-login-subtitle">${escapeHtml(authTexts.auth.subtitle)}</p>`,
    '</div></div></div>',
  ].join('');

/** Puts `loginShellHtml` into index.html's `<!-- login-shell -->` slot, in development and build alike. */
export const loginShell = (): Plugin => ({
  name: 'yunhu-login-shell',
  transformIndexHtml: (html) => html.replace('<!-- login-shell -->', loginShellHtml()),
});
