// The server built ahead of time (issue 13): apps/server/src/main.ts and the packages it uses bundled
// by esbuild into one CommonJS file, apps/server/dist/server.cjs (source map beside it), started by
// apps/server/dist/main.js, which runs it through V8's code cache (src/code-cache.ts). Started from
// JavaScript, the server neither transpiles TypeScript nor resolves ~300 package files at every
// start. `node scripts/build-server.mjs` builds; start.mjs and the tests call buildServerIfStale().
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
 * http/exceljs.ts puts its parser in exceljs's module cache before exceljs loads (and loads it at the
 * first spreadsheet), pg-native is pg's optional native driver (absent).
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

/**
 * find-my-way (Fastify's router) compiles a `new Function` for every static path segment of 2 to 15
 * characters as routes are added: ~36 ms of each start for our ~400 routes, the one part of route
 * registration V8's code cache cannot keep (issue 13's warm start). The bundle's copy compares with
 * `startsWith` instead, as find-my-way itself does for segments of 16 and more (`indexOf(…) === i`):
 * the same answer for every path. A find-my-way whose source moved fails the build, not the router.
 */
const routerWithoutEval = {
  name: 'find-my-way-without-eval',
  setup(build) {
    build.onLoad({ filter: /find-my-way[\\/]lib[\\/]node\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const compiled = /\n {2}const lines = \[\]\n[\s\S]*?return new Function\([^\n]*\n/;
      if (!compiled.test(source)) throw new Error(`find-my-way changed: no compiled prefix match in ${args.path}`);
      const contents = source.replace(
        compiled,
        '\n  return function matchPrefix (path, i) {\n    return path.startsWith(prefix, i)\n  }\n',
      );
      return { contents, loader: 'js' };
    });
  },
};

/**
 * Bundles the server. Files are written under temporary names and renamed, the launcher last, so a
 * process starting meanwhile never reads half a file nor a launcher without its bundle. Not minified
 * (stacks keep the functions' names and the bundle's `// apps/server/src/…` markers); CommonJS
 * because V8's code cache (vm.Script) takes scripts, not modules.
 */
export const buildServer = async () => {
  const esbuild = await import('esbuild');
  const common = { bundle: true, platform: 'node', target: 'node20', write: false, logLevel: 'warning' };
  const code = await esbuild.build({
    ...common,
    entryPoints: [path.join(server, 'src/main.ts')],
    outfile: serverCode,
    format: 'cjs',
    sourcemap: 'linked',
    // `import()` becomes a require when it runs: the modules a start does not need (the other
    // database's driver, the migrator) are evaluated only when asked for, PGlite's CommonJS build
    // is the one drizzle's adapter requires too, and the code-cached script needs no module loader.
    supported: { 'dynamic-import': false },
    // paths.ts and http/exceljs.ts locate files from the module's URL: the bundle's.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [
      routerWithoutEval,
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
  const launcher = await esbuild.build({
    ...common,
    stdin: {
      contents: `import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './src/code-cache.ts';
// One code cache per database kind (code-cache.ts cacheFileOf): the driver that runs is part of it.
runWithCodeCache(fileURLToPath(new URL('./server.cjs', import.meta.url)), process.env.DATABASE_URL ? 'postgres' : '');`,
      resolveDir: server,
      sourcefile: 'launcher.ts',
      loader: 'ts',
    },
    outfile: serverBundle,
    format: 'esm',
  });
  fs.mkdirSync(path.dirname(serverBundle), { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  // The map first: a bundle never points at a map that is not there yet; the launcher last.
  const rank = (p) => (p.endsWith('.map') ? 0 : p === serverBundle ? 2 : 1);
  const files = [...code.outputFiles, ...launcher.outputFiles].sort((a, b) => rank(a.path) - rank(b.path));
  for (const file of files) {
    fs.writeFileSync(file.path + suffix, file.contents);
    fs.renameSync(file.path + suffix, file.path);
  }
  // The old bundle's code caches (keyed by it, so never used again) and the layout before the
  // CommonJS bundle (a main.js map).
  const dist = path.dirname(serverBundle);
  for (const name of fs.readdirSync(dist)) {
    if (/^server\.cjs\.(?:[0-9a-f]{12}\.)?cache$/.test(name) || name === 'main.js.map') {
      fs.rmSync(path.join(dist, name), { force: true });
    }
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
