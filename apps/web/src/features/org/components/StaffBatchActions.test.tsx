import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Perm } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { StaffBatchActions } from './StaffBatchActions';

const handlers = () => ({
  onStatus: vi.fn().mockResolvedValue(null),
  onBilling: vi.fn().mockResolvedValue(null),
  onDeptRole: vi.fn(),
  onDelete: vi.fn().mockResolvedValue(null),
  onDone: vi.fn(),
});

describe('StaffBatchActions', () => {
  beforeEach(() => useUserStore.getState().clear());

  it('shows only the actions the user holds a permission for', () => {
    useUserStore.getState().setPermissions([Perm.staffStatus]);
    render(<StaffBatchActions ids={[1]} {...handlers()} />);
    expect(screen.getByText('批量启用')).toBeTruthy();
    expect(screen.queryByText('批量调整部门/角色')).toBeNull();
    expect(screen.queryByText('批量开启计费')).toBeNull();
    expect(screen.queryByTestId('staff-batch-delete')).toBeNull();
  });

  it('disables every action while nothing is selected', () => {
    useUserStore.getState().setPermissions([Perm.staffStatus, Perm.staffBilling, Perm.staffDelete]);
    render(<StaffBatchActions ids={[]} {...handlers()} />);
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
  });

  it('deletes the selected people only after the confirmation, then clears the selection', async () => {
    useUserStore.getState().setPermissions([Perm.staffDelete, Perm.staffBilling]);
    const h = handlers();
    render(<StaffBatchActions ids={[3, 4]} {...h} />);
    fireEvent.click(screen.getByTestId('staff-batch-delete'));
    expect(h.onDelete).not.toHaveBeenCalled();
    await screen.findByText('确定删除选中的 2 名员工吗？删除后其账号不能再登录。');
    const ok = document.querySelector<HTMLButtonElement>('.ant-popconfirm .ant-btn-primary');
    if (!ok) throw new Error('no confirm button');
    fireEvent.click(ok);
    await waitFor(() => expect(h.onDone).toHaveBeenCalledOnce());
    expect(h.onDelete).toHaveBeenCalledWith([3, 4]);

    fireEvent.click(screen.getByText('批量关闭计费'));
    await waitFor(() => expect(h.onBilling).toHaveBeenCalledWith([3, 4], false));
  });
});
