import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReclickButton } from './ReclickButton';

const button = () => screen.getByRole('button') as HTMLButtonElement;

describe('ReclickButton', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is disabled for 3000 ms after a click by default', () => {
    const onClick = vi.fn();
    render(<ReclickButton onClick={onClick}>提交</ReclickButton>);
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledOnce();
    expect(button().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(2999));
    expect(button().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(button().disabled).toBe(false);
  });

  it('takes a configured lock time and ignores clicks while locked', () => {
    const onClick = vi.fn();
    render(
      <ReclickButton lockMs={500} onClick={onClick}>
        提交
      </ReclickButton>,
    );
    fireEvent.click(button());
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(500));
    expect(button().disabled).toBe(false);
  });
});
