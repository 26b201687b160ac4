/** Why the production shape cannot run here (no nginx, no openssl), or null. */
export declare const nginxMissing: () => string | null;
/** A free TCP port on 127.0.0.1. */
export declare const freePort: () => Promise<number>;
/** A GET through TLS trusting `ca`: the status, or null when nothing answered. */
export declare const getStatus: (url: string, ca: Buffer, timeoutMs?: number) => Promise<number | null>;
/** deploy/nginx/yunhu.conf with its names filled. */
export declare const renderNginxConf: (values: Record<string, string | number>) => string;

export type TProductionShapeOptions = {
  runDir: string;
  databaseUrl: string | undefined;
  publicHost?: string;
  httpsPort: number;
  httpPort: number;
  /** Server A's port, then B's. */
  serverPorts: [number, number];
  /** Kamailio's WebSocket port behind nginx's /sip. */
  sipWsPort: number;
  cert?: string;
  certKey?: string;
  /** Server A runs Kamailio and rtpengine (default true). */
  isTelephony?: boolean;
  dataDir?: string;
  /** Settings for both servers over the caller's environment. */
  env?: Record<string, string>;
  startTimeoutMs?: number;
  log?: (line: string) => void;
};

export type TProductionShape = {
  /** https://<host>:<port> */
  url: string;
  httpUrl: string;
  /** The certificate nginx presents (PEM), to trust it. */
  ca: Buffer;
  runDir: string;
  dataDir: string;
  servers: () => { name: 'A' | 'B'; port: number; pid: number | undefined }[];
  /** SIGTERM (it drains), wait for its exit, start again, wait until healthy. */
  restartServer: (name: 'A' | 'B') => Promise<void>;
  /** A, then B, each after nginx may use the one before again. */
  rollingRestart: () => Promise<void>;
  /** nginx, then both processes. */
  stop: () => Promise<void>;
};

/** Starts nginx in front of two server processes on one PostgreSQL (docs/decisions/0103-production-shape.md). */
export declare const startProductionShape: (opts: TProductionShapeOptions) => Promise<TProductionShape>;
