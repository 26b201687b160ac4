// The server built ahead of time (issue 13): apps/server/src/main.ts bundled by esbuild into
// apps/server/dist/main.js (ESM, Node 20, source map), the contract inlined, every package in
// node_modules left to Node. Started from JavaScript, the server no longer transpiles TypeScript at
// every start. `node scripts/build-server.mjs` builds; start.mjs and the tests call buildServerIfStale().
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
export const serverBundle = path.join(server, 'dist/main.js');

// What the bundle is made of: a change to any of these makes it stale.
const inputs = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.join(root, 'packages/contract/src'),
  path.join(root, 'packages/contract/package.json'),
  fileURLToPath(import.meta.url),
];

const newestIn = (p) => {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newestIn(path.join(p, name))), stat.mtimeMs);
};

/** Whether the bundle is missing or older than one of its sources. */
export const isServerStale = () => {
  if (!fs.existsSync(serverBundle)) return true;
  const builtAt = fs.statSync(serverBundle).mtimeMs;
  return inputs.some((p) => fs.existsSync(p) && newestIn(p) > builtAt);
};

/** Bundles the server. Written to a temporary name and renamed, so a process starting meanwhile never reads half a file. */
export const buildServer = async () => {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [path.join(server, 'src/main.ts')],
    outfile: serverBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        // Packages stay in node_modules (PGlite finds its WASM files beside its own code); only
        // the contract, a workspace of TypeScript sources, is compiled into the bundle.
        name: 'packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path === '@yunhu/contract' || args.path.startsWith('@yunhu/contract/')
              ? undefined
              : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  fs.mkdirSync(path.dirname(serverBundle), { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  // The map first: a bundle never points at a map that is not there yet.
  const files = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
  );
  for (const file of files) {
    fs.writeFileSync(file.path + suffix, file.contents);
    fs.renameSync(file.path + suffix, file.path);
  }
};

/** Builds the bundle when a source is newer; true when it built. */
export const buildServerIfStale = async () => {
  if (!isServerStale()) return false;
  await buildServer();
  return true;
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const startedAt = Date.now();
  await buildServer();
  console.log(`server built: ${path.relative(root, serverBundle)} (${Date.now() - startedAt} ms)`);
}
