import { inject } from 'vitest';
import { startKamailio, type TKamailioOptions } from '../../apps/server/src/modules/telephony/sip.kamailio.js';
import { baseUrl } from '../support/browser.js';

/** Chromium's flags for a soft-phone page: a fake microphone, no permission prompt, audio played without a gesture. */
export const softphoneMediaArgs = [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

/**
 * The Kamailio of a soft-phone test, on the WebSocket port the e2e server hands out in the line
 * config, asking that server for credentials (supervised like the server's own); `extra` adds
 * options (a trunk, inbound peers).
 */
export const startTestKamailio = (extra: Partial<TKamailioOptions> = {}) => {
  const sip = inject('sip');
  return startKamailio({
    serverUrl: baseUrl(),
    sharedSecret: sip.sharedSecret,
    realm: sip.realm,
    origins: [baseUrl()],
    wsPort: sip.wsPort,
    ...extra,
  });
};
