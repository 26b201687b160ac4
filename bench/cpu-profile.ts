// Self time of a V8 CPU profile (node --cpu-prof) grouped by where the code comes from: the server
// is one esbuild bundle, so each sampled function is traced back to the bundled module it is in,
// then to its package (node_modules/<name>) or to our own sources.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type TCallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type TProfile = {
  nodes: { id: number; callFrame: TCallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** The packages `names` need, with theirs (node_modules' package.json files, one level of nesting). */
const dependencyClosure = (root: string, names: string[]) => {
  const seen = new Set<string>();
  const visit = (name: string, from: string) => {
    if (seen.has(name)) return;
    const candidates = [path.join(from, 'node_modules', name), path.join(root, 'node_modules', name)];
    const dir = candidates.find((d) => fs.existsSync(path.join(d, 'package.json')));
    if (!dir) return;
    seen.add(name);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dep, dir);
  };
  for (const name of names) visit(name, root);
  return seen;
};

/**
 * The groups of the summary: drizzle-orm, the pg driver, fastify with everything it brings (its
 * plugins and the zod type provider, zod itself aside), zod, then any other package by name.
 */
export const packageGroups = (root: string) => {
  const fastifyRoots = [
    'fastify',
    'fastify-type-provider-zod',
    ...fs.readdirSync(path.join(root, 'node_modules/@fastify')).map((n) => `@fastify/${n}`),
  ];
  const fastify = dependencyClosure(root, fastifyRoots);
  const pgDriver = dependencyClosure(root, ['pg']);
  return (pkg: string) => {
    if (pkg === 'drizzle-orm') return 'drizzle-orm';
    if (pkg === 'zod') return 'zod';
    if (pgDriver.has(pkg)) return 'pg / pg-protocol (and pg-pool, pg-types)';
    if (fastify.has(pkg)) return 'fastify and its deps';
    return `other: ${pkg}`;
  };
};

const specialFrames: Record<string, string> = {
  '(idle)': '(idle)',
  '(program)': '(program)',
  '(garbage collector)': '(garbage collector)',
  '(root)': '(program)',
};

/**
 * The modules of an esbuild bundle: esbuild writes `// <path>` above each module's code, so the
 * module of a generated line is the last such comment above it. (Source maps alone would do for our
 * files, but a package's own map may point outside its folder: drizzle-orm's name ../src/*.ts.)
 */
const bundleModules = (file: string) => {
  const starts: { line: number; module: string }[] = [];
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  for (const [i, text] of lines.entries()) {
    const m = /^\/\/ (\S+\.(?:[cm]?[jt]sx?|json))$/.exec(text);
    if (m) starts.push({ line: i, module: m[1]! });
  }
  return (line: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = '';
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]!.line <= line) {
        found = starts[mid]!.module;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
};

/** Where one frame's code lives: its group, and its module (our files: original file and line). */
const frameLocator = (root: string, groupOfPackage: (pkg: string) => string) => {
  const bundles = new Map<string, { moduleAt: (line: number) => string; map: SourceMap | null }>();
  const bundleOf = (file: string) => {
    let bundle = bundles.get(file);
    if (!bundle) {
      const mapFile = `${file}.map`;
      bundle = {
        moduleAt: bundleModules(file),
        map: fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null,
      };
      bundles.set(file, bundle);
    }
    return bundle;
  };
  const groupOfModule = (module: string) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)?.[1];
    if (pkg) return groupOfPackage(pkg);
    if (/^(apps|packages)\//.test(module)) return 'our code (apps/, packages/)';
    return `other: ${module}`;
  };
  /** Our own files by their source map's line; a package's by its module. */
  const whereOf = (file: string, module: string, frame: TCallFrame, map: SourceMap | null) => {
    if (module.includes('node_modules/')) return module.replace(/^.*node_modules\//, '');
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalLine?: number } | undefined;
    return entry?.originalLine === undefined
      ? `${module || path.relative(root, file)}:${frame.lineNumber + 1}`
      : `${module}:${entry.originalLine + 1}`;
  };
  return (frame: TCallFrame): { group: string; where: string } => {
    if (frame.url === '') return { group: specialFrames[frame.functionName] ?? 'Node core and V8 builtins', where: '' };
    if (frame.url.startsWith('node:')) return { group: 'Node core and V8 builtins', where: frame.url };
    if (!frame.url.startsWith('file:')) return { group: `other: ${frame.url}`, where: frame.url };
    const file = fileURLToPath(frame.url);
    const relative = path.relative(root, file);
    if (relative.includes('node_modules/')) return { group: groupOfModule(relative), where: relative };
    const { moduleAt, map } = bundleOf(file);
    const module = moduleAt(frame.lineNumber);
    return { group: groupOfModule(module || relative), where: whereOf(file, module, frame, map) };
  };
};

const largestFirst = (totals: Map<string, number>) =>
  [...totals].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms);

/**
 * Self time (ms) of the samples taken between `fromUs` and `toUs` (the profile's clock: microseconds
 * of the monotonic clock, as process.hrtime), per group and per function, largest first.
 */
export const selfTime = (profileFile: string, root: string, fromUs: number, toUs: number) => {
  const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as TProfile;
  const locate = frameLocator(root, packageGroups(root));
  const nodeInfo = new Map(
    profile.nodes.map((n) => {
      const { group, where } = locate(n.callFrame);
      return [n.id, { group, fn: `${n.callFrame.functionName || '(anonymous)'} ${where}`.trim() }];
    }),
  );
  const byGroup = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const spanMs = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (at < fromUs || at > toUs) continue;
    const info = nodeInfo.get(profile.samples[i]!) ?? { group: 'unknown', fn: 'unknown' };
    byGroup.set(info.group, (byGroup.get(info.group) ?? 0) + spanMs);
    byFunction.set(info.fn, (byFunction.get(info.fn) ?? 0) + spanMs);
  }
  return { groups: largestFirst(byGroup), functions: largestFirst(byFunction) };
};

/** The main thread's profile in `dir` (CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile; thread 0). */
export const mainThreadProfileIn = (dir: string) => {
  const file = fs.readdirSync(dir).find((f) => /^CPU\.\d+\.\d+\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  if (!file) throw new Error(`no main-thread .cpuprofile in ${dir}: ${fs.readdirSync(dir).join(', ')}`);
  return path.join(dir, file);
};
