// The server as a user meets it, for the first-load benchmarks: its own process (like
// e2e/support/server.ts), the built web app, a fresh embedded database with the demo data.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildServerIfStale, serverBundle } from '../scripts/build-server.mjs';

export const root = path.resolve(new URL('..', import.meta.url).pathname);
export const webDist = path.join(root, 'apps/web/dist');

/** Debian's Chromium with the flags of this closed network (as in e2e/support/browser.ts). */
export const chromiumPath = '/usr/bin/chromium';
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const demoAdmin = { username: 'admin', password: 'Admin@2026' };

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Stops when `npm run build` was not run: the benchmarks measure the built app and build nothing. */
export const requireBuiltWeb = () => {
  const assets = path.join(webDist, 'assets');
  if (!fs.existsSync(path.join(webDist, 'index.html')) || !fs.existsSync(assets)) {
    throw new Error(`no built web app in ${webDist}: run \`npm run build\` first`);
  }
  if (!fs.readdirSync(assets).some((f) => f.endsWith('.br'))) {
    throw new Error(`${webDist} has no precompressed files: rebuild with the yunhu:precompress plugin`);
  }
};

/**
 * A copy of the built app without its `.br`/`.gz` files: served by the same server code, it is the
 * app as a server without precompression sends it, the floor of the comparison.
 */
export const uncompressedCopy = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-dist-identity-'));
  fs.cpSync(webDist, dir, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  return dir;
};

export type TBuiltServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * The server process as `npm start` runs it: this checkout's bundle (built first when a source is
 * newer; scripts/build-server.mjs) through its launcher, so a bench measures what users run, the
 * bundle's package patches included. `cwd` another checkout (a bench's BENCH_BEFORE) runs that one's
 * sources by tsx, as it may predate the bundle. Resolves once /healthz answers; a bench that fails
 * takes the server down with it.
 */
export const spawnServer = async (opts: {
  env: Record<string, string>;
  cwd?: string;
  nodeArgs?: string[];
  stdio?: 'pipe' | 'ignore';
}): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> => {
  const cwd = opts.cwd ?? root;
  const isThisCheckout = path.resolve(cwd) === root;
  if (isThisCheckout) await buildServerIfStale();
  const entry = isThisCheckout ? [serverBundle] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const port = opts.env.PORT ? Number(opts.env.PORT) : await freePort();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...entry], {
    cwd,
    env: { ...process.env, HOST: '127.0.0.1', ...opts.env, PORT: String(port) },
    stdio: ['ignore', opts.stdio ?? 'pipe', 'pipe'],
  });
  process.on('exit', () => child.kill('SIGTERM'));
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
    if (opts.stdio === 'ignore') process.stderr.write(d);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server in ${cwd} exited:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server in ${cwd} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, baseUrl, output: () => output };
};

/**
 * The settings of a server a database bench measures: that database, no web app, no demo seed, the
 * production mode, warnings only, and the automatic release once a day (not during a run).
 */
export const benchServerEnv = (databaseUrl: string, port: number, dataDir: string): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  PORT: String(port),
  DATA_DIR: dataDir,
  WEB_DIST: '',
  SEED_DEMO: '0',
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  CRM_RELEASE_JOB_MINUTES: '1440',
});

/** Stops a server spawned by spawnServer and waits for it to exit. */
export const stopServer = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
};

/**
 * The built server on a free port serving `dist`, with `env` on top (a bench's SIP settings), on a
 * fresh embedded database; resolves once /healthz answers.
 */
export const startBuiltServer = async (
  dist: string = webDist,
  env: Record<string, string> = {},
): Promise<TBuiltServer> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-first-load-'));
  const { child, baseUrl } = await spawnServer({
    env: {
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SIP_AUTOSTART: '0',
      ...env,
    },
  });
  return {
    baseUrl,
    stop: async () => {
      await stopServer(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
