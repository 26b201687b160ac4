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
 * What the bundle changes in its packages, each for a cost every start or every request paid for
 * nothing on our server (issue 13), each the same answer as the code it replaces. A package whose
 * source moved fails the build, not the server.
 */
export const packagePatches = [
  {
    // find-my-way (Fastify's router) compiles a `new Function` for every static path segment of 2 to
    // 15 characters as routes are added: ~36 ms of each start for our ~400 routes, the one part of
    // route registration V8's code cache cannot keep. The bundle's copy compares with `startsWith`
    // instead, as find-my-way itself does for segments of 16 and more (`indexOf(…) === i`): the same
    // answer for every path.
    file: /find-my-way[\\/]lib[\\/]node\.js$/,
    find: /\n {2}const lines = \[\]\n[\s\S]*?return new Function\([^\n]*\n/,
    replace: '\n  return function matchPrefix (path, i) {\n    return path.startsWith(prefix, i)\n  }\n',
  },
  {
    // drizzle's `is(value, type)` (is `value` a drizzle entity of `type`?) walks the value's class
    // chain looking a symbol up on each class whenever `instanceof` says no, and drizzle asks it
    // thousands of times a request: for every chunk of a statement it builds and every column of
    // every row it maps (`mapResultRow` asks Column? SQL? Subquery? of each field). A CPU profile of
    // 我的客户 page 1 put 0.15 ms of each request in it. The bundle's copy remembers the answer per
    // (class of the value, type): a class's chain never changes, so neither does the answer, and a
    // type that is not drizzle's still throws as before.
    file: /drizzle-orm[\\/]entity\.c?js$/,
    find: /\n {2}let cls = Object\.getPrototypeOf\(value\)\.constructor;\n {2}if \(cls\) \{\n {4}while \(cls\) \{\n {6}if \(entityKind in cls && cls\[entityKind\] === type\[entityKind\]\) \{\n {8}return true;\n {6}\}\n {6}cls = Object\.getPrototypeOf\(cls\);\n {4}\}\n {2}\}\n {2}return false;\n\}/,
    replace: `
  const own = Object.getPrototypeOf(value).constructor;
  const known = own ? isAnswers.get(own) : undefined;
  const answer = known?.get(type);
  if (answer !== undefined) return answer;
  let found = false;
  for (let cls = own; cls; cls = Object.getPrototypeOf(cls)) {
    if (entityKind in cls && cls[entityKind] === type[entityKind]) {
      found = true;
      break;
    }
  }
  if (own) {
    if (known) known.set(type, found);
    else isAnswers.set(own, new Map([[type, found]]));
  }
  return found;
}
/** is()'s answers by the value's class, then the type asked (scripts/build-server.mjs). */
const isAnswers = new WeakMap();`,
  },
  {
    // pg asks whether it runs in a Cloudflare Worker when it loads: on Node 20, which has no
    // \`navigator\`, by constructing a fetch \`Response\`, which loads Node's whole fetch (undici):
    // ~15 ms of every start, for a server that runs only on Node. The bundle's pg takes Node's
    // sockets at once, as that check answers on Node.
    file: /pg[\\/]lib[\\/]stream\.js$/,
    find: /\nfunction getStreamFuncs\(\) \{\n {2}if \(isCloudflareRuntime\(\)\) \{\n {4}return getCloudflareStreamFuncs\(\)\n {2}\}\n/,
    replace: '\nfunction getStreamFuncs() {\n',
  },
];

const patchedPackages = {
  name: 'package-patches',
  setup(build) {
    for (const patch of packagePatches) {
      build.onLoad({ filter: patch.file }, (args) => {
        const source = fs.readFileSync(args.path, 'utf8');
        if (!patch.find.test(source)) throw new Error(`${args.path} changed: its patch no longer applies`);
        return { contents: source.replace(patch.find, patch.replace), loader: 'js' };
      });
    }
  },
};

/**
 * The bundle as ASCII (issue 13's warm start). esbuild escapes what is not ASCII in strings and
 * identifiers but leaves comments and regular-expression literals as written, and some 1,100
 * Chinese and typographic characters there made the whole 7.8 MB file a two-byte string: every start
 * decoded it as UTF-8 (~30 ms) and held twice the memory. Each such UTF-16 unit becomes `\uXXXX`,
 * which means the same in a comment, a string and a regular expression (an identity escape `\（`
 * becomes `\uFF08`: the backslash is its own) — but not in a String.raw template (below); the
 * launcher then reads the file as latin1, a copy.
 * Source-map columns after an escaped character on its line shift (the lines stay right).
 */
export const asciiSource = (text) => {
  // String.raw`…` is the one place where an escape would change the value (its raw text is the
  // value): opus-decoder keeps its WebAssembly there, yEnc-encoded in characters up to U+00FF. Such
  // a template without substitutions becomes the string literal of the same value (line ends as a
  // template's raw text has them); one with substitutions and such characters fails the build.
  const rewritten = text.replace(/String\.raw`((?:[^`\\$]|\\[\s\S]|\$(?!\{))*)`/g, (_, raw) =>
    JSON.stringify(raw.replace(/\r\n?/g, '\n')),
  );
  if (/String\.raw`(?:[^`\\]|\\[\s\S])*?[\u0080-\uffff]/.test(rewritten)) {
    throw new Error('a String.raw template with substitutions holds characters outside ASCII');
  }
  return rewritten.replace(/(\\*)([\u0080-\uffff])/g, (_, slashes, char) => {
    const escaped = `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    // An odd run of backslashes ends in the character's own escape: that one is replaced.
    return (slashes.length % 2 === 1 ? slashes.slice(1) : slashes) + escaped;
  });
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
      patchedPackages,
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
    fs.writeFileSync(file.path + suffix, file.path === serverCode ? asciiSource(file.text) : file.contents);
    fs.renameSync(file.path + suffix, file.path);
  }
  // The old bundle's code caches (keyed by it, so never used again) and the layout before the
  // CommonJS bundle (a main.js map).
  const dist = path.dirname(serverBundle);
  for (const name of fs.readdirSync(dist)) {
    if (/^server\.cjs\.(?:postgres\.)?(?:[0-9a-f]{12}\.)?cache$/.test(name) || name === 'main.js.map') {
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
