import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { noImportRead, routeTables, type TImportState } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { StaffImportModal } from './StaffImportModal';

const callMock = vi.fn();
const uploadMock = vi.fn();
const downloadMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  upload: (...args: unknown[]) => uploadMock(...args),
  download: (...args: unknown[]) => downloadMock(...args),
}));
// The import dialog's requests (errors kept in the dialog, no toast).
vi.mock('../../../shared/import/importApi', () => ({
  importApi: { upload: (...args: unknown[]) => uploadMock(...args), call: (...args: unknown[]) => callMock(...args) },
}));

const state = (over: Partial<TImportState>): TImportState => ({
  batchId: 'b1',
  status: 'previewed',
  total: 4,
  validCount: 2,
  invalidCount: 2,
  processed: 0,
  imported: 0,
  skipped: 0,
  message: '',
  ...over,
});

const errors = [
  { row: 4, reason: '手机号「12345」格式不正确' },
  { row: 5, reason: '手机号13900000001已被其他账号使用' },
];

const renderModal = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <StaffImportModal open onClose={() => undefined} />
    </QueryClientProvider>,
  );

const chooseFile = () => {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['x'], '员工.xlsx')] } });
};

describe('StaffImportModal', () => {
  beforeEach(() => {
    callMock.mockReset();
    uploadMock.mockReset();
    downloadMock.mockReset();
  });

  it('lists every bad row with its reason and writes nothing before the confirmation', async () => {
    uploadMock.mockResolvedValue({ ...state({}), errors, ...noImportRead, toWrite: 2 });
    renderModal();
    chooseFile();
    await screen.findByText('共 4 行：可导入 2 行，有问题 2 行', { exact: false });
    expect(uploadMock).toHaveBeenCalledWith(routeTables.orgStaff.staffImport, expect.any(File));
    expect(screen.getByText('手机号「12345」格式不正确')).toBeTruthy();
    expect(screen.getByText('手机号13900000001已被其他账号使用')).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalled();
  });

  it('confirms, follows the progress and shows the result', async () => {
    uploadMock.mockResolvedValue({ ...state({}), errors, ...noImportRead, toWrite: 2 });
    callMock.mockImplementation((route) =>
      route === routeTables.orgStaff.staffImportConfirm
        ? Promise.resolve(state({ status: 'running', processed: 1 }))
        : Promise.resolve(state({ status: 'done', processed: 2, imported: 2 })),
    );
    renderModal();
    chooseFile();
    fireEvent.click(await screen.findByTestId('staff-import-confirm'));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(routeTables.orgStaff.staffImportConfirm, { batchId: 'b1' }),
    );
    await screen.findByText('50%');
    const done = await screen.findByTestId('staff-import-done', {}, { timeout: 3000 });
    expect(within(done).getByText('导入完成：新增 2 人', { exact: false })).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith(routeTables.orgStaff.staffImportState, { batchId: 'b1' });
    // Every row with its outcome, downloadable once the import ended.
    fireEvent.click(screen.getByTestId('staff-import-report'));
    expect(downloadMock).toHaveBeenCalledWith(
      routeTables.orgStaff.staffImportReport,
      { batchId: 'b1' },
      '员工导入结果.xlsx',
    );
  });

  it('offers to continue an import whose server died midway, and none once every row is written', async () => {
    uploadMock.mockResolvedValue({ ...state({}), errors, ...noImportRead, toWrite: 2 });
    const interrupted = '导入中断（服务重启或异常退出）：已写入1行，其余1行尚未写入';
    callMock
      .mockResolvedValueOnce(state({ status: 'running' }))
      .mockResolvedValueOnce(state({ status: 'failed', processed: 1, imported: 1, message: interrupted }))
      .mockResolvedValueOnce(state({ status: 'done', processed: 2, imported: 2 }));
    renderModal();
    chooseFile();
    fireEvent.click(await screen.findByTestId('staff-import-confirm'));
    await waitFor(() => expect(screen.queryByTestId('staff-import-confirm')).toBeNull());
    // The poll finds the batch failed with one row still unwritten: it can be continued.
    expect(
      within(await screen.findByTestId('staff-import-failed', {}, { timeout: 3000 })).getByText(interrupted),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('staff-import-resume'));
    await screen.findByTestId('staff-import-done');
    expect(callMock).toHaveBeenLastCalledWith(routeTables.orgStaff.staffImportConfirm, { batchId: 'b1' });
    expect(screen.queryByTestId('staff-import-resume')).toBeNull();
  });

  it('offers no confirmation when no row can be imported', async () => {
    uploadMock.mockResolvedValue({ ...state({ validCount: 0, invalidCount: 4 }), errors, ...noImportRead });
    renderModal();
    chooseFile();
    const button = await screen.findByTestId('staff-import-confirm');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.textContent).toContain('没有可导入的行');
  });
});
