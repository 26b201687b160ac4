import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { routeTables, type TNumberCheckSummary } from '@yunhu/contract';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NumberCheckPanel } from './NumberCheckPanel';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  saveHref: vi.fn(),
  download: vi.fn(),
  upload: vi.fn(),
}));

const r = routeTables.numberCheck;
const batchId = '6f1c1f3e-0000-4000-8000-000000000001';
const fresh: TNumberCheckSummary = {
  total: 10,
  unchecked: 10,
  unitPrice: 3,
  amount: 30,
  balance: 10_000,
  counts: {},
  excluded: 0,
  checker: '模拟检测（开发用）',
  isSimulator: true,
  run: null,
};
const runOf = (state: 'queued' | 'running' | 'done' | 'failed', checked: number, errorReason = '') => ({
  state,
  stateName: { queued: '排队中', running: '检测中', done: '已完成', failed: '失败' }[state],
  total: 10,
  checked,
  errorReason,
  createdAt: 1,
  finishedAt: state === 'done' || state === 'failed' ? 2 : null,
});

const renderPanel = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <NumberCheckPanel source="crmImport" batchId={batchId} />
      </App>
    </QueryClientProvider>,
  );

describe('NumberCheckPanel', () => {
  let summary: TNumberCheckSummary;
  /** What the server's job has done by each summary asked after the run was queued. */
  let progress: TNumberCheckSummary[];
  beforeEach(() => {
    summary = fresh;
    progress = [];
    callMock.mockReset();
    callMock.mockImplementation(async (route) => {
      if (route === r.summary) {
        summary = progress.shift() ?? summary;
        return summary;
      }
      if (route === r.run) {
        summary = { ...summary, run: runOf('queued', 0) };
        return summary;
      }
      if (route === r.exclude) {
        summary = { ...summary, excluded: 2 };
        return summary;
      }
      if (route === r.rows) return [];
      return null;
    });
  });

  it('queues the check, shows its progress until it is done, then leaves 空号 and 停机 out', async () => {
    renderPanel();
    expect(await screen.findByText(/共 10 个手机号，未检测 10 个；每个 ¥0.03，本次需 ¥0.30/)).toBeTruthy();
    expect(screen.getByText('检测服务：模拟检测（开发用）')).toBeTruthy();
    expect((screen.getByTestId('number-check-exclude') as HTMLButtonElement).disabled).toBe(true);
    progress = [
      { ...fresh, run: runOf('running', 5) },
      {
        ...fresh,
        unchecked: 0,
        amount: 0,
        counts: { empty: 1, stopped: 1, real: 8 },
        run: runOf('done', 10),
      },
    ];
    fireEvent.click(screen.getByTestId('number-check-run'));
    expect(await screen.findByText('检测状态：检测中（5/10）')).toBeTruthy();
    expect((screen.getByTestId('number-check-run') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('number-check-run').textContent).toContain('检测中 5/10');
    // The panel asks again by itself until the job is done.
    expect(await screen.findByText('空号 1', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('实号 8')).toBeTruthy();
    expect(screen.getByText('检测状态：已完成（10/10）')).toBeTruthy();
    expect(callMock.mock.calls.find(([route]) => route === r.run)?.[1]).toEqual({ source: 'crmImport', batchId });
    fireEvent.click(screen.getByTestId('number-check-exclude'));
    await waitFor(() =>
      expect(callMock.mock.calls.find(([route]) => route === r.exclude)?.[1]).toEqual({
        source: 'crmImport',
        batchId,
        results: ['empty', 'stopped'],
      }),
    );
    expect(await screen.findByText('已排除 2 个')).toBeTruthy();
  });

  it('says why a run failed and that the unchecked numbers were not charged', async () => {
    summary = {
      ...fresh,
      unchecked: 6,
      amount: 18,
      counts: { real: 4 },
      run: runOf('failed', 4, '空号检测服务暂不可用：API可用次数不足，请稍后重试'),
    };
    renderPanel();
    expect(
      (await screen.findByTestId('number-check-failed')).textContent?.includes(
        '检测失败：空号检测服务暂不可用：API可用次数不足，请稍后重试。未检测的号码未扣费',
      ),
    ).toBe(true);
    // Another run may be started for what is left.
    expect((screen.getByTestId('number-check-run') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('number-check-run').textContent).toContain('开始检测（¥0.18）');
  });
});
