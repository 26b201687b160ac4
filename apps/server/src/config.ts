import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { dbLimitDefaults, type TDbLimits } from './db/client.js';
import { repoRoot } from './paths.js';

/**
 * Every environment variable the server reads, parsed once at start (issue 12): nothing else reads
 * `process.env`. The README's settings table lists exactly these names (config.test.ts compares).
 * An empty value counts as unset, except WEB_DIST where '' means "serve no web app".
 */
const whole = (what: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ message: `应为整数（${what}）` })
    .int(`应为整数（${what}）`)
    .min(min, `不能小于${min}（${what}）`)
    .max(max, `不能大于${max}（${what}）`);
const flag = z.enum(['0', '1'], { message: '应为 0 或 1' });
const text = z.string().min(1);

export const ZSettings = z.object({
  HOST: text.default('127.0.0.1'),
  // 0: any free port (tests, benches).
  PORT: whole('端口', 0, 65535).default(8080),
  DATA_DIR: text.default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, '应以 postgres:// 开头')
    .optional(),
  DB_POOL_MAX: whole('连接数', 1, 1000).default(dbLimitDefaults.poolMax),
  DB_STATEMENT_TIMEOUT_MS: whole('毫秒，0 为不限', 0).default(dbLimitDefaults.statementTimeoutMs),
  DB_MAINTENANCE_MINUTES: whole('分钟，0 为不运行', 0).default(10),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: flag.default('1'),
  SESSION_HOURS: whole('小时', 1, 24 * 30).default(12),
  TRUST_PROXY: flag.default('0'),
  CRM_RELEASE_JOB_MINUTES: whole('分钟，0 为仅启动时', 0).default(10),
  SIP_SHARED_SECRET: text.optional(),
  SIP_WS_URL: z
    .string()
    .regex(/^wss?:\/\//, '应以 ws:// 或 wss:// 开头')
    .default('ws://127.0.0.1:5066'),
  SIP_REALM: text.default('sip.yunhu.test'),
  SIP_AUTOSTART: flag.optional(),
  SIP_SERVER_URL: z.url().optional(),
  SIP_WS_ORIGINS: text.optional(),
  SIP_PORT: whole('端口', 1, 65535).default(5060),
  SIP_TRUNK_ADDR: text.optional(),
  SIP_TRUNK_PHONE: text.optional(),
  MEDIA_GATEWAY: flag.default('1'),
  MEDIA_IP: text.default('127.0.0.1'),
  MEDIA_ADVERTISE_IP: text.optional(),
  MEDIA_PORT_MIN: whole('端口', 1024, 65535).default(30000),
  MEDIA_PORT_MAX: whole('端口', 1024, 65535).default(30999),
  CARRIER_SECRET: text.optional(),
  CARRIER_CALLBACK_URL: z.url().optional(),
  CARRIER_SIMULATOR: flag.optional(),
  SIM_TIME_SCALE: z.coerce.number().positive('应为正数').max(100).default(1),
  SIM_SEED: whole('整数种子', 0).optional(),
  SIM_OUTCOME: z.enum(['connected', 'no_answer', 'busy', 'empty']).optional(),
  RECORDING_SECRET: text.optional(),
});
export type TSettings = z.output<typeof ZSettings>;

/** A setting that is wrong: start refuses, naming the variable. */
export class SettingsError extends Error {}

/** Parses the environment; throws SettingsError naming every wrong variable. */
export const parseSettings = (env: Record<string, string | undefined>): TSettings => {
  const given = Object.fromEntries(
    Object.keys(ZSettings.shape).flatMap((name) => {
      const value = env[name];
      return value === undefined || (value === '' && name !== 'WEB_DIST') ? [] : [[name, value]];
    }),
  );
  const parsed = ZSettings.safeParse(given);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => {
    const name = String(i.path[0]);
    return `${name}=${JSON.stringify(given[name])}：${i.message}`;
  });
  throw new SettingsError(`环境变量设置有误：\n  ${problems.join('\n  ')}`);
};

export type TConfig = {
  host: string;
  port: number;
  dataDir: string;
  /** A PostgreSQL server; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | null;
  /** Pool size and session timeouts on the PostgreSQL server (db/client.ts). */
  databaseLimits: TDbLimits;
  /** Minutes between checks of the tables' statistics where autovacuum is off (db/maintenance.ts); 0 = never. */
  dbMaintenanceMinutes: number;
  isProduction: boolean;
  logLevel: TSettings['LOG_LEVEL'];
  /** Behind a reverse proxy: the client address (rate limits, log) is taken from X-Forwarded-For. */
  trustProxy: boolean;
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
  /** `npm start` also starts Kamailio beside the server. */
  isAutostart: boolean;
  /** What a development Kamailio is told (sip.kamailio-dev.ts). */
  dev: {
    serverUrl: string | null;
    wsOrigins: string | null;
    sipPort: number;
    trunkAddress: string | null;
    trunkPhone: string | null;
    /** The media gateway (rtpengine) started beside that Kamailio; null: none (MEDIA_GATEWAY=0). */
    media: { ip: string; advertiseIp: string | null; portMin: number; portMax: number } | null;
  };
};

/** The server's configuration from the environment; throws SettingsError on a wrong value. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): TConfig => {
  const s = parseSettings(env);
  const isProduction = s.NODE_ENV === 'production';
  return {
    host: s.HOST,
    port: s.PORT,
    dataDir: path.resolve(s.DATA_DIR),
    databaseUrl: s.DATABASE_URL ?? null,
    databaseLimits: {
      ...dbLimitDefaults,
      poolMax: s.DB_POOL_MAX,
      statementTimeoutMs: s.DB_STATEMENT_TIMEOUT_MS,
    },
    dbMaintenanceMinutes: s.DB_MAINTENANCE_MINUTES,
    isProduction,
    logLevel: s.LOG_LEVEL,
    trustProxy: s.TRUST_PROXY === '1',
    webDist: s.WEB_DIST === '' ? null : path.resolve(s.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    seedDemo: s.SEED_DEMO === '1',
    // Spec section 9: the token cookie lives 0.5 day; the server-side session matches it.
    sessionHours: s.SESSION_HOURS,
    bodyLimitBytes: 1024 * 1024,
    crmReleaseJobMinutes: s.CRM_RELEASE_JOB_MINUTES,
    sip: {
      // A known development secret must never guard a production server.
      sharedSecret: s.SIP_SHARED_SECRET ?? (isProduction ? null : 'yunhu-dev-sip-secret'),
      wsUrl: s.SIP_WS_URL,
      realm: s.SIP_REALM,
      isAutostart: (s.SIP_AUTOSTART ?? (isProduction ? '0' : '1')) === '1',
      dev: {
        serverUrl: s.SIP_SERVER_URL ?? null,
        wsOrigins: s.SIP_WS_ORIGINS ?? null,
        sipPort: s.SIP_PORT,
        trunkAddress: s.SIP_TRUNK_ADDR ?? null,
        trunkPhone: s.SIP_TRUNK_PHONE ?? null,
        media:
          s.MEDIA_GATEWAY === '1'
            ? {
                ip: s.MEDIA_IP,
                advertiseIp: s.MEDIA_ADVERTISE_IP ?? null,
                portMin: s.MEDIA_PORT_MIN,
                portMax: s.MEDIA_PORT_MAX,
              }
            : null,
      },
    },
    carrier: {
      callbackSecret: s.CARRIER_SECRET ?? (isProduction ? null : 'yunhu-dev-carrier-secret'),
      // Without a configured key a production server signs with a random one: addresses then only
      // work on the process that made them (enough for one server; set RECORDING_SECRET for several).
      recordingSecret:
        s.RECORDING_SECRET ?? (isProduction ? crypto.randomBytes(32).toString('hex') : 'yunhu-dev-recording-secret'),
      callbackUrl: s.CARRIER_CALLBACK_URL ?? null,
      simulator: {
        isEnabled: !isProduction || s.CARRIER_SIMULATOR === '1',
        timeScale: s.SIM_TIME_SCALE,
        seed: s.SIM_SEED ?? null,
        outcome: s.SIM_OUTCOME ?? null,
      },
    },
  };
};
