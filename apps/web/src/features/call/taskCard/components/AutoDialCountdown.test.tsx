import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageActiveContext } from '../../../../shared/pageActive';
import { taskItemOf } from '../taskCard.test-kit';
import { AutoDialCountdown } from './AutoDialCountdown';

const next = taskItemOf();

/** 我的任务 as the keep-alive outlet holds it: `setActive` is the agent going to another route and back. */
let setActive: (isActive: boolean) => void = () => undefined;
const Page = ({ onDial }: { onDial: () => void }) => {
  const [isActive, set] = useState(true);
  setActive = set;
  return (
    <PageActiveContext value={isActive}>
      <AutoDialCountdown next={next} seconds={3} onDial={onDial} onStop={() => undefined} onSkip={() => undefined} />
    </PageActiveContext>
  );
};

let tabState: DocumentVisibilityState = 'visible';
const setTab = (state: DocumentVisibilityState) => {
  tabState = state;
  document.dispatchEvent(new Event('visibilitychange'));
};
/** One act per second: each second's timer is set by the render the previous one caused. */
const seconds = (n: number) => {
  for (let k = 0; k < n; k += 1) act(() => vi.advanceTimersByTime(1000));
};
const shown = () => screen.getByTestId('task-countdown-text').textContent;

describe('AutoDialCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    tabState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => tabState });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('counts the seconds down on screen, then dials the next customer once', () => {
    const onDial = vi.fn();
    render(<Page onDial={onDial} />);
    expect(shown()).toBe('3 秒后自动拨打下一位：钱多多 139****0070');
    seconds(2);
    expect(shown()).toContain('1 秒后');
    expect(onDial).not.toHaveBeenCalled();
    seconds(1);
    expect(onDial).toHaveBeenCalledOnce();
  });

  it('never dials while the agent is on another route, and counts again from the start when he is back', () => {
    const onDial = vi.fn();
    render(<Page onDial={onDial} />);
    seconds(2);
    act(() => setActive(false));
    seconds(30);
    expect(onDial).not.toHaveBeenCalled();
    act(() => setActive(true));
    expect(shown()).toContain('3 秒后');
    seconds(2);
    expect(onDial).not.toHaveBeenCalled();
    seconds(1);
    expect(onDial).toHaveBeenCalledOnce();
  });

  it('never dials while the browser tab is hidden, and counts again from the start when it is shown', () => {
    const onDial = vi.fn();
    render(<Page onDial={onDial} />);
    seconds(1);
    act(() => setTab('hidden'));
    seconds(30);
    expect(onDial).not.toHaveBeenCalled();
    act(() => setTab('visible'));
    expect(shown()).toContain('3 秒后');
    seconds(3);
    expect(onDial).toHaveBeenCalledOnce();
  });
});
