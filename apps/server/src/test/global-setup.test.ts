import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { removeTemplatesOfGoneRuns, templatePrefix } from './global-setup.js';

it('removes the seeded dumps of test runs whose process is gone, and only those', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-tmp-'));
  // A pid above the kernel's pid_max (4,194,304) is never a running process.
  const names = [`${templatePrefix}9999999-a`, `${templatePrefix}${process.pid}-b`, 'yunhu-other-1-c'];
  for (const name of names) fs.mkdirSync(path.join(folder, name));
  removeTemplatesOfGoneRuns(folder);
  expect(fs.readdirSync(folder).sort()).toEqual(names.slice(1).sort());
  fs.rmSync(folder, { recursive: true, force: true });
});
