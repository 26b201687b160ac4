// The server built ahead of time: apps/server/src/main.ts and the packages it uses bundled by esbuild
// into one CommonJS file, apps/server/dist/server.cjs (source map beside it), which
// apps/server/dist/main.js loads (an ES module, as the package is). Bundled, the server loads
// only the parts of its packages it uses (drizzle-orm's whole index alone is ~120 MB resident).
// `node scripts/build-server.mjs` builds; start.mjs, the end-to-end harness and the benches call
// buildServerIfStale().
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
/** What `node` starts: the launcher. */
export const serverBundle = path.join(server, 'dist/main.js');
/** The server itself, with every package but the few below. */
export const serverCode = path.join(server, 'dist/server.cjs');

/**
 * Packages left in node_modules: PGlite finds its WebAssembly and data files beside its own code,
 * http/exceljs.ts loads exceljs at the first spreadsheet (patched at install: patches/);
 * pg-native is pg's optional native driver (absent).
 */
const externalPackages = ['@electric-sql/pglite', 'exceljs', 'pg-native'];
const isExternal = (name) => externalPackages.some((p) => name === p || name.startsWith(`${p}/`));

// What the bundle is made of: a change to any of these makes it stale.
const inputs = [
  path.join(server, 'src'),
  path.join(server, 'package.json'),
  path.join(root, 'packages/contract/src'),
  path.join(root, 'packages/contract/package.json'),
  // The packages are in the bundle: an install that changes them makes it stale.
  path.join(root, 'package-lock.json'),
  path.join(root, 'patches'),
  fileURLToPath(import.meta.url),
];

const newestIn = (p) => {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(p).reduce((max, name) => Math.max(max, newestIn(path.join(p, name))), stat.mtimeMs);
};

/** Whether the bundle is missing or older than one of its sources. */
export const isServerStale = () => {
  if (!fs.existsSync(serverBundle) || !fs.existsSync(serverCode)) return true;
  const builtAt = Math.min(fs.statSync(serverBundle).mtimeMs, fs.statSync(serverCode).mtimeMs);
  return inputs.some((p) => fs.existsSync(p) && newestIn(p) > builtAt);
};

// No compile cache (module.enableCompileCache): measured, it held ~110 MB more on the first start
// after a build and gave warm starts nothing we could tell from noise (decision 0026).
const launcher = `import module from 'node:module';

module.createRequire(import.meta.url)('./server.cjs');
`;

/**
 * Bundles the server. Files are written under temporary names and renamed, the launcher last, so a
 * process starting meanwhile never reads half a file nor a launcher without its bundle. Not minified:
 * stacks keep the functions' names (NODE_OPTIONS=--enable-source-maps maps them into the sources).
 */
export const buildServer = async () => {
  const esbuild = await import('esbuild');
  const code = await esbuild.build({
    entryPoints: [path.join(server, 'src/main.ts')],
    outfile: serverCode,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    // `import()` becomes a require when it runs: the modules a start does not need (the other
    // database's driver, the migrator) are evaluated only when asked for, and PGlite's CommonJS
    // build is the one drizzle's adapter requires too (one copy of PGlite, not two).
    supported: { 'dynamic-import': false },
    // paths.ts and org/pinyin.ts locate files from the module's URL: the bundle's.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [
      {
        name: 'packages-external',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) =>
            isExternal(args.path) ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  fs.mkdirSync(path.dirname(serverBundle), { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  // The map first: a bundle never points at a map that is not there yet; the launcher last.
  const files = [
    ...code.outputFiles
      .map((f) => ({ path: f.path, contents: f.contents }))
      .sort((a, b) => Number(!a.path.endsWith('.map')) - Number(!b.path.endsWith('.map'))),
    { path: serverBundle, contents: launcher },
  ];
  for (const file of files) {
    fs.writeFileSync(file.path + suffix, file.contents);
    fs.renameSync(file.path + suffix, file.path);
  }
  // What earlier layouts left beside it: V8 code caches written by the server itself.
  const dist = path.dirname(serverBundle);
  for (const name of fs.readdirSync(dist)) {
    if (/^server\.cjs\..*cache$/.test(name) || name === 'main.js.map')
      fs.rmSync(path.join(dist, name), { force: true });
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
