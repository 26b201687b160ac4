import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { tagColumn } from './tagColumn';

type TRow = { status: 'active' | 'disabled' };
const labels = { active: '正常', disabled: '已停用' };
const shown = (column: ReturnType<typeof tagColumn<TRow>>, v: TRow['status']) =>
  render(<span>{column.render?.(v, { status: v }, 0) as ReactNode}</span>).container.querySelector('.ant-tag');

describe('tagColumn', () => {
  it("shows each value's word in its colour", () => {
    const column = tagColumn<TRow>('状态', 'status', { labels, colors: { active: 'green' } });
    expect(column).toMatchObject({ key: 'status', dataIndex: 'status', title: '状态' });
    const tag = shown(column, 'active');
    expect(tag?.textContent).toBe('正常');
    expect(tag?.className).toContain('ant-tag-green');
  });

  it('shows a value without a colour as the plain tag, and one colour for all when told', () => {
    const partial = tagColumn<TRow>('状态', 'status', { labels, colors: { active: 'green' } });
    expect(shown(partial, 'disabled')?.className).not.toContain('ant-tag-green');
    const red = tagColumn<TRow>('状态', 'status', { labels, colors: 'red' });
    expect(shown(red, 'disabled')?.className).toContain('ant-tag-red');
  });
});
