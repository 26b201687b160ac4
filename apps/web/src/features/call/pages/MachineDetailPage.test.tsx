import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { routeTables, type TCallFigures } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MachineDetailPage } from './MachineDetailPage';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args), download: vi.fn() }));

const figures: TCallFigures = {
  bindNum: 12,
  callNum: 10,
  connectedNum: 7,
  notConnected: 3,
  connectionRate: 70,
  totalSecond: 630,
  totalMinute: 13,
  averageCallSecond: 90,
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <MachineDetailPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('MachineDetailPage', () => {
  beforeEach(() => {
    callMock.mockReset();
    callMock.mockImplementation((route: unknown) => {
      if (route === routeTables.callCensus.huaJiCensus)
        return Promise.resolve([{ ...figures, lineId: 7, lineName: '浙江线路' }]);
      if (route === routeTables.callCensus.localCensus)
        return Promise.resolve([
          { ...figures, deptId: 3, deptName: '销售一部' },
          { ...figures, callNum: 2, deptId: null, deptName: '' },
        ]);
      return Promise.resolve(null);
    });
  });

  it('shows a row of call figures for each line and each department, 无部门 for calls of no department', async () => {
    renderPage();
    const lines = screen.getByTestId('call-statistics-lines');
    expect(await within(lines).findByText('浙江线路')).toBeTruthy();
    expect(within(lines).getByText('线路话务统计')).toBeTruthy();
    expect(within(lines).getAllByText('10').length).toBeGreaterThan(0);
    const depts = screen.getByTestId('call-statistics-depts');
    expect(await within(depts).findByText('销售一部')).toBeTruthy();
    expect(within(depts).getByText('无部门')).toBeTruthy();
    expect(within(depts).getByText('部门话务统计')).toBeTruthy();
  });

  it('offers the other statistics and asks for the figures of the days picked above them', async () => {
    renderPage();
    expect(screen.getByTestId('call-statistics-nav').textContent).toContain('坐席统计');
    await within(screen.getByTestId('call-statistics-lines')).findByText('浙江线路');
    const asked = () =>
      callMock.mock.calls.filter(([route]) => route === routeTables.callCensus.huaJiCensus).map(([, body]) => body);
    const before = asked().length;
    fireEvent.click(within(screen.getByTestId('call-census-range')).getByText('近30天'));
    await waitFor(() => expect(asked().length).toBeGreaterThan(before));
    const [from, to] = (asked().at(-1) as { startRange: [number, number] }).startRange;
    expect(Math.round((to - from) / 86_400_000)).toBe(30);
  });
});
