import type { TConfig } from '../../config.js';
import {
  devCarrierRuleText,
  sipCarrierSimulatorMissing,
  startSipCarrierSimulator,
  type TSipCarrierSimulator,
  type TSipCarrierSimulatorOptions,
} from './carrier-sip.simulator.js';
import { gatewayCaptureDir } from './recording.gateway.js';
import type { TKamailioOptions } from './sip.kamailio.js';

/**
 * Kamailio's options for a development server (`npm start`, scripts/kamailio.sh): the server's own
 * SIP_* settings (README.md), the server's pages and Vite's as WebSocket origins, and where
 * telephone numbers go: SIP_TRUNK_ADDR (trunks, with SIP_TRUNK_* credentials) or SIP_TRUNK_PHONE (a soft-phone key),
 * or else the development carrier `devCarrier` (startDevCarrier) as the one trunk;
 * SIP_RING_TIMEOUT, SIP_ADVERTISE_ADDR, SIP_INBOUND_PEERS, SIP_BAN_*;
 * the media gateway beside it: MEDIA_GATEWAY, MEDIA_IP, MEDIA_ADVERTISE_IP, MEDIA_PORT_MIN/MAX.
 */
export const devKamailioOptions = (
  config: TConfig,
  sharedSecret: string,
  devCarrier: { address: string } | null = null,
): TKamailioOptions => {
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
    wsPort: dev.wsPort ?? Number(ws.port || 5066),
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
        : devCarrier
          ? { address: devCarrier.address, timeoutMs: dev.trunk.timeoutMs }
          : undefined,
    advertise: dev.advertise,
    inboundPeers: dev.inboundPeers,
    ringTimeoutSeconds: dev.ringTimeoutSeconds,
    edge: { banFailures: dev.ban.failures, banSeconds: dev.ban.minutes * 60 },
    // Calls are captured under the server's data directory, where it turns them into recordings.
    media: dev.media ? { ...dev.media, recordingDir: gatewayCaptureDir(config.dataDir) } : false,
  };
};

/**
 * The development carrier (模拟运营商, carrier-sip.simulator.ts) for a development Kamailio without a
 * trunk (no SIP_TRUNK_ADDR or SIP_TRUNK_PHONE, SIP_DEV_CARRIER not 0). Null when it is not wanted or
 * cannot run: then a telephone number gets 503 (线路故障) as without any trunk, and `log` says why.
 */
export const startDevCarrier = async (
  config: TConfig,
  log: (line: string) => void,
  opts: TSipCarrierSimulatorOptions = {},
): Promise<TSipCarrierSimulator | null> => {
  const { dev } = config.sip;
  if (!dev.isDevCarrier || dev.trunkAddress || dev.trunkPhone) return null;
  const missing = sipCarrierSimulatorMissing();
  const noTrunk = '软电话拨打客户号码将提示线路故障（503）';
  if (missing) {
    log(`模拟运营商未启动：${missing}；${noTrunk}`);
    return null;
  }
  try {
    const carrier = await startSipCarrierSimulator(opts);
    log(`模拟运营商（开发用 sipp，不是真实运营商）：${carrier.address}；${devCarrierRuleText()}`);
    return carrier;
  } catch (error) {
    log(`模拟运营商未能启动（${(error as Error).message.split('\n')[0]}）；${noTrunk}`);
    return null;
  }
};
