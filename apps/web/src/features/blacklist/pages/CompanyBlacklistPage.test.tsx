import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Perm, routeTables, type TCompanyBlackEntry } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { CompanyBlacklistPage } from './CompanyBlacklistPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  upload: vi.fn(),
  download: vi.fn(),
}));

const b = routeTables.blacklist;
const empty = { records: [], total: 0, size: 20, current: 1, pages: 0 };
const entry: TCompanyBlackEntry = {
  id: 5,
  creditCode: '91110000MA0000001X',
  name: '北京竞品科技有限公司',
  remark: '竞争对手',
  createdBy: '张明',
  createdAt: Date.UTC(2026, 11, 1),
};

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <CompanyBlacklistPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('黑名单 page, 企业黑名单 tab', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) =>
      Promise.resolve(route === b.companyPage ? { records: [entry], total: 1, size: 20, current: 1, pages: 1 } : empty),
    );
  });

  it('opens on the numbers; the second tab lists the companies without the buttons a reader may not use', async () => {
    useUserStore.getState().setPermissions([Perm.blacklistList]);
    renderAt('/');
    expect(await screen.findByRole('tab', { name: '号码黑名单' })).toBeTruthy();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(b.page, expect.anything()));
    expect(callMock.mock.calls.some(([route]) => route === b.companyPage)).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: '企业黑名单' }));
    expect(await screen.findByText('北京竞品科技有限公司')).toBeTruthy();
    expect(screen.getByText('91110000MA0000001X')).toBeTruthy();
    for (const id of ['company-black-add', 'company-black-add-batch', 'list-export']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    expect(screen.queryByText('移出')).toBeNull();
  });

  it('adds a pasted batch, counting the lines as the server reads them, and lists the ones skipped', async () => {
    useUserStore.getState().setPermissions([Perm.blacklistList, Perm.blacklistAdd]);
    callMock.mockImplementation((route) =>
      Promise.resolve(
        route === b.companyAddBatch
          ? {
              added: 1,
              skipped: [{ line: '北京竞品科技有限公司', reason: '企业「北京竞品科技有限公司」已在企业黑名单中' }],
            }
          : route === b.companyPage
            ? { records: [entry], total: 1, size: 20, current: 1, pages: 1 }
            : empty,
      ),
    );
    renderAt('/?tab=company');
    fireEvent.click(await screen.findByTestId('company-black-add-batch'));
    const dialog = await screen.findByTestId('company-black-modal');
    fireEvent.change(within(dialog).getByTestId('company-black-text'), {
      target: { value: '91110000MA0000002X 上海新客有限公司\n\n北京竞品科技有限公司' },
    });
    await within(dialog).findByText('识别到 2 家企业');
    fireEvent.click(within(dialog).getByRole('button', { name: '批量添加' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(b.companyAddBatch, {
        lines: ['91110000MA0000002X 上海新客有限公司', '北京竞品科技有限公司'],
        remark: '',
      }),
    );
    expect(await within(dialog).findByText('企业「北京竞品科技有限公司」已在企业黑名单中')).toBeTruthy();
  });

  it('asks for a name or a code before adding one, and refuses a malformed code', async () => {
    useUserStore.getState().setPermissions([Perm.blacklistList, Perm.blacklistAdd]);
    renderAt('/?tab=company');
    fireEvent.click(await screen.findByTestId('company-black-add'));
    const dialog = await screen.findByTestId('company-black-modal');
    fireEvent.click(within(dialog).getByRole('button', { name: '添加企业' }));
    expect(await within(dialog).findByText('请填写企业名称或统一社会信用代码')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('company-black-code'), { target: { value: '12345' } });
    expect(await within(dialog).findByText('统一社会信用代码应为18位数字或大写字母')).toBeTruthy();
    expect(callMock.mock.calls.some(([route]) => route === b.companyAdd)).toBe(false);
  });

  it('removes a company after asking', async () => {
    useUserStore.getState().setPermissions([Perm.blacklistList, Perm.blacklistDelete]);
    renderAt('/?tab=company');
    fireEvent.click(await screen.findByText('移出'));
    const confirm = await waitFor(() => {
      const button = document.querySelector<HTMLButtonElement>('.ant-modal-confirm .ant-btn-dangerous');
      expect(button).toBeTruthy();
      return button!;
    });
    fireEvent.click(confirm);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(b.companyRemove, { ids: [5] }));
  });
});
