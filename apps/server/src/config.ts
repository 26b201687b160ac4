import crypto from 'node:crypto';
import path from 'node:path';
import { dbLimitDefaults, type TDbLimits } from './db/client.js';

export type TConfig = {
  host: string;
  port: number;
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | null;
  /** Pool size and session timeouts on the PostgreSQL server (db/client.ts). */
  databaseLimits: TDbLimits;
  isProduction: boolean;
  /** Built web app to serve at `/`; null serves nothing (API only). */
  webDist: string | null;
  /** Seed the demo enterprise into an empty database. */
  seedDemo: boolean;
  sessionHours: number;
  bodyLimitBytes: number;
  /** Minutes between runs of the CRM automatic release (it also runs once at start); 0 = only at start. */
  crmReleaseJobMinutes: number;
  /** The soft-phone's SIP side (issue 5, deploy/kamailio/). */
  sip: TSipConfig;
  /** The telephony carrier of call-back and app lines (docs/decisions/0006-carrier-callback.md). */
  carrier: TCarrierConfig;
};

export type TCarrierConfig = {
  /** HMAC-SHA256 key of the carrier's callbacks; null (production without CARRIER_SECRET) refuses them all. */
  callbackSecret: string | null;
  /** Signs the short-lived recording addresses <audio> elements play (recording.store.ts). */
  recordingSecret: string;
  /** Where the simulator posts its callbacks; null = into this server in-process (same route, same checks). */
  callbackUrl: string | null;
  /** The development carrier that really runs inside the server; off in production. */
  simulator: {
    isEnabled: boolean;
    /** Every delay (ringing, talking) is multiplied by this: 1 is real time, tests use ~0.01. */
    timeScale: number;
    /** A number makes the outcomes and durations repeatable. */
    seed: number | null;
    /** Forces every call's outcome (connected, no_answer, busy, empty), for demos and end-to-end tests. */
    outcome: string | null;
  };
};

export type TSipConfig = {
  /** Kamailio's key to GET /internal/sip/ha1; null (production without SIP_SHARED_SECRET) refuses every lookup. */
  sharedSecret: string | null;
  /** Where the page's SIP phone connects. */
  wsUrl: string;
  /** SIP domain and digest realm, the same as Kamailio's YH_SIP_DOMAIN. */
  realm: string;
};

/** A whole number from the environment; anything else (unset, text, negative) keeps the default. */
const envInt = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): TConfig => ({
  host: env.HOST ?? '127.0.0.1',
  port: Number(env.PORT ?? 8080),
  dataDir: path.resolve(env.DATA_DIR ?? './data'),
  databaseUrl: env.DATABASE_URL || null,
  databaseLimits: {
    ...dbLimitDefaults,
    poolMax: Math.max(1, envInt(env.DB_POOL_MAX, dbLimitDefaults.poolMax)),
    statementTimeoutMs: envInt(env.DB_STATEMENT_TIMEOUT_MS, dbLimitDefaults.statementTimeoutMs),
  },
  isProduction: env.NODE_ENV === 'production',
  webDist:
    env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  seedDemo: env.SEED_DEMO !== '0',
  // Spec section 9: the token cookie lives 0.5 day; the server-side session matches it.
  sessionHours: Number(env.SESSION_HOURS ?? 12),
  bodyLimitBytes: 1024 * 1024,
  crmReleaseJobMinutes: Number(env.CRM_RELEASE_JOB_MINUTES ?? 10),
  sip: {
    // A known development secret must never guard a production server.
    sharedSecret: env.SIP_SHARED_SECRET || (env.NODE_ENV === 'production' ? null : 'yunhu-dev-sip-secret'),
    wsUrl: env.SIP_WS_URL || 'ws://127.0.0.1:5066',
    realm: env.SIP_REALM || 'sip.yunhu.test',
  },
  carrier: {
    callbackSecret: env.CARRIER_SECRET || (env.NODE_ENV === 'production' ? null : 'yunhu-dev-carrier-secret'),
    // Without a configured key a production server signs with a random one: addresses then only
    // work on the process that made them (enough for one server; set RECORDING_SECRET for several).
    recordingSecret:
      env.RECORDING_SECRET ||
      (env.NODE_ENV === 'production' ? crypto.randomBytes(32).toString('hex') : 'yunhu-dev-recording-secret'),
    callbackUrl: env.CARRIER_CALLBACK_URL || null,
    simulator: {
      isEnabled: env.NODE_ENV !== 'production' || env.CARRIER_SIMULATOR === '1',
      timeScale: Number(env.SIM_TIME_SCALE ?? 1),
      seed: env.SIM_SEED ? Number(env.SIM_SEED) : null,
      outcome: env.SIM_OUTCOME || null,
    },
  },
});
