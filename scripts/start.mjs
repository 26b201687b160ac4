// `npm start`: build the web app and the server when their sources changed since the last build,
// then run the built server (JavaScript, no TypeScript compiler at run time) in this process, so
// SIGTERM reaches it directly, on the embedded database by default.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isServerStale, serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtAt = (() => {
  try {
    return fs.statSync(path.join(web, 'dist/index.html')).mtimeMs;
  } catch {
    return 0;
  }
})();
const newestSource = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = path.join(dir, e.name);
    return Math.max(max, e.isDirectory() ? newestSource(p) : fs.statSync(p).mtimeMs);
  }, 0);
const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(web, p)).filter(fs.existsSync);
const contract = path.join(root, 'packages/contract/src');
const newest = Math.max(
  newestSource(contract),
  ...sources.map((p) => (fs.statSync(p).isDirectory() ? newestSource(p) : fs.statSync(p).mtimeMs)),
);
// WEB_DIST set (another build, or '' for none) means the server does not serve this one.
if (newest > builtAt && process.env.WEB_DIST === undefined) {
  console.log('正在构建前端（首次启动约需一分钟）…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
// The soft-phone's SIP server (Debian's Kamailio), which the server starts beside itself outside
// production; without it (no root, no apt) the console runs and the soft-phone says it is offline.
const isSipWanted = (process.env.SIP_AUTOSTART ?? (process.env.NODE_ENV === 'production' ? '0' : '1')) === '1';
if (isSipWanted) {
  try {
    execSync('bash scripts/ensure-kamailio.sh', { cwd: root, stdio: 'inherit' });
  } catch {
    console.log('（未能安装 Kamailio：控制台照常启动，软电话不可用）');
  }
}
// Built by a process of its own: the bundler's memory is not the server's (~60 MB a first start kept).
if (isServerStale()) {
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  console.log(`已构建服务端：${path.relative(root, serverBundle)}`);
}
// Stacks name the bundle's functions and lines, which keep their `// apps/server/src/…` markers;
// NODE_OPTIONS=--enable-source-maps maps them into the TypeScript sources.
await import(serverBundle);
