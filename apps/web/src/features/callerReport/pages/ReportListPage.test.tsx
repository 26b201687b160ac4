import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportOf } from './fixtures.test-kit';
import { ReportListPage } from './ReportListPage';

const callMock = vi.fn();
const downloadMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: (...args: unknown[]) => downloadMock(...args),
  upload: vi.fn(),
}));
vi.mock('../../../shared/permission/usePermission', () => ({ usePermission: () => true }));

const r = routeTables.callerReport;
const rows = [
  reportOf({ id: 1, number: '057188880001', state: 'approved', reviewer: '平台运营' }),
  reportOf({ id: 2, number: '02566661001', state: 'rejected', reason: '话术未说明来电目的' }),
  reportOf({ id: 3, number: '057188881002', state: 'draft', materialsVersion: null }),
];

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <ReportListPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('ReportListPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation(async (route) =>
      route === r.reportPage
        ? { records: rows, total: 3, size: 20, current: 1, pages: 1 }
        : route === r.reportNumbers
          ? [{ lineId: 1, lineName: '浙江软电话线路', numbers: ['057188881002'] }]
          : reportOf(),
    );
  });

  it('shows each report with its state in words and the rejection reason', async () => {
    renderAt('/');
    expect(await screen.findByText('057188880001')).toBeTruthy();
    expect(screen.getAllByText('审核通过').length).toBeGreaterThan(0);
    expect(screen.getAllByText('驳回').length).toBeGreaterThan(0);
    expect(screen.getByText('话术未说明来电目的')).toBeTruthy();
    expect(screen.getAllByText('草稿').length).toBeGreaterThan(0);
  });

  it('exports the list under its filter as 报备记录.xlsx', async () => {
    downloadMock.mockResolvedValue('报备记录.xlsx');
    renderAt('/?filter=%7B%22state%22%3A%22rejected%22%7D');
    await screen.findByText('057188880001');
    fireEvent.click(screen.getByTestId('list-export'));
    await waitFor(() =>
      expect(downloadMock).toHaveBeenCalledWith(r.reportExport, { state: 'rejected' }, '报备记录.xlsx'),
    );
  });

  it('resubmits a rejected report and submits a draft; an approved one offers neither', async () => {
    renderAt('/');
    await screen.findByText('057188880001');
    expect(screen.getAllByText('重新提交')).toHaveLength(1);
    fireEvent.click(screen.getByText('重新提交'));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.reportSubmit, { id: 2 }));
    fireEvent.click(screen.getByText('提交审核'));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.reportSubmit, { id: 3 }));
  });

  it('withdraws an approved report after saying what it costs; drafts and rejected ones offer no 撤回', async () => {
    renderAt('/');
    await screen.findByText('057188880001');
    expect(screen.queryByTestId('report-withdraw-2')).toBeNull();
    expect(screen.queryByTestId('report-withdraw-3')).toBeNull();
    fireEvent.click(screen.getByTestId('report-withdraw-1'));
    await screen.findByText(
      '确定撤回外显号码 057188880001 的报备吗？撤回后该号码不再用于外呼，需重新提交并审核通过后才能使用。',
    );
    expect(callMock).not.toHaveBeenCalledWith(r.reportWithdraw, expect.anything());
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定|OK/ }).at(-1)!);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.reportWithdraw, { id: 1 }));
  });

  it('asks the server with the filters the link carries', async () => {
    renderAt(`/?filter=${encodeURIComponent(JSON.stringify({ state: 'rejected' }))}`);
    await screen.findByText('057188880001');
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.reportPage, expect.objectContaining({ state: 'rejected' })),
    );
  });
});
