import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Perm, routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { customer, renderCrm } from '../components/testUtils';
import { RecyclerPage } from './RecyclerPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = routeTables.crm;
const entry = (id: number, name: string) => ({
  ...customer({ id, name }),
  deletedAt: 1_700_000_000_000,
  deletedByName: '李四',
});

describe('RecyclerPage', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.recycleList, Perm.recycleRecover, Perm.recycleDelete]);
    callMock.mockReset();
    callMock.mockImplementation((route, input) => {
      if (route === r.recyclePage) {
        const records = [entry(1, '张三'), entry(2, '王五'), entry(3, '赵六')];
        return Promise.resolve({
          records: records.slice(0, input.limit),
          total: 3,
          size: input.limit,
          current: 1,
          pages: 1,
        });
      }
      return Promise.resolve({ done: 3, refused: [] });
    });
  });

  it('asks, naming how many, before emptying the bin', async () => {
    renderCrm(<RecyclerPage />);
    await screen.findByText('王五');
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.recyclePage, { page: 1, limit: 1 }));
    fireEvent.click(screen.getByTestId('crm-purge-all'));
    expect(
      await screen.findByText(
        '回收站中共有 3 个客户，将全部彻底删除，连同它们的跟进、评论和回访记录，不能恢复。确定清空吗？',
      ),
    ).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(r.purgeAll, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: '确认清空' }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.purgeAll, {}));
  });

  it('recovers one customer only after the confirmation', async () => {
    renderCrm(<RecyclerPage />);
    await screen.findByText('张三');
    fireEvent.click(screen.getAllByRole('button', { name: /^恢\s*复$/ })[0] as HTMLElement);
    await screen.findByText(/确定恢复客户「张三」吗/);
    expect(callMock).not.toHaveBeenCalledWith(r.recover, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.recover, { id: 1 }));
  });
});
