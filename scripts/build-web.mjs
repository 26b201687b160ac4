// The web app's build (apps/web/dist) when a source of it or of the contract is newer than the
// built page: `npm start` and scripts/prod-run.mjs.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
export const webDist = path.join(web, 'dist');

const newestSource = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = path.join(dir, e.name);
    return Math.max(max, e.isDirectory() ? newestSource(p) : fs.statSync(p).mtimeMs);
  }, 0);

export const isWebStale = () => {
  const builtAt = fs.existsSync(path.join(webDist, 'index.html'))
    ? fs.statSync(path.join(webDist, 'index.html')).mtimeMs
    : 0;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => path.join(web, p)).filter(fs.existsSync);
  const newest = Math.max(
    newestSource(path.join(root, 'packages/contract/src')),
    ...sources.map((p) => (fs.statSync(p).isDirectory() ? newestSource(p) : fs.statSync(p).mtimeMs)),
  );
  return newest > builtAt;
};

/** Builds the web app when a source is newer; true when it built. */
export const buildWebIfStale = () => {
  if (!isWebStale()) return false;
  console.log('正在构建前端（首次启动约需一分钟）…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
  return true;
};
