import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { noImportRead, routeTables, type TCrmImportState } from '@yunhu/contract';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportCustomersButton } from './ImportCustomersButton';

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
// 空号检测's panel under the preview has tests of its own (numberCheck/).
vi.mock('../../numberCheck', () => ({ NumberCheckPanel: () => null }));
let isAllowed = true;
vi.mock('../../../shared/permission/Permission', () => ({
  Permission: ({ children }: { children: ReactNode }) => (isAllowed ? children : null),
}));

const r = routeTables.crmImport;
const state = (over: Partial<TCrmImportState>): TCrmImportState => ({
  batchId: 'b1',
  kind: 'customer',
  fileName: '客户.xlsx',
  status: 'previewed',
  total: 5,
  validCount: 2,
  invalidCount: 3,
  duplicateCount: 1,
  duplicateMode: 'skip',
  processed: 0,
  inserted: 0,
  updated: 0,
  skipped: 0,
  message: '',
  createdAt: 0,
  ...over,
});
const preview = {
  ...state({}),
  errors: [
    { row: 3, reason: '手机号「12345」格式不正确' },
    { row: 4, reason: '手机号与第2行重复' },
    { row: 6, reason: '意向等级「F」不正确，只能是A、B、C、D、E' },
  ],
  duplicates: [{ row: 5, name: '老客户', where: '已是赵丽的客户' }],
  ...noImportRead,
  toWrite: 1,
};

const chooseFile = (name = '客户.xlsx') => {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
};

describe('ImportCustomersButton', () => {
  beforeEach(() => {
    callMock.mockReset();
    uploadMock.mockReset();
    downloadMock.mockReset();
    isAllowed = true;
  });

  it('is not there without the import permission', () => {
    isAllowed = false;
    render(<ImportCustomersButton onDone={() => undefined} />);
    expect(screen.queryByText('导入客户')).toBeNull();
  });

  it('sends the chosen target and duplicate handling, lists bad rows and duplicates, writes nothing yet', async () => {
    uploadMock.mockResolvedValue(preview);
    render(<ImportCustomersButton onDone={() => undefined} />);
    fireEvent.click(screen.getByTestId('crm-import-customers'));
    fireEvent.click(await screen.findByText('公海'));
    fireEvent.click(screen.getByText('更新（只更新填写了的列）'));
    fireEvent.click(screen.getByText('下载模板'));
    expect(downloadMock).toHaveBeenCalledWith(r.importTemplate, { kind: 'customer' }, '客户导入模板.xlsx');
    chooseFile();
    await screen.findByTestId('crm-import-summary');
    expect(uploadMock).toHaveBeenCalledWith(r.importPreview, expect.any(File), {
      target: 'public',
      duplicateMode: 'update',
    });
    expect(screen.getByText('共5行：可导入2行（其中已是客户1行），有错误3行。', { exact: false })).toBeTruthy();
    expect(screen.getByText('手机号与第2行重复')).toBeTruthy();
    expect(within(screen.getByTestId('crm-import-duplicates')).getByText('已是赵丽的客户')).toBeTruthy();
    fireEvent.click(screen.getByText('下载检查结果'));
    expect(downloadMock).toHaveBeenCalledWith(r.importReport, { batchId: 'b1' }, '导入结果.xlsx');
    expect(callMock).not.toHaveBeenCalled();
  });

  it('confirms, polls the progress and shows the result with its report', async () => {
    const onDone = vi.fn();
    uploadMock.mockResolvedValue(preview);
    callMock.mockImplementation((route) =>
      route === r.importConfirm
        ? Promise.resolve(state({ status: 'running', processed: 1 }))
        : Promise.resolve(state({ status: 'done', processed: 2, inserted: 1, skipped: 1, message: '1行已跳过' })),
    );
    render(<ImportCustomersButton onDone={onDone} />);
    fireEvent.click(screen.getByTestId('crm-import-customers'));
    chooseFile();
    fireEvent.click(await screen.findByTestId('crm-import-confirm'));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(r.importConfirm, { batchId: 'b1', duplicateMode: 'skip' }),
    );
    await screen.findByText('50%');
    const done = await screen.findByTestId('crm-import-done', {}, { timeout: 3000 });
    expect(within(done).getByText('导入完成：新增1行，更新0行，跳过1行')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith(r.importState, { batchId: 'b1' });
    expect(onDone).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('crm-import-report'));
    expect(downloadMock).toHaveBeenCalledWith(r.importReport, { batchId: 'b1' }, '导入结果.xlsx');
  });

  it('offers to go on with an import interrupted on the server, from where it stopped', async () => {
    uploadMock.mockResolvedValue(preview);
    const interrupted =
      '导入中断（服务重启或异常退出）：已写入1行，其余1行尚未写入；请在24小时内重新确认导入，将从中断处继续';
    callMock
      .mockResolvedValueOnce(state({ status: 'failed', processed: 1, inserted: 1, message: interrupted }))
      .mockResolvedValueOnce(state({ status: 'done', processed: 2, inserted: 2 }));
    render(<ImportCustomersButton onDone={() => undefined} />);
    fireEvent.click(screen.getByTestId('crm-import-customers'));
    chooseFile();
    fireEvent.click(await screen.findByTestId('crm-import-confirm'));
    expect(await screen.findByText(interrupted)).toBeTruthy();
    fireEvent.click(screen.getByTestId('crm-import-resume'));
    await screen.findByTestId('crm-import-done');
    expect(callMock).toHaveBeenLastCalledWith(r.importConfirm, { batchId: 'b1', duplicateMode: 'skip' });
  });

  it('imports follow-ups through their own routes', async () => {
    uploadMock.mockResolvedValue({ ...preview, kind: 'follow', duplicates: [], duplicateCount: 0 });
    callMock.mockResolvedValue(state({ kind: 'follow', status: 'done', processed: 2, inserted: 2 }));
    render(<ImportCustomersButton onDone={() => undefined} />);
    fireEvent.click(screen.getByTestId('crm-import-follows'));
    expect(await screen.findByText('导入跟进记录', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(screen.queryByText('公海')).toBeNull();
    chooseFile('跟进.csv');
    await screen.findByTestId('crm-import-summary');
    expect(uploadMock).toHaveBeenCalledWith(r.followImportPreview, expect.any(File));
    fireEvent.click(screen.getByTestId('crm-import-confirm'));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(r.followImportConfirm, { batchId: 'b1' }));
  });
});
