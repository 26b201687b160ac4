import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Perm, routeTables } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { CustomerBatchActions } from './CustomerBatchActions';
import { renderCrm } from './testUtils';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));

const r = routeTables.crm;

describe('CustomerBatchActions', () => {
  beforeEach(() => {
    callMock.mockReset();
    useUserStore.getState().setPermissions([Perm.customerRelease, Perm.customerDelete]);
  });

  it('shows how many went through and every refused customer with its reason', async () => {
    callMock.mockImplementation((route) =>
      route === r.release
        ? Promise.resolve({ done: 1, refused: [{ id: 2, name: '王五', reason: '客户已受保护，不能放入公海' }] })
        : Promise.resolve([]),
    );
    const onDone = vi.fn();
    renderCrm(<CustomerBatchActions pool="private" ids={[1, 2]} filter={{}} total={2} onDone={onDone} />);
    expect(screen.queryByTestId('crm-allocate')).toBeNull();
    fireEvent.click(screen.getByTestId('crm-release'));
    const dialog = await screen.findByTestId('crm-batch-dialog');
    expect(within(dialog).getByText('将 2 个客户放入公海')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '长期联系不上' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.release, { ids: [1, 2], reason: '长期联系不上' }));
    const result = await screen.findByTestId('crm-batch-result');
    expect(within(result).getByText('成功 1 条')).toBeTruthy();
    expect(within(result).getByText('王五')).toBeTruthy();
    expect(within(result).getByText('客户已受保护，不能放入公海')).toBeTruthy();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('states the count before releasing everything the filter matches', async () => {
    callMock.mockImplementation((route) =>
      Promise.resolve(route === r.releaseByCondition ? { done: 37, refused: [] } : []),
    );
    renderCrm(
      <CustomerBatchActions
        pool="private"
        ids={[]}
        filter={{ intentionLevels: ['E'] }}
        total={37}
        onDone={() => undefined}
      />,
    );
    fireEvent.click(screen.getByTestId('crm-by-condition'));
    fireEvent.click(await screen.findByText('按条件放入公海'));
    expect((await screen.findByTestId('crm-by-condition-count')).textContent).toBe(
      '当前筛选条件共匹配 37 个客户，确定全部放入公海吗？',
    );
    expect(callMock).not.toHaveBeenCalledWith(r.releaseByCondition, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.releaseByCondition, { filter: { intentionLevels: ['E'] }, reason: '' }),
    );
  });

  it("deletes at each pool's own route: the public pool's list by ids and by condition", async () => {
    callMock.mockImplementation((route) =>
      Promise.resolve(route === r.recycle || route === r.recycleByCondition ? { done: 2, refused: [] } : []),
    );
    renderCrm(
      <CustomerBatchActions
        pool="public"
        ids={[5, 6]}
        filter={{ source: '展会' }}
        total={2}
        onDone={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    const dialog = await screen.findByTestId('crm-batch-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.recycle, { ids: [5, 6], reason: '' }));
    expect(callMock).not.toHaveBeenCalledWith(r.privateRecycle, expect.anything());
    fireEvent.click(screen.getByTestId('crm-by-condition'));
    fireEvent.click(await screen.findByText('按条件删除'));
    const modal = (await screen.findByTestId('crm-by-condition-count')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(modal).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.recycleByCondition, { filter: { source: '展会' }, reason: '' }),
    );
  });
});
