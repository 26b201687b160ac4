import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Perm, routeTables, type TSeatSummaryRow } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { rangeOfDays } from '../../../shared/census/range';
import { useUserStore } from '../../../shared/stores/user';
import { SeatSummaryPage } from './SeatSummaryPage';

const callMock = vi.fn();
const downloadMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: (...args: unknown[]) => downloadMock(...args),
}));

const row: TSeatSummaryRow = {
  key: '2026-12-03-7',
  day: '2026-12-03',
  userId: 7,
  realName: '王强',
  deptName: '销售一部',
  analysedCalls: 2,
  talkSec: 150,
  agentTalkSec: 40,
  customerTalkSec: 40,
  agentSharePercent: 50,
  silenceCount: 3,
  silenceTotalSec: 6.5,
  silenceLongestSec: 3,
  overlapCount: 3,
  agentInterruptions: 1,
  customerInterruptions: 2,
  turnsPerCall: 7.5,
  customerFirstWordsSec: null,
  intentions: { A: 1, B: 0, C: 1, D: 0 },
  ruleHits: 4,
};

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[url]}>
        <App>
          <SeatSummaryPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('SeatSummaryPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockResolvedValue({ records: [row], total: 1, size: 20, current: 1, pages: 1 });
  });

  it('shows each agent’s day of analysed calls in words, the last 7 Beijing days when no day is picked', async () => {
    renderAt('/');
    await screen.findByText('王强');
    expect(screen.getByText('坐席小结')).toBeTruthy();
    expect(screen.getByText('2026-12-03')).toBeTruthy();
    expect(screen.getByText('02:30')).toBeTruthy();
    expect(screen.getByText('50.0%')).toBeTruthy();
    expect(screen.getByText('3 次，共 6.5 秒，最长 3.0 秒')).toBeTruthy();
    expect(screen.getByText('3 次（1/2）')).toBeTruthy();
    expect(screen.getByText('1/0/1/0')).toBeTruthy();
    // The quality rules the day's calls hit.
    expect(screen.getAllByText('质检命中').length).toBeGreaterThan(0);
    expect(screen.getByText('4')).toBeTruthy();
    // The customer never spoke on these calls: no average to show.
    expect(screen.getAllByText('-').length).toBeGreaterThan(0);
    const [route, request] = callMock.mock.calls[0]!;
    expect(route).toBe(routeTables.callAnalysis.seatSummary);
    const week = rangeOfDays({ fromDay: '2000-01-01', toDay: '2000-01-07' });
    expect(request.startRange[1] - request.startRange[0]).toBe(week.to - week.from);
  });

  it('asks for the days a link picked', async () => {
    // The form's picked days as the link writes them; the request takes them as Beijing days.
    const filter = encodeURIComponent(JSON.stringify({ range: [{ $d: '2026-11-01' }, { $d: '2026-11-02' }] }));
    renderAt(`/?filter=${filter}`);
    await screen.findByText('王强');
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(
        routeTables.callAnalysis.seatSummary,
        expect.objectContaining({ startRange: [Date.UTC(2026, 9, 31, 16), Date.UTC(2026, 10, 2, 16) - 1] }),
      ),
    );
  });

  it('exports the days the list shows, for a reader who may export the statistics', async () => {
    useUserStore.setState({ permissions: [Perm.callStatistics, Perm.callStatisticsExport] });
    const filter = encodeURIComponent(JSON.stringify({ range: [{ $d: '2026-11-01' }, { $d: '2026-11-02' }] }));
    renderAt(`/?filter=${filter}`);
    await screen.findByText('王强');
    fireEvent.click(screen.getByTestId('list-export'));
    await waitFor(() =>
      expect(downloadMock).toHaveBeenCalledWith(
        routeTables.callAnalysis.seatSummaryExport,
        expect.objectContaining({ startRange: [Date.UTC(2026, 9, 31, 16), Date.UTC(2026, 10, 2, 16) - 1] }),
        '坐席小结.xlsx',
      ),
    );
  });
});
