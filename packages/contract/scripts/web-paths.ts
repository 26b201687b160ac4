// Writes src/web-paths/<area>.ts from the route tables: node --import tsx packages/contract/scripts/web-paths.ts
import fs from 'node:fs';
import path from 'node:path';
import { renderWebPaths } from '../src/web-paths.render.js';

const dir = path.resolve(import.meta.dirname, '../src/web-paths');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir);
for (const [file, text] of Object.entries(renderWebPaths())) fs.writeFileSync(path.join(dir, file), text);
