import { act, renderHook, screen } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/http/handle';
import { useGatewaySession } from './useGatewaySession';

type TRun = { name: string };
const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;
const release = vi.fn<(run: TRun) => void>();
const renderSession = () => renderHook(() => useGatewaySession<TRun, string>(release, '没有声音'), { wrapper });

describe('useGatewaySession', () => {
  it('shows the first state, then what the session connected to; a new session releases the previous', async () => {
    release.mockReset();
    const { result } = renderSession();
    const a = { name: 'a' };
    let connected: (state: string) => void = () => undefined;
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run(a, 'connecting a', () => new Promise((resolve) => (connected = resolve)));
    });
    expect(result.current.state).toBe('connecting a');
    expect(result.current.isCurrent(a)).toBe(true);

    const b = { name: 'b' };
    await act(() => result.current.run(b, 'connecting b', async () => 'on b'));
    expect(release).toHaveBeenCalledWith(a);
    expect(result.current.state).toBe('on b');
    // The replaced session finishing late changes nothing.
    await act(async () => {
      connected('on a');
      await running;
    });
    expect(result.current.state).toBe('on b');
    expect(result.current.isCurrent(a)).toBe(false);
  });

  it('releases a failed session and says why, unless the server refused it', async () => {
    release.mockReset();
    const { result } = renderSession();
    const a = { name: 'a' };
    await act(() =>
      result.current.run(a, 'connecting', async () => {
        throw new ApiError(403, '拒绝');
      }),
    );
    expect(release).toHaveBeenCalledWith(a);
    expect(result.current.state).toBeNull();
    expect(screen.queryByText('没有声音')).toBeNull();

    await act(() =>
      result.current.run(a, 'connecting', async () => {
        throw new Error('no audio');
      }),
    );
    expect(await screen.findByText('没有声音')).toBeTruthy();
  });

  it('releases the session under way on stop and when the page goes', async () => {
    release.mockReset();
    const { result, unmount } = renderSession();
    const a = { name: 'a' };
    await act(() => result.current.run(a, 'connecting', async () => 'on'));
    act(() => result.current.stop());
    expect(release).toHaveBeenCalledTimes(1);
    expect(result.current.state).toBeNull();
    const b = { name: 'b' };
    await act(() => result.current.run(b, 'connecting', async () => 'on'));
    unmount();
    expect(release).toHaveBeenLastCalledWith(b);
  });
});
