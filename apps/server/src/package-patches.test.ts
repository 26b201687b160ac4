import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Column, is, SQL, sql, Table } from 'drizzle-orm';
import { integer, PgColumn, PgTable, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { packagePatches } from '../../../scripts/build-server.mjs';

const require = createRequire(import.meta.url);

/** A package file's (CommonJS) source with the bundle's patch applied, run as a module of its own. */
const patchedModule = (file: string) => {
  const patch = packagePatches.find((p) => p.file.test(file));
  if (!patch) throw new Error(`no patch for ${file}`);
  const source = fs.readFileSync(file, 'utf8');
  expect(patch.find.test(source)).toBe(true);
  const module = { exports: {} as Record<string, unknown> };
  new Function('module', 'exports', 'require', source.replace(patch.find, patch.replace))(
    module,
    module.exports,
    require,
  );
  return module.exports;
};

describe("the bundle's package patches", () => {
  it("drizzle's is(), remembering its answers, answers as drizzle's own, again and again", () => {
    const patchedIs = patchedModule(path.join(path.dirname(require.resolve('drizzle-orm')), 'entity.cjs'))
      .is as typeof is;
    const table = pgTable('t', { id: integer('id'), name: text('name') });
    const values = [table, table.id, table.name, sql`1`, sql`1`.as('a'), {}, [], null, undefined, 1, 'x', new Map()];
    const types = [Column, PgColumn, SQL, SQL.Aliased, Table, PgTable];
    const asked = () => values.flatMap((v) => types.map((t) => patchedIs(v, t)));
    const expected = values.flatMap((v) => types.map((t) => is(v, t)));
    expect(expected.filter(Boolean).length).toBeGreaterThan(4);
    expect(asked()).toEqual(expected);
    expect(asked()).toEqual(expected);
    // A type that is not drizzle's is still refused.
    class NotDrizzle {}
    expect(() => patchedIs(table.id, NotDrizzle as never)).toThrow(/doesn't look like a Drizzle entity/);
  });

  it("pg's stream takes Node's sockets without loading fetch", () => {
    const stream = patchedModule(require.resolve('pg/lib/stream.js')) as { getStream: (ssl: boolean) => unknown };
    const socket = stream.getStream(false) as { constructor: { name: string }; destroy: () => void };
    expect(socket.constructor.name).toBe('Socket');
    socket.destroy();
  });
});
