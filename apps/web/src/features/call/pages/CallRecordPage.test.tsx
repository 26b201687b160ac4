import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Perm, routeTables } from '@yunhu/contract';
import { App } from 'antd';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { defaultRange } from '../callRecordApi';
import { CallRecordPage } from './CallRecordPage';

const callMock = vi.fn();
const downloadMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({
  call: (...args: unknown[]) => callMock(...args),
  download: (...args: unknown[]) => downloadMock(...args),
}));

const detail = routeTables.callRecord;
const record = {
  id: 7,
  realName: '王强',
  deptName: '销售部',
  telB: '13900001234',
  telX: '',
  lineName: '移动线路',
  callStatus: 1,
  callStatusName: '已接通',
  finishStatus: 1,
  finishStatusName: '主叫挂机',
  duration: 75,
  startTime: 1_700_000_000_000,
  postage: 12,
  preRecordUrl: '',
  octCustomerId: null,
};

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <CallRecordPage />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('CallRecordPage', () => {
  beforeEach(() => {
    useUserStore.getState().setPermissions([Perm.callRecordExport]);
    callMock.mockReset();
    downloadMock.mockReset().mockResolvedValue('通话记录.xlsx');
    callMock.mockImplementation((route) => {
      if (route === detail.getPage)
        return Promise.resolve({ records: [record], total: 1, size: 20, current: 1, pages: 1 });
      if (route === detail.getPageCount)
        return Promise.resolve({ total: 1, connected: 1, totalSecond: 75, totalPostage: 12 });
      return Promise.resolve([]);
    });
  });

  it('opens on the last 7 days, and the figures and the export follow the filter the list applies', async () => {
    renderPage();
    expect(await screen.findByText('13900001234')).toBeTruthy();
    const startRange = defaultRange();
    expect(callMock).toHaveBeenCalledWith(detail.getPage, { page: 1, limit: 20, startRange });
    expect(callMock).toHaveBeenCalledWith(detail.getPageCount, { startRange });

    fireEvent.change(screen.getByTestId('call-record-telb'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(callMock).toHaveBeenCalledWith(detail.getPage, { page: 1, limit: 20, startRange, telB: '1234' }),
    );
    expect(callMock).toHaveBeenCalledWith(detail.getPageCount, { startRange, telB: '1234' });

    fireEvent.click(screen.getByTestId('list-export'));
    await waitFor(() =>
      expect(downloadMock).toHaveBeenCalledWith(detail.exportRecords, { startRange, telB: '1234' }, '通话记录.xlsx'),
    );
  });

  it('回拨 dials a customer call back through the call-back line; an internal call offers none', async () => {
    useUserStore.getState().setPermissions([Perm.callDial]);
    const internal = { ...record, id: 8, telB: '8001', callType: 3, peerName: '李娜' };
    callMock.mockImplementation((route) => {
      if (route === detail.getPage)
        return Promise.resolve({
          records: [{ ...record, callType: 1 }, internal],
          total: 2,
          size: 20,
          current: 1,
          pages: 1,
        });
      if (route === detail.getPageCount)
        return Promise.resolve({ total: 2, connected: 1, totalSecond: 75, totalPostage: 12 });
      if (route === routeTables.call.callBack)
        return Promise.resolve({ bindId: 'b1', lineMode: 0, status: 1, telX: '', sipTarget: '' });
      return Promise.resolve([]);
    });
    renderPage();
    fireEvent.click(await screen.findByTestId('call-record-callback-7'));
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(routeTables.call.callBack, { callId: 7 }));
    expect(await screen.findByText('请等待接听')).toBeTruthy();
    expect(screen.queryByTestId('call-record-callback-8')).toBeNull();
  });

  it('offers no 回拨 to whoever may not dial', async () => {
    renderPage();
    expect(await screen.findByText('13900001234')).toBeTruthy();
    expect(screen.queryByTestId('call-record-callback-7')).toBeNull();
  });
});
