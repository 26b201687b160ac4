import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { roots, stageClosure, stageOwners, statementsOf, type TModuleInfo } from './chunkGroups';

const src = path.resolve(import.meta.dirname, '../src');

describe('statementsOf', () => {
  it('reads imports with their names and re-exports with what they export', () => {
    const code = [
      'import React, { useMemo as memo, useState } from "react";',
      "import * as all from './all';",
      "import './styles.css';",
      "export { default as Button, Card } from './button';",
      "export * from './theme';",
      "export * as icons from './icons';",
      'const later = () => import("./lazy");',
    ].join('\n');
    expect(statementsOf(code)).toEqual([
      { spec: 'react', names: ['default', 'useMemo', 'useState'] },
      { spec: './all', names: [] },
      { spec: './styles.css', names: [] },
      {
        spec: './button',
        names: [],
        reexports: [
          ['default', 'Button'],
          ['Card', 'Card'],
        ],
      },
      { spec: './theme', names: [], reexports: '*' },
      { spec: './icons', names: [], star: 'icons' },
    ]);
  });
  it('reads from a namespace import the names the module takes from it, or all when it passes it on', () => {
    const reads = "import * as t from './texts';\nconst a = t.crm.title;\nconst b = t .common.save + t.crm.name;";
    expect(statementsOf(reads)).toEqual([{ spec: './texts', names: ['crm', 'common'] }]);
    const passes = "import * as t from './texts';\nshow(t);";
    expect(statementsOf(passes)).toEqual([{ spec: './texts', names: '*' }]);
    const indexes = "import * as t from './texts';\nconst x = t[key];";
    expect(statementsOf(indexes)).toEqual([{ spec: './texts', names: '*' }]);
  });
});

/** A module graph in memory: id → code; imported ids resolved the way rolldown lists them. */
const graph = (modules: Record<string, string>) => {
  const ids = Object.keys(modules);
  return (id: string): TModuleInfo => {
    const code = modules[id];
    if (code === undefined) return null;
    const importedIds = statementsOf(code)
      .map((s) => (s.spec.startsWith('.') ? path.resolve(path.dirname(id), s.spec) : `/node_modules/${s.spec}`))
      .map((base) => ids.find((i) => i === base || i.startsWith(`${base}.`) || i.startsWith(`${base}/index.`)))
      .filter((i): i is string => i !== undefined);
    return { code, importedIds };
  };
};

describe('stageClosure', () => {
  const modules = {
    '/app/main.tsx': "import { Button } from 'lib';\nimport { helper } from './util';\nimport('./page');",
    '/app/util.ts': "export const helper = 1;\nimport { big } from './big';",
    '/app/big.ts': 'export const big = 2;',
    '/app/page.tsx': "import { Table } from 'lib';",
    '/node_modules/lib/index.js':
      "export { default as Button } from './button';\nexport { default as Table } from './table';\nexport * from './theme';",
    '/node_modules/lib/button.js': "import { token } from './theme';\nexport default 1;",
    '/node_modules/lib/table.js': "import Button from './button';\nexport default 2;",
    '/node_modules/lib/theme.js': 'export const token = 3;',
  };

  it('follows a package index only for the names imported through it, and no dynamic import', () => {
    const reached = stageClosure(graph(modules), ['/app/main.tsx']);
    expect([...reached].sort()).toEqual([
      '/app/big.ts',
      '/app/main.tsx',
      '/app/util.ts',
      '/node_modules/lib/button.js',
      '/node_modules/lib/index.js',
      '/node_modules/lib/theme.js',
    ]);
    // The lazy page reaches the table through the same index; the first stage does not carry it.
    expect(reached.has('/node_modules/lib/table.js')).toBe(false);
    expect(stageClosure(graph(modules), ['/app/page.tsx']).has('/node_modules/lib/table.js')).toBe(true);
  });

  it('enters an `export *` target only when it exports a name asked for (the contract index)', () => {
    const files: Record<string, { code: string; importedIds: string[]; exports: string[] }> = {
      '/page.ts': { code: "import { label } from './index';", importedIds: ['/index.ts'], exports: [] },
      '/index.ts': {
        code: "export * from './labels';\nexport * from './schemas';",
        importedIds: ['/labels.ts', '/schemas.ts'],
        exports: ['label', 'ZSchema'],
      },
      '/labels.ts': { code: "export const label = 'a';", importedIds: [], exports: ['label'] },
      '/schemas.ts': {
        code: "import { z } from 'zod';\nexport const ZSchema = z.string();",
        importedIds: [],
        exports: ['ZSchema'],
      },
    };
    const reached = stageClosure((id) => files[id] ?? null, ['/page.ts']);
    expect([...reached].sort()).toEqual(['/index.ts', '/labels.ts', '/page.ts']);
  });

  it('follows CommonJS (no ES statements) whole', () => {
    const cjs = { '/a.js': 'module.exports = require("./b")', '/b.js': 'exports.x = 1' };
    const reached = stageClosure(
      (id) => ({ code: cjs[id as keyof typeof cjs], importedIds: id === '/a.js' ? ['/b.js'] : [] }),
      ['/a.js'],
    );
    expect([...reached].sort()).toEqual(['/a.js', '/b.js']);
  });
});

describe('stageOwners', () => {
  it('puts what the sign-in page and the shell share in boot, the rest of the shell in shell, the sign-in page alone in neither', () => {
    const at = (rel: string) => path.join(src, rel);
    const modules: Record<string, string> = {
      [at(roots.boot[0])]: "import { router } from './router';",
      [at('router.ts')]: 'export const router = 1;',
      [at(roots.signIn[0])]: "import { form } from '../../../form';\nimport { only } from '../../../loginOnly';",
      [at('form.ts')]: 'export const form = 1;',
      [at('loginOnly.ts')]: 'export const only = 1;',
      [at(roots.shell[0])]: "import { form } from '../../form';\nimport { menu } from '../../menu';",
      [at(roots.shell[1])]: 'export const menuRoutes = [];',
      [at(roots.shell[2])]: 'export const UserLoader = 1;',
      [at('menu.ts')]: 'export const menu = 1;',
    };
    const owners = stageOwners(graph(modules));
    expect(owners.get(at('router.ts'))).toBe('boot');
    expect(owners.get(at('form.ts'))).toBe('boot');
    expect(owners.get(at('menu.ts'))).toBe('shell');
    expect(owners.get(at('loginOnly.ts'))).toBeUndefined();
  });
});
