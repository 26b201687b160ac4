import type { Plugin } from 'vite';
import * as t from '../src/locales/zh-CN/signIn';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/**
 * The sign-in panel's head as plain HTML inside #root: the browser paints it with the
 * stylesheet before any script has arrived, React replaces it with the same markup (LoginPage.tsx).
 * On other routes it is the splash while the shell loads. The texts come from the locale, written once.
 */
export const loginShellHtml = (): string =>
  [
    '<div class="yh-auth-bg"><div class="yh-login-panel"><div class="yh-login-head">',
    '<img src="./logo.svg" alt="logo" width="48" height="48" />',
    `<h1 class="yh-login-title">${escapeHtml(t.app.defaultTitle)}</h1>`,
    `<p class="yh-login-subtitle">${escapeHtml(t.auth.subtitle)}</p>`,
    '</div></div></div>',
  ].join('');

const stylesheetLink = /<link rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"[^>]*>/g;

/**
 * Puts `loginShellHtml` into index.html's `<!-- login-shell -->` slot, in development and build
 * alike; in the build it also inlines the app's own stylesheet (a kilobyte or two: antd writes its
 * styles at run time), so the first paint waits for no second request.
 */
export const loginShell = (): Plugin => ({
  name: 'yunhu-login-shell',
  transformIndexHtml: {
    order: 'post',
    handler: (html, ctx) => {
      const withShell = html.replace('<!-- login-shell -->', loginShellHtml());
      return withShell.replace(stylesheetLink, (link, file: string) => {
        const asset = ctx.bundle?.[file];
        return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : link;
      });
    },
  },
});
