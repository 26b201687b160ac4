import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerIfStale, serverBundle } from '../../scripts/build-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's SIP settings: the soft-phone tests start Kamailio on `wsPort` with them. */
    sip: TE2eSip;
  }
}

/** `dataDir`: the server's DATA_DIR, where a test's media gateway leaves its captures (recordings). */
/** `mediaNgPort`: the server's MEDIA_NG_PORT, where a test's media gateway listens (监听). */
export type TE2eSip = { wsPort: number; sharedSecret: string; realm: string; dataDir: string; mediaNgPort: number };

const root = path.resolve(new URL('../..', import.meta.url).pathname);

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/**
 * Starts the real server once for the suite as it runs in production: the built bundle (built here
 * when a source is newer, e.g. when the suite runs without `npm run build`), the built web app, a
 * fresh embedded database with demo data.
 */
export default async function setup(project: TestProject) {
  await buildServerIfStale();
  const port = await freePort();
  // Kamailio is started by the soft-phone tests themselves (they stop it too); the server must
  // hand its address out in the line config, so the port is chosen here.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-e2e-'));
  const sip: TE2eSip = {
    wsPort: await freePort(),
    sharedSecret: 'yunhu-e2e-sip-secret',
    realm: 'sip.yunhu.test',
    dataDir,
    mediaNgPort: await freePort(),
  };
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SIP_WS_URL: `ws://127.0.0.1:${sip.wsPort}`,
      SIP_SHARED_SECRET: sip.sharedSecret,
      SIP_REALM: sip.realm,
      MEDIA_NG_PORT: String(sip.mediaNgPort),
      // The tests start (and stop) their own Kamailio on the chosen port.
      SIP_AUTOSTART: '0',
      // The carrier simulator (call-back lines) plays calls 20 times faster and always connects.
      SIM_TIME_SCALE: '0.05',
      SIM_OUTCOME: 'connected',
      // The low-balance watch looks every 5 s, not every minute: its journey need not wait a minute.
      LOW_BALANCE_JOB_SECONDS: '5',
      // Webhook receivers in the tests listen on this machine; a failed delivery is retried after 1 s.
      WEBHOOK_ALLOW_LOOPBACK: '1',
      WEBHOOK_RETRY_SECONDS: '1',
      WEBHOOK_POLL_SECONDS: '1',
      // The EC simulator answers for 腾讯EC; the sync job looks every second and retries after 1 s.
      EC_POLL_SECONDS: '1',
      EC_RETRY_SECONDS: '1',
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
  // A fresh embedded database seeded with the demo's month: on a loaded two-core machine its first
  // start took over two minutes.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('sip', sip);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
