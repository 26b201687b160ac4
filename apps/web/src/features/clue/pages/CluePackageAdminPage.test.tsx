import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { cluePackageRoutes, type TCluePackage } from '@yunhu/contract';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CluePackageAdminPage } from './CluePackageAdminPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const r = cluePackageRoutes;
const pack: TCluePackage = {
  id: 5,
  name: '百家包',
  units: 100,
  price: 9900,
  isEnabled: true,
  updatedAt: Date.UTC(2026, 10, 1),
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <CluePackageAdminPage />
      </App>
    </QueryClientProvider>,
  );

const dialogOf = () => screen.getByTestId('clue-package-modal');
const fieldValue = (label: string) => (within(dialogOf()).getByLabelText(label) as HTMLInputElement).value;

/** 线索包管理: 上架 flips at once; 编辑 opens with the package's values, 新增 with none of them. */
describe('CluePackageAdminPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route) => Promise.resolve(route === r.packageList ? [pack] : null));
  });

  it('takes a package off the shelf from its switch', async () => {
    renderPage();
    fireEvent.click(await screen.findByTestId('clue-package-enabled-5'));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.packageSetEnabled, { id: 5, isEnabled: false }));
  });

  it('edits a package with its values and the price in fen, then offers an empty form for a new one', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(fieldValue('名称')).toBe('百家包'), { timeout: 5000 });
    expect(within(dialogOf()).getByText('编辑线索包')).toBeTruthy();
    fireEvent.change(within(dialogOf()).getByLabelText('价格（元）'), { target: { value: '120' } });
    fireEvent.click(within(dialogOf()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.packageSave, {
        id: 5,
        isEnabled: true,
        name: '百家包',
        units: 100,
        price: 12000,
      }),
    );
    // Saved: the list is read again and the dialog closes before 新增 can be clicked behind it.
    const listReads = () => callMock.mock.calls.filter(([route]) => route === r.packageList).length;
    await waitFor(() => expect(listReads()).toBe(2), { timeout: 5000 });
    fireEvent.click(screen.getByTestId('clue-package-add'));
    await waitFor(() => expect(fieldValue('名称')).toBe(''), { timeout: 5000 });
    expect(within(dialogOf()).getByText('新增线索包')).toBeTruthy();
    expect(fieldValue('解锁企业数')).toBe('100');
  });
});
