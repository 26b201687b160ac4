import { describe, expect, it, vi } from 'vitest';
import { rowsByKeys } from './by-keys.js';

describe('rowsByKeys', () => {
  it('finds nothing for an empty list without running the query', async () => {
    const query = vi.fn(async (keys: number[]) => keys);
    expect(await rowsByKeys([], query)).toEqual([]);
    expect(query).not.toHaveBeenCalled();
  });

  it('runs the query with a copy of the keys and gives back its rows', async () => {
    const keys = Object.freeze([3, 5]);
    const query = vi.fn(async (ks: number[]) => {
      ks.push(7);
      return ks.map((id) => ({ id }));
    });
    expect(await rowsByKeys(keys, query)).toEqual([{ id: 3 }, { id: 5 }, { id: 7 }]);
    expect(keys).toEqual([3, 5]);
  });
});
