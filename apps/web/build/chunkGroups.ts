import path from 'node:path';

/**
 * The code every page of a stage needs goes out as one file per stage, not as
 * the dozens of small shared chunks the bundler cuts by default (one per set of lazy importers).
 * Each small file is compressed on its own and loses the context of the others: the shell of the
 * signed-in pages was ~90 files.
 *
 * A stage is what its roots import statically, followed the way tree-shaking keeps it: through a
 * re-export (`export { X } from`, a package's index such as antd's, a feature's index.ts) only the
 * names someone imports; CommonJS modules whole. The stages: what runs before anything else
 * (boot.tsx: the router, antd's core, the sign-in route table), then the signed-in shell (the
 * layout and the route tables under /menu), which every screen behind the sign-in loads before its
 * page. A module a stage reaches is loaded whenever that stage is, so grouping it costs no one a byte
 * they would not load; what only some screens use (tables, date pickers, charts, the soft-phone)
 * keeps the bundler's own chunks. A name this walk misreads only moves a module between chunks:
 * every chunk still imports what it needs.
 */
export type TModuleInfo = { code: string | null; importedIds: readonly string[]; exports?: readonly string[] } | null;
export type TGetModuleInfo = (id: string) => TModuleInfo;

const src = path.resolve(import.meta.dirname, '../src');

/** The roots of each stage; the sign-in page's own modules keep the bundler's chunks. */
export const roots = {
  boot: ['boot.tsx'],
  signIn: ['features/auth/pages/LoginPage.tsx'],
  shell: ['app/layout/AppLayout.tsx', 'app/menuRoutes.tsx', 'app/UserLoader.tsx'],
} as const;

type TStatement = { spec: string; names: string[] | '*'; reexports?: [string, string][] | '*'; star?: string };

const specifier = `['"]([^'"]+)['"]`;
const statementRe = new RegExp(
  `(?:^|[\\n;])\\s*(?:import\\s*(?:([\\w$]+)\\s*,?\\s*)?(?:\\{([^}]*)\\}|\\*\\s*as\\s+[\\w$]+)?\\s*(?:from\\s*)?${specifier}` +
    `|export\\s*(?:\\{([^}]*)\\}|\\*(?:\\s*as\\s+([\\w$]+))?)\\s*from\\s*${specifier})`,
  'g',
);

/** `a as b, c` → [[a, b], [c, c]] (imported name, local or exported name). */
const pairs = (list: string): [string, string][] =>
  list
    .split(',')
    .map((n) => n.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((n) => {
      const [from, to] = n.split(/\s+as\s+/);
      return [from as string, (to ?? from) as string];
    });

/**
 * The names a module reads from a namespace it imports (`import * as t` then `t.crm`, as the
 * bundler tree-shakes it); '*' when the namespace is used as a value (passed on, indexed, assigned).
 * The same letters inside a string or a word are neither.
 */
const namesReadFrom = (code: string, namespace: string): string[] | '*' => {
  const names = new Set<string>();
  const name = namespace.replace(/\$/g, '\\$');
  const uses = new RegExp(`(?<![\\w$.])${name}(?![\\w$])(?:\\s*\\.\\s*([\\w$]+))?`, 'g');
  for (const m of code.matchAll(uses)) {
    if (m[1]) names.add(m[1]);
    else if (isValueUse(code.slice(0, m.index), code.slice(m.index + m[0].length))) return '*';
  }
  return [...names];
};

const isValueUse = (before: string, after: string) =>
  /^\s*[[),;}]/.test(after) && !/\*\s*as\s*$/.test(before) && /[(,=[{:?]\s*$/.test(before);

/** The import and re-export statements of an ES module's code, in order. */
export const statementsOf = (code: string): TStatement[] => {
  const out: TStatement[] = [];
  for (const m of code.matchAll(statementRe)) {
    const [whole, def, named, importSpec, exportNamed, starAs, exportSpec] = m;
    if (importSpec !== undefined) {
      const namespace = /\*\s*as\s+([\w$]+)/.exec(whole)?.[1];
      const names = namespace
        ? namesReadFrom(code, namespace)
        : [...(def ? ['default'] : []), ...pairs(named ?? '').map(([f]) => f)];
      out.push({ spec: importSpec, names });
    } else if (exportSpec !== undefined) {
      if (exportNamed !== undefined) out.push({ spec: exportSpec, names: [], reexports: pairs(exportNamed) });
      else if (starAs) out.push({ spec: exportSpec, names: [], star: starAs });
      else out.push({ spec: exportSpec, names: [], reexports: '*' });
    }
  }
  return out;
};

/**
 * The imported modules a statement's specifier names: by path for relative ones, by package for
 * bare ones (`antd` is the package's index when the same file imports `antd/es/app/context` too).
 * More than one candidate left: all of them (a stage too wide moves code earlier; one too narrow
 * would make an earlier stage load the later one's chunk).
 */
const resolveIn = (from: string, spec: string, ids: readonly string[]): string[] => {
  if (spec.startsWith('.')) {
    const base = path.resolve(path.dirname(from), spec).replace(/\.js$/, '');
    return ids.filter((id) => id === base || id.startsWith(`${base}.`) || id.startsWith(`${base}/index.`)).slice(0, 1);
  }
  const bare = spec === '@yunhu/contract' ? '/packages/contract/src/web' : `/node_modules/${spec}`;
  const matches = ids.filter((id) => id.includes(`${bare}/`) || id.includes(`${bare}.`) || id.endsWith(bare));
  const depth = (id: string) => id.slice(id.indexOf(bare) + bare.length).split('/').length;
  const shallowest = Math.min(...matches.map(depth));
  return matches.filter((id) => depth(id) === shallowest);
};

/** The modules a stage's roots reach, as tree-shaking follows names (see above). */
export const stageClosure = (getModuleInfo: TGetModuleInfo, roots: readonly string[]): Set<string> => {
  const wanted = new Map<string, Set<string> | '*'>();
  const visited = new Set<string>();
  const queue: [string, string[] | '*'][] = roots.map((r) => [r, '*']);
  while (queue.length > 0) {
    const [id, names] = queue.pop() as [string, string[] | '*'];
    const info = getModuleInfo(id);
    if (!info) continue;
    const before = wanted.get(id);
    const isNew = !visited.has(id);
    let added: string[] | '*';
    if (before === '*') added = [];
    else if (names === '*') {
      added = '*';
      wanted.set(id, '*');
    } else {
      const set = before ?? new Set<string>();
      added = names.filter((n) => !set.has(n));
      for (const n of added) set.add(n);
      wanted.set(id, set);
    }
    if (!isNew && added !== '*' && added.length === 0) continue;
    visited.add(id);
    const code = info.code ?? '';
    const statements = statementsOf(code);
    if (statements.length === 0) {
      // CommonJS (require) or a module without ES imports: all it requires.
      if (isNew) for (const dep of info.importedIds) queue.push([dep, '*']);
      continue;
    }
    for (const s of statements) {
      for (const dep of resolveIn(id, s.spec, info.importedIds)) {
        if (!s.reexports && !s.star) {
          if (isNew) queue.push([dep, s.names]);
        } else if (s.star) {
          if (added === '*' || added.includes(s.star)) queue.push([dep, '*']);
        } else if (s.reexports === '*') {
          // `export * from`: only into a module that exports one of the names (when the bundler says).
          const exported = getModuleInfo(dep)?.exports;
          const through =
            added === '*' ? '*' : added.filter((n) => n !== 'default' && (!exported || exported.includes(n)));
          if (through === '*' || through.length > 0) queue.push([dep, through]);
        } else {
          const picked = (s.reexports ?? []).filter(([, as]) => added === '*' || added.includes(as)).map(([f]) => f);
          if (picked.length > 0) queue.push([dep, picked]);
        }
      }
    }
  }
  return visited;
};

/**
 * Which chunk a module goes to: `boot` for what boot.tsx reaches and what both the sign-in page and
 * the shell reach (both load boot anyway), `shell` for the rest of the shell's reach; null leaves a
 * module to the bundler (the sign-in page's own, each screen's).
 */
export const stageOwners = (getModuleInfo: TGetModuleInfo): Map<string, 'boot' | 'shell'> => {
  const reach = (list: readonly string[]) =>
    stageClosure(
      getModuleInfo,
      list.map((r) => path.join(src, r)),
    );
  const boot = reach(roots.boot);
  const signIn = reach(roots.signIn);
  const shell = reach(roots.shell);
  const owners = new Map<string, 'boot' | 'shell'>();
  for (const m of boot) owners.set(m, 'boot');
  for (const m of shell) owners.set(m, signIn.has(m) || owners.has(m) ? 'boot' : 'shell');
  return owners;
};

/** The rolldown `codeSplitting` group's name function (computed once per build). */
export const stageOf = () => {
  let owners: Map<string, string> | null = null;
  return (id: string, ctx: { getModuleInfo: TGetModuleInfo }): string | null => {
    owners ??= stageOwners((i) => ctx.getModuleInfo(i));
    return owners.get(id) ?? null;
  };
};
