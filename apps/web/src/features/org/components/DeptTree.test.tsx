import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Perm, routeTables, type TDeptNode } from '@yunhu/contract';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { DeptTree } from './DeptTree';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const dept = (id: number, parentId: number | null, name: string, children: TDeptNode[] = []): TDeptNode => ({
  id,
  parentId,
  name,
  sort: 0,
  staffCount: 0,
  childCount: children.length,
  children,
});

const Harness = () => {
  const [selected, setSelected] = useState<TDeptNode | null>(null);
  return <DeptTree selected={selected} onSelect={setSelected} />;
};

const renderTree = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Harness />
    </QueryClientProvider>,
  );

describe('DeptTree', () => {
  let tree: TDeptNode[];
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.deptList, Perm.deptAdd, Perm.deptUpdate, Perm.deptDelete]);
    tree = [dept(1, null, '总公司', [dept(2, 1, '销售部')])];
    callMock.mockReset();
    callMock.mockImplementation((route, input) => {
      if (route === routeTables.orgDept.deptList) return Promise.resolve(tree);
      if (route === routeTables.orgDept.deptCreate) {
        tree = [dept(1, null, '总公司', [dept(2, 1, '销售部', [dept(3, 2, input.name)])])];
      }
      return Promise.resolve(null);
    });
  });

  it('creates a child under the selected department and opens it so the child shows', async () => {
    renderTree();
    fireEvent.click(await screen.findByText(/^销售部/));
    fireEvent.click(screen.getByTestId('dept-add'));
    fireEvent.change(await screen.findByLabelText('部门名称'), { target: { value: '电销一组' } });
    fireEvent.click(screen.getByText('确 定'));
    await screen.findByText(/^电销一组/);
    expect(callMock).toHaveBeenCalledWith(routeTables.orgDept.deptCreate, { parentId: 2, name: '电销一组' });
  });

  it('renames without moving when the parent is unchanged', async () => {
    renderTree();
    fireEvent.click(await screen.findByText(/^销售部/));
    fireEvent.click(screen.getByTestId('dept-edit'));
    const name = await screen.findByLabelText('部门名称');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('销售部'));
    fireEvent.change(name, { target: { value: '销售中心' } });
    fireEvent.click(screen.getByText('确 定'));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(routeTables.orgDept.deptUpdate, { id: 2, name: '销售中心' }),
    );
  });

  it('asks before deleting the selected department', async () => {
    renderTree();
    fireEvent.click(await screen.findByText(/^销售部/));
    fireEvent.click(screen.getByTestId('dept-delete'));
    expect(await screen.findByText('确定删除部门「销售部」吗？')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(routeTables.orgDept.deptDelete, expect.anything());
  });
});
