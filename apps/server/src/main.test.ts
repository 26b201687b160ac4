import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { routeTables, type TRouteDef } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerStale, serverBundle, serverCode } from '../../../scripts/build-server.mjs';
import { kamailioMissing } from './modules/telephony/index.js';
import { repoRoot } from './paths.js';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

// Where Kamailio is installed (CI: REQUIRE_KAMAILIO=1) the server starts it beside itself, as
// `npm start` does for a developer, and must stop it on SIGTERM.
const isSipChecked = kamailioMissing() === null || process.env.REQUIRE_KAMAILIO === '1';

/**
 * The server as `npm start` runs it: scripts/start.mjs builds the server's bundle when a source is
 * newer and runs that JavaScript in its own process; a real port, the embedded database on disk.
 */
describe('server process', () => {
  let child: ChildProcess;
  let base: string;
  let sipWsPort: number;
  let output = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-main-'));

  let sourceTouchedAt = 0;
  const oldLayout = `${serverCode}.postgres.0123456789ab.cache`;

  beforeAll(async () => {
    // A source newer than the bundle: start.mjs must build before it runs.
    // What an earlier layout left in dist/: the build removes it.
    fs.mkdirSync(path.dirname(serverCode), { recursive: true });
    fs.writeFileSync(oldLayout, 'old');
    const touched = new Date();
    fs.utimesSync(path.join(repoRoot, 'apps/server/src/main.ts'), touched, touched);
    sourceTouchedAt = touched.getTime();
    expect(isServerStale()).toBe(true);
    const port = await freePort();
    sipWsPort = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        // No web app: start.mjs then builds only the server.
        WEB_DIST: '',
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SIP_AUTOSTART: isSipChecked ? '1' : '0',
        SIP_WS_URL: `ws://127.0.0.1:${sipWsPort}`,
        SIP_PORT: String(await freePort()),
        // Its fixed port range would meet the media gateway of a SIP test running at the same time.
        MEDIA_GATEWAY: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    // Up once /healthz answers and, when it starts Kamailio, it has said how that went.
    const isUp = async () =>
      (!isSipChecked || output.includes('软电话')) &&
      (await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ));
    for (let i = 0; i < 200; i++) {
      if (await isUp()) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not start: ${output}`);
  }, 90_000);

  afterAll(() => {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds the bundle when a source is newer, and runs it', () => {
    expect(output).toContain('已构建服务端');
    expect(fs.statSync(serverBundle).mtimeMs).toBeGreaterThanOrEqual(sourceTouchedAt);
    expect(fs.statSync(serverCode).mtimeMs).toBeGreaterThanOrEqual(sourceTouchedAt);
    expect(fs.existsSync(oldLayout)).toBe(false);
  });

  // A first start holds initdb's second PGlite instance until a collection an idle server never
  // makes unless it asks, and 128 MB of shared buffers; the demo's month of calls charged inside the
  // seed's one transaction leaves the embedded database's heap at its high-water mark (~60 MB of it).
  it('gives back the memory of a first start: under 700 MB resident once it listens', async () => {
    await new Promise((r) => setTimeout(r, 2000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) / 1024;
    expect(rssMb).toBeGreaterThan(0);
    expect(rssMb).toBeLessThan(700);
  });

  it.runIf(isSipChecked)('starts Kamailio beside itself', async () => {
    expect(output).toContain(`ws://127.0.0.1:${sipWsPort}`);
    expect(await canConnect(sipWsPort)).toBe(true);
  });

  it('prints the address and the demo sign-ins, and answers /healthz', async () => {
    expect(output).toContain(base);
    for (const login of [
      'platform / Platform@2026',
      'admin / Admin@2026',
      'manager / Manager@2026',
      'agent01 / Agent@2026',
    ]) {
      expect(output).toContain(login);
    }
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ code: 0, data: { database: 'pglite', isUp: true } });
  });

  // The built server registers every route of the contract, and a path that differs in one character
  // is not found.
  it('finds every route of the contract, and no path one character off', async () => {
    const routes = Object.values(routeTables).flatMap((table) => Object.values(table) as TRouteDef[]);
    expect(routes.length).toBeGreaterThan(300);
    const ask = async (method: string, url: string) =>
      (await (
        await fetch(`${base}${url}`, {
          method,
          ...(method === 'POST' ? { body: '{}', headers: { 'content-type': 'application/json' } } : {}),
        })
      ).json()) as { msg: string };
    const missed: string[] = [];
    const wrongly: string[] = [];
    for (const route of routes) {
      const url = route.path.replace(/:\w+/g, '1');
      if ((await ask(route.method, url)).msg === '接口不存在') missed.push(`${route.method} ${route.path}`);
      if (route.path.includes(':')) continue;
      // One character in the middle of the last segment changed.
      const at = url.lastIndexOf('/') + Math.max(1, Math.floor((url.length - url.lastIndexOf('/')) / 2));
      const off = `${url.slice(0, at)}~${url.slice(at + 1)}`;
      if ((await ask(route.method, off)).msg !== '接口不存在') wrongly.push(`${route.method} ${off}`);
    }
    expect(missed).toEqual([]);
    expect(wrongly).toEqual([]);
  });

  it('on SIGTERM finishes the request in flight, cuts one that stalls past the drain, then exits 0 and stops its Kamailio', async () => {
    const login = await fetch(`${base}/sso/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin@2026' }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    // A client that sends its headers and never its body (a stalled upload, a dead mobile network):
    // the server does not wait for it beyond its bound (main.ts requestsDrainMs).
    const stalled = new Promise<string>((resolve) => {
      const req = http.request(`${base}/base/sys/user/updateRealName`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': 100, 'cloud-token': token },
      });
      req.on('error', (error) => resolve(error.message));
      req.on('response', () => resolve('answered'));
      req.flushHeaders();
    });
    const body = JSON.stringify({ realName: '张明' });
    // Send the headers, signal the server, and only then the body: the request is in flight.
    const answer = new Promise<string>((resolve, reject) => {
      const req = http.request(
        `${base}/base/sys/user/updateRealName`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'cloud-token': token,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.flushHeaders();
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body), 300);
      }, 300);
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    expect(JSON.parse(await answer)).toMatchObject({ code: 0 });
    expect(await stalled).toBe('socket hang up');
    expect(await exited).toBe(0);
    expect(await canConnect(sipWsPort)).toBe(false);
  });
});
