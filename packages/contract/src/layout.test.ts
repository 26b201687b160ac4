import { describe, expect, it } from 'vitest';

/**
 * The contract's own shape (point 9): files of one concern and a reasonable size, leaves that
 * import no area, no import cycle between its files. dependency-cruiser checks cycles across the repo;
 * this names the contract's file at fault without running it.
 */
// The contract compiles without Node's types (it runs in the browser too), so the test types the two
// calls it makes itself rather than bringing Node's globals into the whole package.
type TFs = { readdirSync(path: string): string[]; readFileSync(path: string, encoding: 'utf8'): string };
const fs: TFs = await import(/* @vite-ignore */ `node:${'fs'}`);
const dir = decodeURIComponent(
  (import.meta as unknown as { url: string }).url.replace(/^file:\/\//, '').replace(/[^/]*$/, ''),
);
const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const source = (f: string) => fs.readFileSync(dir + f, 'utf8');
const importsOf = (f: string): string[] =>
  [...source(f).matchAll(/^(?:import|export)\b[^;]*?from '\.\/([\w-]+)\.js';/gms)].map((m) => `${m[1]}.ts`);

describe('contract layout', () => {
  it('keeps every file under 400 lines (split by concern, as crm-*.ts)', () => {
    expect(files.length).toBeGreaterThan(20);
    const long = files.filter((f) => source(f).split('\n').length > 400);
    expect(long).toEqual([]);
  });

  it('keeps the vocabulary files leaves: they import no other contract file', () => {
    for (const leaf of ['menu.ts', 'permissions.ts', 'format.ts', 'mask.ts', 'http.ts', 'route.ts', 'result-code.ts']) {
      expect({ leaf, imports: importsOf(leaf) }).toEqual({ leaf, imports: [] });
    }
  });

  it('has no import cycle between its files', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f).filter((g) => files.includes(g))]));
    const done = new Set<string>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (path.includes(f)) {
        cycles.push([...path.slice(path.indexOf(f)), f].join(' → '));
        return;
      }
      if (done.has(f)) return;
      for (const g of graph.get(f) ?? []) visit(g, [...path, f]);
      done.add(f);
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });
});
