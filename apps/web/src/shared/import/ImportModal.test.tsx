import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImportModal, type TImportSpec } from './ImportModal';
import type { TImportPreviewBase, TImportRunBase } from './types';

const preview: TImportPreviewBase = {
  batchId: 'b1',
  total: 4,
  validCount: 3,
  invalidCount: 1,
  errors: [{ row: 5, reason: '手机号与第2行重复' }],
  sample: {
    header: ['客户名称', '手机号', '微信号'],
    rows: [{ row: 2, values: ['全角一', '13988006001', 'wx1'] }],
  },
  blankRows: 2,
  ignoredColumns: ['微信号'],
  reasonCounts: [{ reason: '手机号与其他行重复', count: 1 }],
  toWrite: 2,
};

const specOf = (over: Partial<TImportSpec<TImportPreviewBase, TImportRunBase>>) => ({
  title: '导入客户',
  step1: '第一步',
  testId: 'kit',
  downloadTemplate: vi.fn(),
  check: vi.fn().mockResolvedValue(preview),
  confirm: vi.fn().mockResolvedValue({ status: 'done', processed: 2, validCount: 3, message: '' }),
  summary: (p: TImportPreviewBase) => `共${p.total}行`,
  confirmText: (n: number) => `确认导入${n}行`,
  doneText: () => '导入完成',
  ...over,
});

const choose = (name = '客户.xlsx') =>
  fireEvent.change(document.querySelector<HTMLInputElement>('input[type=file]')!, {
    target: { files: [new File(['x'], name)] },
  });

describe('ImportModal', () => {
  it('shows what was read, the blank rows, the ignored columns and the counts per reason; confirms the rows it will write', async () => {
    const spec = specOf({});
    render(<ImportModal spec={spec} open onClose={() => undefined} />);
    choose();
    const summary = await screen.findByTestId('kit-summary');
    expect(within(summary).getByText('空行2行，已忽略；以下列不在模板中，不会导入：微信号')).toBeTruthy();
    expect(within(screen.getByTestId('kit-sample')).getByText('13988006001')).toBeTruthy();
    expect(within(screen.getByTestId('kit-reasons')).getByText('手机号与其他行重复：1行')).toBeTruthy();
    expect(within(screen.getByTestId('kit-errors')).getByText('手机号与第2行重复')).toBeTruthy();
    const confirm = screen.getByTestId('kit-confirm');
    expect(confirm.textContent).toContain('确认导入2行');
    fireEvent.click(confirm);
    await screen.findByTestId('kit-done');
    expect(spec.confirm).toHaveBeenCalledWith(preview, expect.any(File));
  });

  it('keeps a file error in the dialog until the next try', async () => {
    const spec = specOf({
      check: vi.fn().mockRejectedValueOnce(new Error('文件不是有效的Excel或CSV表格')).mockResolvedValue(preview),
    });
    render(<ImportModal spec={spec} open onClose={() => undefined} />);
    choose('图片.xlsx');
    const error = await screen.findByTestId('kit-error');
    expect(within(error).getByText('文件不是有效的Excel或CSV表格')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('kit-error')).toBeTruthy();
    choose();
    await screen.findByTestId('kit-summary');
    expect(screen.queryByTestId('kit-error')).toBeNull();
  });
});
