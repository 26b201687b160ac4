import { render } from '@testing-library/react';
import { Table } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { describe, expect, it } from 'vitest';
import { ellipsisColumns, withEllipsis } from './useListController';

type TRow = { id: number; name: string; calls: number };
const longName = '浙江省杭州市西湖区文三路某某某某科技信息服务有限公司销售部华东大区客户经理张三丰先生本人';

/** A long text value is cut with an ellipsis, the full text on hover; the rest is as it was. */
describe('list cells', () => {
  it('cuts a text value with an ellipsis and shows it whole on hover, through the column render', () => {
    const plain: ColumnType<TRow>[] = [
      { key: 'name', title: '客户名称', dataIndex: 'name', render: (v: string) => <a href="#x">{v}</a> },
      { key: 'calls', title: '通话次数', dataIndex: 'calls' },
      { key: 'op', title: '操作', fixed: 'right', render: () => <button type="button">详情</button> },
    ];
    const columns = plain.map(withEllipsis);
    const { container } = render(
      <Table<TRow>
        rowKey="id"
        columns={columns}
        dataSource={[{ id: 1, name: longName, calls: 3 }]}
        pagination={false}
      />,
    );
    const cut = container.querySelector('.yh-cell-ellipsis');
    expect(cut?.getAttribute('title')).toBe(longName);
    expect(cut?.querySelector('a')?.textContent).toBe(longName);
    // Numbers and the actions column are not wrapped.
    expect(container.querySelectorAll('.yh-cell-ellipsis')).toHaveLength(1);
    expect(container.textContent).toContain('详情');
  });

  it('does the same for a table outside the list kit (任务卡, the customer picker, 实时监控)', () => {
    const { container } = render(
      <Table<TRow>
        rowKey="id"
        columns={ellipsisColumns<TRow>([
          { key: 'name', title: '客户名称', dataIndex: 'name' },
          { key: 'calls', title: '通话次数', dataIndex: 'calls' },
        ])}
        dataSource={[{ id: 1, name: longName, calls: 3 }]}
        pagination={false}
      />,
    );
    expect(container.querySelector('.yh-cell-ellipsis')?.getAttribute('title')).toBe(longName);
    expect(container.querySelectorAll('.yh-cell-ellipsis')).toHaveLength(1);
  });
});
