import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { enabledColumn } from './enabledColumn';

type TRow = { id: number; name: string; isEnabled: boolean };

const shown = (column: ReturnType<typeof enabledColumn<TRow>>, row: TRow) =>
  render(<span>{column.render?.(undefined, row, 0) as ReactNode}</span>);

describe('enabledColumn', () => {
  it("shows the row's state and hands the row with its new state to onChange", () => {
    const onChange = vi.fn();
    const column = enabledColumn<TRow>('启用', { onChange, testId: (r) => `enabled-${r.id}` });
    expect(column).toMatchObject({ key: 'enabled', title: '启用' });
    const row = { id: 7, name: '甲', isEnabled: true };
    shown(column, row);
    const toggle = screen.getByTestId('enabled-7');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(row, false);
  });

  it('names the switch for assistive technology when told', () => {
    const column = enabledColumn<TRow>('启用', { onChange: () => undefined, ariaLabel: (r) => `启用${r.name}` });
    shown(column, { id: 1, name: '乙', isEnabled: false });
    expect(screen.getByRole('switch', { name: '启用乙' }).getAttribute('aria-checked')).toBe('false');
  });
});
