import type { TConfig } from '../../config.js';
import { gatewayCaptureDir } from './recording.gateway.js';
import type { TKamailioOptions } from './sip.kamailio.js';

/**
 * Kamailio's options for a development server (`npm start`, scripts/kamailio.sh): the server's own
 * SIP_* settings (README.md), the server's pages and Vite's as WebSocket origins, and where
 * telephone numbers go: SIP_TRUNK_ADDR (trunks, with SIP_TRUNK_* credentials) or SIP_TRUNK_PHONE (a soft-phone key);
 * SIP_ADVERTISE_ADDR, SIP_INBOUND_PEERS, SIP_BAN_*;
 * the media gateway beside it: MEDIA_GATEWAY, MEDIA_IP, MEDIA_ADVERTISE_IP, MEDIA_PORT_MIN/MAX.
 */
export const devKamailioOptions = (config: TConfig, sharedSecret: string): TKamailioOptions => {
  const { dev } = config.sip;
  const server = dev.serverUrl ?? `http://${config.host}:${config.port}`;
  const ws = new URL(config.sip.wsUrl);
  return {
    serverUrl: server,
    sharedSecret,
    realm: config.sip.realm,
    origins: (
      dev.wsOrigins ?? `${server},http://localhost:${config.port},http://127.0.0.1:5173,http://localhost:5173`
    ).split(','),
    wsPort: Number(ws.port || 5066),
    sipPort: dev.sipPort,
    trunk: dev.trunkAddress
      ? {
          address: dev.trunkAddress,
          transport: dev.trunk.transport,
          auth: dev.trunk.auth,
          register: dev.trunk.isRegistered,
          timeoutMs: dev.trunk.timeoutMs,
        }
      : dev.trunkPhone
        ? { phone: dev.trunkPhone }
        : undefined,
    advertise: dev.advertise,
    inboundPeers: dev.inboundPeers,
    edge: { banFailures: dev.ban.failures, banSeconds: dev.ban.minutes * 60 },
    // Calls are captured under the server's data directory, where it turns them into recordings.
    media: dev.media ? { ...dev.media, recordingDir: gatewayCaptureDir(config.dataDir) } : false,
  };
};
