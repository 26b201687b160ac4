import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { actionsColumn, type TListColumn } from './types';

type TRow = { id: number; name: string };

describe('the row actions column', () => {
  it('is left out for someone who may not act', () => {
    expect(actionsColumn<TRow>(false, '操作', () => '删除')).toEqual([]);
  });

  it('is pinned to the right edge and renders each row its actions', () => {
    const [column] = actionsColumn<TRow>(true, '操作', (row) => <button type="button">{`删除${row.name}`}</button>);
    const { key, title, fixed, render: cell } = column as TListColumn<TRow>;
    expect({ key, title, fixed }).toEqual({ key: 'actions', title: '操作', fixed: 'right' });
    render(<div>{cell?.(undefined, { id: 1, name: '张三' }, 0) as ReactNode}</div>);
    expect(screen.getByRole('button', { name: '删除张三' })).toBeTruthy();
  });
});
