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
};

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
  beforeEach(() => {
    summary = fresh;
    callMock.mockReset();
    callMock.mockImplementation(async (route) => {
      if (route === r.summary) return summary;
      if (route === r.run) {
        summary = { ...summary, unchecked: 0, amount: 0, counts: { empty: 1, stopped: 1, real: 8 } };
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

  it('says what a check costs and who checks, runs it, then leaves 空号 and 停机 out with one click', async () => {
    renderPanel();
    expect(await screen.findByText(/共 10 个手机号，未检测 10 个；每个 ¥0.03，本次需 ¥0.30/)).toBeTruthy();
    expect(screen.getByText('检测服务：模拟检测（开发用）')).toBeTruthy();
    expect((screen.getByTestId('number-check-exclude') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('number-check-run'));
    expect(await screen.findByText('空号 1')).toBeTruthy();
    expect(screen.getByText('实号 8')).toBeTruthy();
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
});
