import { describe, expect, it } from 'vitest';
import { routeTables } from './index.js';
import * as web from './web.js';

describe('the web entry route tables', () => {
  it('the web entry gives every route the same method and path, and no schema (after a route change: node --import tsx packages/contract/scripts/web-paths.ts)', () => {
    for (const [area, table] of Object.entries(routeTables)) {
      const paths = (web as unknown as Record<string, Record<string, object>>)[`${area}Routes`];
      expect(Object.keys(paths ?? {})).toEqual(Object.keys(table));
      for (const [name, route] of Object.entries(table)) {
        expect(paths?.[name]).toEqual({ method: route.method, path: route.path });
      }
    }
  });

  it('gives the same areas under routeTables, as the very tables the screens import', () => {
    const areas = web.routeTables as unknown as Record<string, object>;
    expect(Object.keys(areas)).toEqual(Object.keys(routeTables));
    for (const area of Object.keys(routeTables)) {
      expect(areas[area]).toBe((web as unknown as Record<string, object>)[`${area}Routes`]);
    }
  });
});
