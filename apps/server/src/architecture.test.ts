import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's rules, checked on every `npm test` (docs/architecture.md):
 * dependency-cruiser's rules (.dependency-cruiser.cjs), no cycle between whole areas, settings
 * read only by config.ts, errors declared only in `<area>.errors.ts`.
 */
const root = path.resolve(new URL('../../..', import.meta.url).pathname);
const isTest = (file: string) => /(\.test|\.test-kit|\.e2e)\.tsx?$|\/test\/|test-setup\.ts$/.test(file);

type TCruise = {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { from: string; to: string; rule: { name: string } }[] };
};

const cruise = (): TCruise => {
  const bin = path.join(root, 'node_modules/.bin/depcruise');
  const out = execFileSync(
    bin,
    ['apps/server/src', 'apps/web/src', 'packages/contract/src', '--config', '.dependency-cruiser.cjs', '-T', 'json'],
    { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
  );
  return JSON.parse(out) as TCruise;
};

/** Area-to-area edges of one layer of folders (`apps/server/src/modules/`, `apps/web/src/features/`). */
const areaEdges = (result: TCruise, prefix: string) => {
  const areaOf = (file: string) =>
    file.startsWith(prefix) && !isTest(file) && !file.endsWith('.schema.ts')
      ? file.slice(prefix.length).split('/')[0]!
      : null;
  const edges = new Map<string, Set<string>>();
  for (const m of result.modules) {
    const from = areaOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = areaOf(d.resolved);
      if (to && to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
};

/** Every cycle between areas, each as the path that closes it. */
const cyclesOf = (edges: Map<string, Set<string>>): string[][] => {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
};

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(rel);
    return /\.tsx?$/.test(e.name) && !isTest(rel) ? [rel] : [];
  });

describe('the architecture', () => {
  const result = cruise();

  it('keeps the rules of .dependency-cruiser.cjs (area doors, SQL in repositories, no cycles)', () => {
    const broken = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    expect(broken).toEqual([]);
  });

  it('has no cycle between server areas, nor between web features', () => {
    expect(cyclesOf(areaEdges(result, 'apps/server/src/modules/'))).toEqual([]);
    expect(cyclesOf(areaEdges(result, 'apps/web/src/features/'))).toEqual([]);
  });

  it('reads the environment only in config.ts', () => {
    const readers = sourceFiles('apps/server/src').filter(
      (f) => f !== 'apps/server/src/config.ts' && /process\.env\b/.test(fs.readFileSync(path.join(root, f), 'utf8')),
    );
    expect(readers).toEqual([]);
  });

  it('takes exceljs only through http/exceljs.ts, the one door of the spreadsheet library', () => {
    const every = (dir: string): string[] =>
      fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
        const rel = `${dir}/${e.name}`;
        return e.isDirectory() ? every(rel) : /\.tsx?$/.test(e.name) ? [rel] : [];
      });
    const direct = every('apps/server/src').filter(
      (f) =>
        f !== 'apps/server/src/http/exceljs.ts' &&
        /^import (?!type )[^;]*from 'exceljs'/m.test(fs.readFileSync(path.join(root, f), 'utf8')),
    );
    expect(direct).toEqual([]);
  });

  it('declares every error message once, in its area’s errors file', () => {
    const inline = sourceFiles('apps/server/src/modules').flatMap((f) => {
      if (f.endsWith('.errors.ts')) return [];
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      return [...text.matchAll(/\b(invalid|conflict|notFound|forbidden)\(\s*['"`]/g)].map((m) => `${f}: ${m[0]}`);
    });
    expect(inline).toEqual([]);
  });
});
