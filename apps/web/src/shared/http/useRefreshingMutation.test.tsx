import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useRefreshingMutation } from './useRefreshingMutation';

const setup = (fn: (input: number) => Promise<string>) => {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useRefreshingMutation(fn, [['reports'], ['report', 'detail']]), { wrapper });
  return { result, invalidate };
};

describe('useRefreshingMutation', () => {
  it('sends the change, then refetches each key it touched before it settles', async () => {
    const fn = vi.fn((n: number) => Promise.resolve(`saved ${n}`));
    const { result, invalidate } = setup(fn);
    let answer = '';
    await act(async () => {
      answer = await result.current.mutateAsync(7);
    });
    expect(fn).toHaveBeenCalledWith(7, expect.anything());
    expect(answer).toBe('saved 7');
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([['reports'], ['report', 'detail']]);
  });

  it('refetches nothing when the server refused the change', async () => {
    const { result, invalidate } = setup(() => Promise.reject(new Error('refused')));
    await act(() => result.current.mutateAsync(1).catch(() => undefined));
    expect(invalidate).not.toHaveBeenCalled();
  });
});
