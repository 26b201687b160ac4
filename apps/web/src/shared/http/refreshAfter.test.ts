import { describe, expect, it } from 'vitest';
import { refreshAfter } from './refreshAfter';

describe('refreshAfter', () => {
  it('refetches after the action and resolves the action result', async () => {
    const order: string[] = [];
    const then = refreshAfter(async () => {
      order.push('refresh');
    });
    const add = then(async (a: number, b: number) => {
      order.push('action');
      return a + b;
    });
    await expect(add(2, 3)).resolves.toBe(5);
    expect(order).toEqual(['action', 'refresh']);
  });

  it('does not refetch when the action fails', async () => {
    let refreshed = false;
    const then = refreshAfter(async () => {
      refreshed = true;
    });
    await expect(then(() => Promise.reject(new Error('no')))()).rejects.toThrow('no');
    expect(refreshed).toBe(false);
  });
});
