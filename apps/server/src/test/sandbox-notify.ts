import { sandboxSign, sandboxSignatureHeader } from '../modules/trade/index.js';
import type { TTestApp } from './harness.js';

/** The development sandbox's signing key in tests (config's default outside production). */
export const sandboxSecret = 'yunhu-dev-pay-sandbox-secret';

/** A payment notification as the sandbox channel sends it: the body signed, posted to /pay/notify/sandbox. */
export const notifySandbox = (t: TTestApp, body: object) => {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/pay/notify/sandbox',
    headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: sandboxSign(sandboxSecret, raw) },
    payload: raw,
  });
};
