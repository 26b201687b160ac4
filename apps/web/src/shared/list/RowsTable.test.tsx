import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RowsTable } from './RowsTable';

const columns = [{ key: 'name', title: '名称', dataIndex: 'name' }];
const rows = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `第${i + 1}行` }));

describe('RowsTable', () => {
  it('shows every row on one page without a page size', () => {
    render(<RowsTable rowKey="id" rows={rows} columns={columns} data-testid="rows" />);
    expect(screen.getByText('第12行')).toBeTruthy();
    expect(screen.getByTestId('rows').querySelector('.ant-pagination')).toBeNull();
  });

  it('pages the rows when given a page size', () => {
    render(<RowsTable rowKey="id" rows={rows} columns={columns} pageSize={10} />);
    expect(screen.getByText('第10行')).toBeTruthy();
    expect(screen.queryByText('第11行')).toBeNull();
    expect(screen.getByTitle('2')).toBeTruthy();
  });

  it('says the empty text of the screen when there are no rows', () => {
    render(<RowsTable rowKey="id" rows={[]} columns={columns} emptyText="还没有快捷回复" />);
    expect(screen.getByText('还没有快捷回复')).toBeTruthy();
  });
});
