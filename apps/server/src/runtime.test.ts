import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './paths.js';

const rootPackage = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  engines: { node: string };
};

describe('the runtime', () => {
  // npm scripts (npm test, npm start) and npx put node_modules/.bin first on the PATH, where the
  // npm package `node` left its binary: the tests run on the Node the project carries.
  it('is the Node the project carries, not the machine’s', () => {
    expect(process.versions.node).toBe(rootPackage.dependencies.node);
    expect(process.execPath).toContain(path.join('node_modules', 'node'));
  });

  it('meets the engines range', () => {
    const major = Number(process.versions.node.split('.')[0]);
    expect(major).toBeGreaterThanOrEqual(Number(/>=(\d+)/.exec(rootPackage.engines.node)?.[1]));
  });
});
