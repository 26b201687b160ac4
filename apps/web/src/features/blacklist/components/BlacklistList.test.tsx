import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { noImportRead, Perm, routeTables, type TBlackEntry, type TBlackImportResult } from '@yunhu/contract';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { BlackImportModal } from './BlackImportModal';
import { BlacklistList } from './BlacklistList';
import { CheckTool } from './CheckTool';

const callMock = vi.fn();
const uploadMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  upload: (...args: unknown[]) => uploadMock(...args),
  download: vi.fn(),
}));
// The import dialog's requests (errors kept in the dialog, no toast).
vi.mock('../../../shared/import/importApi', () => ({
  importApi: { upload: (...args: unknown[]) => uploadMock(...args), call: (...args: unknown[]) => callMock(...args) },
}));

const b = routeTables.blacklist;

const renderUi = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>{ui}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const entry: TBlackEntry = {
  id: 7,
  level: 'tenant',
  number: '13912345678',
  reason: '客户投诉',
  source: 'manual',
  expiresAt: null,
  isExpired: false,
  createdBy: '张明',
  createdAt: Date.UTC(2026, 10, 1),
  updatedBy: '张明',
  updatedAt: Date.UTC(2026, 10, 1),
};

const preview: TBlackImportResult = {
  isDryRun: true,
  total: 4,
  validCount: 1,
  invalidCount: 2,
  skippedCount: 1,
  added: 0,
  errors: [
    { row: 3, number: '999', reason: '号码「999」格式不正确' },
    { row: 4, number: '13900000001', reason: '与第2行号码重复' },
  ],
  skipped: [{ row: 5, number: '13900000009', reason: '号码13900000009已在企业黑名单中' }],
  ...noImportRead,
  toWrite: 1,
};

describe('BlacklistList', () => {
  beforeEach(() => {
    callMock.mockReset();
    uploadMock.mockReset();
    callMock.mockImplementation((route) =>
      Promise.resolve(route === b.page ? { records: [entry], total: 1, size: 20, current: 1, pages: 1 } : {}),
    );
  });

  it('shows a reader the list without the buttons he may not use', async () => {
    useUserStore.getState().setPermissions([Perm.blacklistList]);
    renderUi(<BlacklistList level="tenant" title="企业黑名单" />);
    await screen.findByText('13912345678');
    expect(screen.getByText('永久')).toBeTruthy();
    expect(screen.getByText('生效中')).toBeTruthy();
    for (const id of ['black-add', 'black-add-batch', 'black-import', 'list-export']) {
      expect(screen.queryByTestId(id)).toBeNull();
    }
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('adds a pasted batch and lists the numbers it skipped', async () => {
    useUserStore.getState().setPermissions([Perm.blacklistList, Perm.blacklistAdd]);
    callMock.mockImplementation((route) =>
      Promise.resolve(
        route === b.addBatch
          ? { added: 1, skipped: [{ number: '12345', reason: '号码格式不正确' }] }
          : { records: [], total: 0, size: 20, current: 1, pages: 0 },
      ),
    );
    renderUi(<BlacklistList level="tenant" title="企业黑名单" />);
    fireEvent.click(await screen.findByTestId('black-add-batch'));
    const dialog = await screen.findByTestId('black-batch-modal');
    fireEvent.change(within(dialog).getByTestId('black-batch-text'), {
      target: { value: '139 1234 5678\n12345' },
    });
    await within(dialog).findByText('识别到 1 个号码，1 个格式不正确');
    fireEvent.click(within(dialog).getByRole('button', { name: '批量添加' }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(b.addBatch, {
        numbers: ['139 1234 5678', '12345'],
        reason: '',
        expiresAt: null,
      }),
    );
    expect(await within(dialog).findByText('号码格式不正确')).toBeTruthy();
  });

  it('sends the platform list to the platform routes', async () => {
    useUserStore.getState().setPermissions([Perm.platformBlacklistList]);
    renderUi(<BlacklistList level="platform" title="平台黑名单" />);
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(b.platformPage, expect.anything()));
  });
});

describe('BlackImportModal', () => {
  beforeEach(() => {
    uploadMock.mockReset();
    callMock.mockReset();
  });

  it('lists every bad and skipped row before writing, then confirms the staged batch and offers its result', async () => {
    uploadMock.mockResolvedValue({ ...preview, batchId: 'b1' });
    const running = { batchId: 'b1', status: 'running', processed: 0, validCount: 2, added: 0, message: '' };
    callMock.mockImplementation((route) =>
      Promise.resolve(
        route === b.importConfirm ? running : { ...running, status: 'done', processed: 2, added: 1, skipped: 1 },
      ),
    );
    renderUi(<BlackImportModal level="tenant" open onClose={() => undefined} />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    const file = new File(['x'], '黑名单.xlsx');
    fireEvent.change(input!, { target: { files: [file] } });
    await screen.findByText('共 4 行：可导入 1 个，错误 2 行，已在黑名单跳过 1 个');
    expect(uploadMock).toHaveBeenCalledTimes(1);
    expect(uploadMock).toHaveBeenCalledWith(b.importExcel, file, { dryRun: '1' });
    for (const reason of ['号码「999」格式不正确', '与第2行号码重复', '号码13900000009已在企业黑名单中']) {
      expect(screen.getByText(reason)).toBeTruthy();
    }
    fireEvent.click(screen.getByTestId('black-import-confirm'));
    await screen.findByText('导入完成，已添加 1 个号码', {}, { timeout: 3000 });
    expect(callMock).toHaveBeenCalledWith(b.importConfirm, { batchId: 'b1' });
    expect(callMock).toHaveBeenCalledWith(b.importState, { batchId: 'b1' });
    expect(uploadMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('black-import-report')).toBeTruthy();
  });

  it('stages and confirms the platform list through its own routes', async () => {
    uploadMock.mockResolvedValue({ ...preview, batchId: 'p1' });
    const running = { batchId: 'p1', status: 'running', processed: 0, validCount: 2, added: 0, message: '' };
    callMock.mockImplementation((route) =>
      Promise.resolve(
        route === b.platformImportConfirm
          ? running
          : { ...running, status: 'done', processed: 2, added: 1, skipped: 1 },
      ),
    );
    renderUi(<BlackImportModal level="platform" open onClose={() => undefined} />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]');
    const file = new File(['x'], '黑名单.xlsx');
    fireEvent.change(input!, { target: { files: [file] } });
    await screen.findByText('共 4 行：可导入 1 个，错误 2 行，已在黑名单跳过 1 个');
    expect(uploadMock).toHaveBeenCalledWith(b.platformImportExcel, file, { dryRun: '1' });
    fireEvent.click(screen.getByTestId('black-import-confirm'));
    await screen.findByText('导入完成，已添加 1 个号码', {}, { timeout: 3000 });
    expect(callMock).toHaveBeenCalledWith(b.platformImportConfirm, { batchId: 'p1' });
    expect(callMock).toHaveBeenCalledWith(b.platformImportState, { batchId: 'p1' });
    expect(uploadMock).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('black-import-report')).toBeTruthy();
  });
});

describe('CheckTool', () => {
  beforeEach(() => {
    callMock.mockReset();
  });

  it('checks the pasted numbers and says which list blocks each', async () => {
    callMock.mockResolvedValue({
      records: [
        { phone: '13900000001', number: '13900000001', isBlocked: true, reason: '号码在黑名单中（平台黑名单）' },
        { phone: '13900000002', number: '13900000002', isBlocked: false, reason: '' },
      ],
    });
    renderUi(<CheckTool />);
    fireEvent.change(screen.getByTestId('black-check-text'), { target: { value: '13900000001，13900000002\n' } });
    fireEvent.click(screen.getByTestId('black-check-run'));
    await screen.findByText('共检查 2 个号码，1 个在黑名单中');
    expect(callMock).toHaveBeenCalledWith(b.checkList, { phones: ['13900000001', '13900000002'] });
    expect(screen.getByText('号码在黑名单中（平台黑名单）')).toBeTruthy();
    expect(screen.getByText('会被拦截')).toBeTruthy();
    expect(screen.getByText('可以拨打')).toBeTruthy();
  });

  it('asks for numbers before checking nothing', async () => {
    renderUi(<CheckTool />);
    fireEvent.click(screen.getByTestId('black-check-run'));
    expect(callMock).not.toHaveBeenCalled();
  });
});
