// The server as a user meets it, for the first-load benchmarks (issue 13): its own process (like
// e2e/support/server.ts), the built web app, a fresh embedded database with the demo data.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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
 * app as it went out before issue 13 (no compression), the floor of the comparison.
 */
export const uncompressedCopy = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-dist-identity-'));
  fs.cpSync(webDist, dir, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  return dir;
};

export type TBuiltServer = { baseUrl: string; stop: () => Promise<void> };

/**
 * Starts `apps/server/src/main.ts` on a free port serving `dist`, with `env` on top (a bench's SIP
 * settings); resolves once /healthz answers.
 */
export const startBuiltServer = async (
  dist: string = webDist,
  env: Record<string, string> = {},
): Promise<TBuiltServer> => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-first-load-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SIP_AUTOSTART: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
