// `npm start`: build the web app and the server when their sources changed since the last build,
// then run the built server (JavaScript, no TypeScript compiler at run time) in this process, so
// SIGTERM reaches it directly, on the embedded database by default.
import { execFileSync, execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isServerStale, serverBundle } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST set (another build, or '' for none) means the server does not serve this one.
if (process.env.WEB_DIST === undefined) buildWebIfStale();
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
