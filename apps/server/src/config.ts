import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { dbLimitDefaults, type TDbLimits } from './db/client.js';
import { inFlightPerConnection } from './http/admission.js';
import { repoRoot } from './paths.js';
import type { TStorageConfig } from './storage/index.js';

/**
 * Every environment variable the server reads, parsed once at start: nothing else reads
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
  // Unset: inFlightPerConnection per connection of DB_POOL_MAX (http/admission.ts).
  HTTP_MAX_IN_FLIGHT: whole('并发请求数', 1, 100_000).optional(),
  NODE_ENV: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z.string().min(16, '至少 16 个字符').optional(),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: flag.default('1'),
  SESSION_HOURS: whole('小时', 1, 24 * 30).default(12),
  TRUST_PROXY: flag.default('0'),
  CRM_RELEASE_JOB_MINUTES: whole('分钟，0 为仅启动时', 0).default(10),
  LOW_BALANCE_JOB_SECONDS: whole('秒', 5, 24 * 3600).default(60),
  SIP_SHARED_SECRET: text.optional(),
  SIP_WS_URL: z
    .string()
    .regex(/^wss?:\/\//, '应以 ws:// 或 wss:// 开头')
    .default('ws://127.0.0.1:5066'),
  SIP_REALM: text.default('sip.yunhu.test'),
  SIP_AUTOSTART: flag.optional(),
  SIP_SERVER_URL: z.url().optional(),
  SIP_WS_ORIGINS: text.optional(),
  // Kamailio's own WebSocket port when the page connects elsewhere (a TLS proxy: SIP_WS_URL=wss://…).
  SIP_WS_PORT: whole('端口', 1, 65535).optional(),
  SIP_PORT: whole('端口', 1, 65535).default(5060),
  SIP_TRUNK_ADDR: text.optional(),
  SIP_TRUNK_PHONE: text.optional(),
  SIP_DEV_CARRIER: flag.optional(),
  SIP_TRUNK_TRANSPORT: z.enum(['udp', 'tcp', 'auto'], { message: '应为 udp、tcp 或 auto' }).default('udp'),
  SIP_TRUNK_USER: text.optional(),
  SIP_TRUNK_PASSWORD: text.optional(),
  SIP_TRUNK_REALM: text.optional(),
  SIP_TRUNK_REGISTER: flag.default('0'),
  SIP_TRUNK_TIMEOUT_MS: whole('毫秒', 500, 60_000).default(4000),
  SIP_RING_TIMEOUT: whole('秒', 10, 300).default(60),
  SIP_ADVERTISE_ADDR: text.optional(),
  SIP_INBOUND_PEERS: text.optional(),
  SIP_BAN_FAILURES: whole('次', 1, 1000).default(10),
  SIP_BAN_MINUTES: whole('分钟', 1, 24 * 60).default(10),
  MEDIA_GATEWAY: flag.default('1'),
  MEDIA_IP: text.default('127.0.0.1'),
  MEDIA_ADVERTISE_IP: text.optional(),
  MEDIA_PORT_MIN: whole('端口', 1024, 65535).default(30000),
  MEDIA_PORT_MAX: whole('端口', 1024, 65535).default(39999),
  MEDIA_NG_PORT: whole('端口', 1024, 65535).default(22222),
  CARRIER_SECRET: text.optional(),
  CARRIER_CALLBACK_URL: z.url().optional(),
  CARRIER_SIMULATOR: flag.optional(),
  SIM_TIME_SCALE: z.coerce.number().positive('应为正数').max(100).default(1),
  SIM_SEED: whole('整数种子', 0).optional(),
  SIM_OUTCOME: z.enum(['connected', 'no_answer', 'busy', 'empty']).optional(),
  RECORDING_SECRET: text.optional(),
  DOCUMENT_LINK_SECRET: text.optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, '应为 64 位十六进制字符（32 字节密钥）')
    .optional(),
  PAY_CHANNEL: z
    .enum(['sandbox', 'alipay', 'wechat'], { message: '应为 sandbox、alipay 或 wechat' })
    .default('sandbox'),
  PAY_SANDBOX_SECRET: text.optional(),
  PAY_ORDER_MINUTES: whole('分钟', 1, 24 * 60).default(15),
  PAY_JOB_SECONDS: whole('秒，0 为不运行', 0).default(30),
  PAY_NOTIFY_BASE_URL: z.url({ message: '应为网址，例如 https://yunhu.example.com' }).optional(),
  ALIPAY_APP_ID: text.optional(),
  ALIPAY_PRIVATE_KEY: text.optional(),
  ALIPAY_PUBLIC_KEY: text.optional(),
  ALIPAY_GATEWAY: z.url({ message: '应为网址' }).default('https://openapi.alipay.com/gateway.do'),
  WECHAT_APP_ID: text.optional(),
  WECHAT_MCH_ID: text.optional(),
  WECHAT_PRIVATE_KEY: text.optional(),
  WECHAT_SERIAL_NO: text.optional(),
  WECHAT_API_KEY: z.string().length(32, '应为 32 个字符（APIv3 密钥）').optional(),
  WECHAT_PLATFORM_PUBLIC_KEY: text.optional(),
  WECHAT_PLATFORM_PUBLIC_KEY_ID: text.optional(),
  WECHAT_BASE_URL: z.url({ message: '应为网址' }).default('https://api.mch.weixin.qq.com'),
  CALL_ASR: z.enum(['off', 'dev', 'tencent'], { message: '应为 off、dev 或 tencent' }).optional(),
  TENCENT_ASR_SECRET_ID: text.optional(),
  TENCENT_ASR_SECRET_KEY: text.optional(),
  TENCENT_ASR_REGION: text.default('ap-shanghai'),
  TENCENT_ASR_ENGINE: text.default('8k_zh'),
  TENCENT_ASR_ENDPOINT: text.default('asr.tencentcloudapi.com'),
  CALL_ANALYST: z.enum(['off', 'rules', 'openai'], { message: '应为 off、rules 或 openai' }).optional(),
  ANALYST_BASE_URL: z.url({ message: '应为网址，例如 https://api.deepseek.com/v1' }).optional(),
  ANALYST_API_KEY: text.optional(),
  ANALYST_MODEL: text.optional(),
  ANALYST_RESPONSE_FORMAT: z
    .enum(['json_schema', 'json_object'], { message: '应为 json_schema 或 json_object' })
    .default('json_schema'),
  CLUE_SOURCE: z.enum(['dev', 'tianyancha'], { message: '应为 dev 或 tianyancha' }).default('dev'),
  TIANYANCHA_TOKEN: text.optional(),
  TIANYANCHA_BASE_URL: z.url({ message: '应为网址' }).default('http://open.api.tianyancha.com'),
  NUMBER_CHECK: z.enum(['dev', 'tianapi'], { message: '应为 dev 或 tianapi' }).default('dev'),
  TIANAPI_KEY: text.optional(),
  TIANAPI_BASE_URL: z.url({ message: '应为网址' }).default('https://apis.tianapi.com'),
  WEBHOOK_ALLOW_LOOPBACK: flag.optional(),
  WEBHOOK_TIMEOUT_MS: whole('毫秒', 1000, 60_000).default(10_000),
  WEBHOOK_RETRY_SECONDS: whole('秒', 0, 3600).default(30),
  WEBHOOK_POLL_SECONDS: whole('秒，0 为仅在唤醒时', 0, 3600).default(5),
  OPEN_API_RATE_PER_MINUTE: whole('次', 1, 100_000).default(120),
  EC_API_BASE_URL: z.url({ message: '应为网址，例如 https://open.workec.com/v2' }).optional(),
  EC_LINK_BASE_URL: z.url({ message: '应为网址，例如 https://yunhu.example.com' }).optional(),
  EC_RETRY_SECONDS: whole('秒', 0, 3600).default(30),
  EC_POLL_SECONDS: whole('秒，0 为仅在唤醒时', 0, 3600).default(5),
  STORAGE: z.enum(['local', 's3'], { message: '应为 local 或 s3' }).default('local'),
  S3_ENDPOINT: z.url({ message: '应为网址，例如 https://oss-cn-hangzhou.aliyuncs.com' }).optional(),
  S3_REGION: text.default('us-east-1'),
  S3_BUCKET: text.optional(),
  S3_ACCESS_KEY_ID: text.optional(),
  S3_SECRET_ACCESS_KEY: text.optional(),
  S3_FORCE_PATH_STYLE: flag.default('0'),
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9_.-]+\/)*$/, '应为以 / 结尾的目录，例如 yunhu/')
    .default(''),
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
  /** Requests served at once; one more is answered 503 服务繁忙 at once (http/admission.ts). */
  maxInFlight: number;
  /** Minutes between checks of the tables' statistics where autovacuum is off (db/maintenance.ts); 0 = never. */
  dbMaintenanceMinutes: number;
  isProduction: boolean;
  logLevel: TSettings['LOG_LEVEL'];
  /** The bearer token `/metrics` asks of Prometheus; null: no `/metrics` (docs/decisions/0097-metrics.md). */
  metricsToken: string | null;
  /** Behind a reverse proxy: the client address (rate limits, log) is taken from X-Forwarded-For. */
  trustProxy: boolean;
  /** Built web app to serve at `/`; null serves nothing (API only). */
  webDist: string | null;
  /** Seed the demo enterprise into an empty database. */
  seedDemo: boolean;
  sessionHours: number;
  bodyLimitBytes: number;
  /** Minutes between runs of the CRM automatic release (it also runs once 3 s after the server listens: main.ts); 0 = only then. */
  crmReleaseJobMinutes: number;
  /** Seconds between looks of the watch that tells administrators their balance fell under their threshold. */
  lowBalanceJobSeconds: number;
  /** The soft-phone's SIP side (deploy/kamailio/). */
  sip: TSipConfig;
  /** The telephony carrier of call-back and app lines (docs/decisions/0006-carrier-callback.md). */
  carrier: TCarrierConfig;
  /** Payment of orders (docs/decisions/0017-commerce.md). */
  pay: TPayConfig;
  /** AES-256-GCM key of ID numbers at rest (号码报备's materials); null: production without one takes none. */
  dataKey: Buffer | null;
  /** Signs the short-lived addresses of 号码报备's documents (http/signed-link.ts). */
  documentLinkKey: Buffer;
  /** A recorded call's speech-to-text and its analyst (docs/decisions/0094-call-transcripts-and-analyst.md). */
  speech: TSpeechConfig;
  /** 企业线索's company source (docs/decisions/0095-clue-companies.md): the generated set, or 天眼查. */
  clue: { kind: 'dev' } | { kind: 'tianyancha'; token: string; baseUrl: string };
  /** 空号检测's checker: the simulator, or 天行数据's 手机空号检测 (decision 0102). */
  numberCheck: { kind: 'dev' } | { kind: 'tianapi'; key: string; baseUrl: string };
  /** Where recordings and uploads are kept: the data folder, or an S3-compatible bucket (storage/). */
  storage: TStorageConfig;
  /** Webhook deliveries and the open API's keys (docs/decisions/0096-webhooks-and-api-keys.md). */
  integration: {
    /** Plain http to this machine's loopback allowed (development, tests); never a private address. */
    allowLoopback: boolean;
    timeoutMs: number;
    retrySeconds: number;
    pollSeconds: number;
    ratePerMinute: number;
  };
  /** 腾讯EC 同步 (docs/decisions/0101-ec-sync.md). */
  ecSync: {
    /** EC's open API; null: the development simulator answers in its place. */
    apiBaseUrl: string | null;
    /** This server's address as EC opens it (the recordings' links). */
    linkBaseUrl: string;
    timeoutMs: number;
    retrySeconds: number;
    pollSeconds: number;
  };
};

/**
 * `off`: none; the development ones run on the server itself; the cloud ones are the only way a
 * recording or its transcript leaves the server, and only when configured.
 */
export type TSpeechConfig = {
  asr:
    | { kind: 'off' | 'dev' }
    | {
        kind: 'tencent';
        secretId: string;
        secretKey: string;
        region: string;
        /** The engine (`EngineModelType`): 8k_zh for telephone audio, the only one that takes two channels. */
        engine: string;
        /** The API's host: asr.tencentcloudapi.com, or asr.internal.tencentcloudapi.com inside Tencent's network. */
        endpoint: string;
        /** Seconds between looks at a submitted task, and how long to wait for it at most. */
        pollSeconds: number;
        timeoutSeconds: number;
      };
  analyst:
    | { kind: 'off' | 'rules' }
    | {
        kind: 'openai';
        baseUrl: string;
        apiKey: string;
        model: string;
        responseFormat: 'json_schema' | 'json_object';
        timeoutSeconds: number;
      };
};

export type TPayConfig = {
  /** The channel new QR codes go through. */
  channel: 'sandbox' | 'alipay' | 'wechat';
  /** Alipay's settings when it is the channel (each required then). */
  alipay: { appId: string; privateKey: string; alipayPublicKey: string; gateway: string; notifyUrl: string } | null;
  /** WeChat Pay v3's settings when it is the channel (each required then). */
  wechat: {
    appId: string;
    mchId: string;
    /** The merchant's API certificate: its private key (PEM) and serial number, which sign requests. */
    privateKey: string;
    serialNo: string;
    /** The APIv3 key (32 characters) that encrypts notification resources. */
    apiV3Key: string;
    /** WeChat Pay's public key (PEM), which signs answers and notifications, and its ID (`Wechatpay-Serial`). */
    platformPublicKey: string;
    platformPublicKeyId: string;
    baseUrl: string;
    notifyUrl: string;
  } | null;
  /** HMAC-SHA256 key the sandbox signs its notifications with; null (production without one) refuses them. */
  sandboxSecret: string | null;
  /** Minutes an unpaid order and its QR code live. */
  orderMinutes: number;
  /** Seconds between runs of the job that asks the channel about unpaid orders and closes expired ones; 0 = never. */
  jobSeconds: number;
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
    /** Kamailio's WebSocket port; null: SIP_WS_URL's (no proxy between the page and Kamailio). */
    wsPort: number | null;
    sipPort: number;
    trunkAddress: string | null;
    trunkPhone: string | null;
    /** Without a trunk, sipp as the carrier (模拟运营商, carrier-sip.simulator.ts); off in production. */
    isDevCarrier: boolean;
    /** The carrier's trunks beyond their addresses (decision 0016). */
    trunk: {
      transport: 'udp' | 'tcp' | 'auto';
      auth: { user: string; password: string; realm?: string } | null;
      isRegistered: boolean;
      timeoutMs: number;
    };
    /** Kamailio's public address behind NAT (host[:port]); null: its own. */
    advertise: string | null;
    /** Desk phones / PBXs (IPs) that may call agents without digest. */
    inboundPeers: string[];
    /** A call ringing toward the carrier without an answer ends after this many seconds (未接听). */
    ringTimeoutSeconds: number;
    /** Failed authentications from one address before it is banned, and for how long. */
    ban: { failures: number; minutes: number };
    /** The media gateway (rtpengine) started beside that Kamailio; null: none (MEDIA_GATEWAY=0). */
    media: { ip: string; advertiseIp: string | null; portMin: number; portMax: number; ngPort: number } | null;
  };
};

/** Alipay's settings, each required when PAY_CHANNEL=alipay (start stops naming the missing ones). */
const alipayOf = (s: TSettings) => {
  const missing = (['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY', 'PAY_NOTIFY_BASE_URL'] as const).filter(
    (name) => !s[name],
  );
  if (missing.length) {
    throw new SettingsError(`环境变量设置有误：\n  PAY_CHANNEL=alipay 时须设置 ${missing.join('、')}`);
  }
  return {
    appId: s.ALIPAY_APP_ID!,
    privateKey: s.ALIPAY_PRIVATE_KEY!.replace(/\\n/g, '\n'),
    alipayPublicKey: s.ALIPAY_PUBLIC_KEY!.replace(/\\n/g, '\n'),
    gateway: s.ALIPAY_GATEWAY,
    notifyUrl: `${s.PAY_NOTIFY_BASE_URL!.replace(/\/$/, '')}/pay/notify/alipay`,
  };
};

/** WeChat Pay's settings, each required when PAY_CHANNEL=wechat. */
const wechatOf = (s: TSettings) => {
  const names = [
    'WECHAT_APP_ID',
    'WECHAT_MCH_ID',
    'WECHAT_PRIVATE_KEY',
    'WECHAT_SERIAL_NO',
    'WECHAT_API_KEY',
    'WECHAT_PLATFORM_PUBLIC_KEY',
    'WECHAT_PLATFORM_PUBLIC_KEY_ID',
    'PAY_NOTIFY_BASE_URL',
  ] as const;
  const missing = names.filter((name) => !s[name]);
  if (missing.length) {
    throw new SettingsError(`环境变量设置有误：\n  PAY_CHANNEL=wechat 时须设置 ${missing.join('、')}`);
  }
  return {
    appId: s.WECHAT_APP_ID!,
    mchId: s.WECHAT_MCH_ID!,
    privateKey: s.WECHAT_PRIVATE_KEY!.replace(/\\n/g, '\n'),
    serialNo: s.WECHAT_SERIAL_NO!,
    apiV3Key: s.WECHAT_API_KEY!,
    platformPublicKey: s.WECHAT_PLATFORM_PUBLIC_KEY!.replace(/\\n/g, '\n'),
    platformPublicKeyId: s.WECHAT_PLATFORM_PUBLIC_KEY_ID!,
    baseUrl: s.WECHAT_BASE_URL.replace(/\/$/, ''),
    notifyUrl: `${s.PAY_NOTIFY_BASE_URL!.replace(/\/$/, '')}/pay/notify/wechat`,
  };
};

/** Settings a chosen cloud adapter requires (start stops naming the missing ones). */
const required = <K extends keyof TSettings>(s: TSettings, when: string, names: readonly K[]) => {
  const missing = names.filter((name) => !s[name]);
  if (missing.length) throw new SettingsError(`环境变量设置有误：\n  ${when} 时须设置 ${missing.join('、')}`);
  return s as TSettings & { [N in K]-?: NonNullable<TSettings[N]> };
};

const storageOf = (s: TSettings): TStorageConfig => {
  if (s.STORAGE === 'local') return { kind: 'local' };
  const b = required(s, 'STORAGE=s3', ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
  return {
    kind: 's3',
    endpoint: b.S3_ENDPOINT ?? null,
    region: b.S3_REGION,
    bucket: b.S3_BUCKET,
    accessKeyId: b.S3_ACCESS_KEY_ID,
    secretAccessKey: b.S3_SECRET_ACCESS_KEY,
    forcePathStyle: b.S3_FORCE_PATH_STYLE === '1',
    prefix: b.S3_PREFIX,
  };
};

const clueOf = (s: TSettings): TConfig['clue'] => {
  if (s.CLUE_SOURCE === 'dev') return { kind: 'dev' };
  const t = required(s, 'CLUE_SOURCE=tianyancha', ['TIANYANCHA_TOKEN']);
  return { kind: 'tianyancha', token: t.TIANYANCHA_TOKEN, baseUrl: t.TIANYANCHA_BASE_URL.replace(/\/$/, '') };
};

const numberCheckOf = (s: TSettings): TConfig['numberCheck'] => {
  if (s.NUMBER_CHECK === 'dev') return { kind: 'dev' };
  const t = required(s, 'NUMBER_CHECK=tianapi', ['TIANAPI_KEY']);
  return { kind: 'tianapi', key: t.TIANAPI_KEY, baseUrl: t.TIANAPI_BASE_URL.replace(/\/$/, '') };
};

const speechOf = (s: TSettings, isProduction: boolean): TSpeechConfig => {
  const asr = s.CALL_ASR ?? (isProduction ? 'off' : 'dev');
  const analyst = s.CALL_ANALYST ?? (isProduction ? 'off' : 'rules');
  const t = asr === 'tencent' && required(s, 'CALL_ASR=tencent', ['TENCENT_ASR_SECRET_ID', 'TENCENT_ASR_SECRET_KEY']);
  const o =
    analyst === 'openai' &&
    required(s, 'CALL_ANALYST=openai', ['ANALYST_BASE_URL', 'ANALYST_API_KEY', 'ANALYST_MODEL']);
  return {
    asr: t
      ? {
          kind: 'tencent',
          secretId: t.TENCENT_ASR_SECRET_ID,
          secretKey: t.TENCENT_ASR_SECRET_KEY,
          region: t.TENCENT_ASR_REGION,
          engine: t.TENCENT_ASR_ENGINE,
          endpoint: t.TENCENT_ASR_ENDPOINT,
          // An hour of audio takes Tencent one to three minutes; the wait stays well inside the 15 min
          // after which the queue expires a run and the analysis counts as abandoned.
          pollSeconds: 5,
          timeoutSeconds: 10 * 60,
        }
      : { kind: asr === 'dev' ? 'dev' : 'off' },
    analyst: o
      ? {
          kind: 'openai',
          baseUrl: o.ANALYST_BASE_URL,
          apiKey: o.ANALYST_API_KEY,
          model: o.ANALYST_MODEL,
          responseFormat: o.ANALYST_RESPONSE_FORMAT,
          timeoutSeconds: 120,
        }
      : { kind: analyst === 'rules' ? 'rules' : 'off' },
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
    maxInFlight: s.HTTP_MAX_IN_FLIGHT ?? inFlightPerConnection * s.DB_POOL_MAX,
    dbMaintenanceMinutes: s.DB_MAINTENANCE_MINUTES,
    isProduction,
    logLevel: s.LOG_LEVEL,
    metricsToken: s.METRICS_TOKEN ?? null,
    trustProxy: s.TRUST_PROXY === '1',
    webDist: s.WEB_DIST === '' ? null : path.resolve(s.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    seedDemo: s.SEED_DEMO === '1',
    // Spec section 9: the token cookie lives 0.5 day; the server-side session matches it.
    sessionHours: s.SESSION_HOURS,
    bodyLimitBytes: 1024 * 1024,
    crmReleaseJobMinutes: s.CRM_RELEASE_JOB_MINUTES,
    lowBalanceJobSeconds: s.LOW_BALANCE_JOB_SECONDS,
    // A known development key must never seal a production server's data.
    dataKey: s.DATA_ENCRYPTION_KEY
      ? Buffer.from(s.DATA_ENCRYPTION_KEY, 'hex')
      : isProduction
        ? null
        : crypto.createHash('sha256').update('yunhu-dev-data-key').digest(),
    // Without a configured secret a production server's links work on the process that made them
    // (enough for one server; set DOCUMENT_LINK_SECRET for several).
    documentLinkKey: s.DOCUMENT_LINK_SECRET
      ? Buffer.from(s.DOCUMENT_LINK_SECRET)
      : isProduction
        ? crypto.randomBytes(32)
        : Buffer.from('yunhu-dev-document-link-secret'),
    sip: {
      // A known development secret must never guard a production server.
      sharedSecret: s.SIP_SHARED_SECRET ?? (isProduction ? null : 'yunhu-dev-sip-secret'),
      wsUrl: s.SIP_WS_URL,
      realm: s.SIP_REALM,
      isAutostart: (s.SIP_AUTOSTART ?? (isProduction ? '0' : '1')) === '1',
      dev: {
        serverUrl: s.SIP_SERVER_URL ?? null,
        wsOrigins: s.SIP_WS_ORIGINS ?? null,
        wsPort: s.SIP_WS_PORT ?? null,
        sipPort: s.SIP_PORT,
        trunkAddress: s.SIP_TRUNK_ADDR ?? null,
        trunkPhone: s.SIP_TRUNK_PHONE ?? null,
        isDevCarrier: (s.SIP_DEV_CARRIER ?? (isProduction ? '0' : '1')) === '1',
        trunk: {
          transport: s.SIP_TRUNK_TRANSPORT,
          auth:
            s.SIP_TRUNK_USER && s.SIP_TRUNK_PASSWORD
              ? { user: s.SIP_TRUNK_USER, password: s.SIP_TRUNK_PASSWORD, realm: s.SIP_TRUNK_REALM }
              : null,
          isRegistered: s.SIP_TRUNK_REGISTER === '1',
          timeoutMs: s.SIP_TRUNK_TIMEOUT_MS,
        },
        advertise: s.SIP_ADVERTISE_ADDR ?? null,
        inboundPeers: (s.SIP_INBOUND_PEERS ?? '')
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
        ringTimeoutSeconds: s.SIP_RING_TIMEOUT,
        ban: { failures: s.SIP_BAN_FAILURES, minutes: s.SIP_BAN_MINUTES },
        media:
          s.MEDIA_GATEWAY === '1'
            ? {
                ip: s.MEDIA_IP,
                advertiseIp: s.MEDIA_ADVERTISE_IP ?? null,
                portMin: s.MEDIA_PORT_MIN,
                portMax: s.MEDIA_PORT_MAX,
                // Kamailio and the server (监听) both drive the gateway over this loopback port.
                ngPort: s.MEDIA_NG_PORT,
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
    speech: speechOf(s, isProduction),
    clue: clueOf(s),
    numberCheck: numberCheckOf(s),
    storage: storageOf(s),
    integration: {
      allowLoopback: (s.WEBHOOK_ALLOW_LOOPBACK ?? (isProduction ? '0' : '1')) === '1',
      timeoutMs: s.WEBHOOK_TIMEOUT_MS,
      retrySeconds: s.WEBHOOK_RETRY_SECONDS,
      pollSeconds: s.WEBHOOK_POLL_SECONDS,
      ratePerMinute: s.OPEN_API_RATE_PER_MINUTE,
    },
    ecSync: {
      apiBaseUrl: s.EC_API_BASE_URL ?? (isProduction ? 'https://open.workec.com/v2' : null),
      linkBaseUrl: (s.EC_LINK_BASE_URL ?? `http://127.0.0.1:${s.PORT}`).replace(/\/$/, ''),
      timeoutMs: 10_000,
      retrySeconds: s.EC_RETRY_SECONDS,
      pollSeconds: s.EC_POLL_SECONDS,
    },
    pay: {
      channel: s.PAY_CHANNEL,
      alipay: s.PAY_CHANNEL === 'alipay' ? alipayOf(s) : null,
      wechat: s.PAY_CHANNEL === 'wechat' ? wechatOf(s) : null,
      sandboxSecret: s.PAY_SANDBOX_SECRET ?? (isProduction ? null : 'yunhu-dev-pay-sandbox-secret'),
      orderMinutes: s.PAY_ORDER_MINUTES,
      jobSeconds: s.PAY_JOB_SECONDS,
    },
  };
};
