import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Perm, routeTables, type TUsableLine } from '@yunhu/contract';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../../shared/stores/user';
import { useSoftphone } from '../../softphone';
import { useCallStore } from '../store';
import { CallButton } from './CallButton';

const callMock = vi.fn();
vi.mock('../../../shared/http/api', () => ({ call: (...args: unknown[]) => callMock(...args) }));
const softphoneCall = vi.fn(async () => undefined);
vi.mock('../../softphone', async () => {
  const { create } = await import('zustand');
  const useSoftphone = create(() => ({ isInCall: false, isLoggedIn: true, line: 'online' }));
  return {
    softphoneCall: (...a: unknown[]) => softphoneCall(...(a as [])),
    useSoftphone,
    notOnlineText: () =>
      useSoftphone.getState().line === 'reconnecting' ? '软电话正在重新连接，请稍后再拨' : '请先点击上线按钮',
  };
});

const lines: TUsableLine[] = [
  { lineId: 1, lineName: '浙江软电话线路', lineMode: 2, callerNumbers: [], isDefault: false },
  { lineId: 2, lineName: '全国回拨线路', lineMode: 0, callerNumbers: [], isDefault: true },
];

const renderButton = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <CallButton telB="139****5678" customerId={9} />
      </App>
    </QueryClientProvider>,
  );

/** What a person sees after clicking call (spec section 4 Dial flow). */
describe('CallButton', () => {
  beforeEach(() => {
    callMock.mockReset();
    softphoneCall.mockClear();
    useUserStore.getState().setPermissions([Perm.callDial]);
    useCallStore.setState({ isCalling: false, isCalled: false, isAliveVisible: false, lineId: null });
  });

  it('dials on the default call-back line and says to wait for the answer', async () => {
    callMock.mockImplementation(async (route) => {
      if (route === routeTables.call.usableLines) return lines;
      if (route === routeTables.call.calleeCheck) return 0;
      if (route === routeTables.call.dial) return { bindId: 'b1', lineMode: 0, status: 1, telX: '', sipTarget: '' };
      if (route === routeTables.call.dialState) {
        return {
          bindId: 'b1',
          state: 'talking',
          isOver: false,
          callStatus: null,
          duration: null,
          customerId: 9,
          progress: 'talking',
        };
      }
      return null;
    });
    renderButton();
    const button = await screen.findByTestId('call-customer-9');
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(routeTables.call.usableLines, {}));
    fireEvent.click(button);
    expect(await screen.findByText('拨号成功')).toBeTruthy();
    expect(screen.getByText('请等待接听')).toBeTruthy();
    expect(callMock).toHaveBeenCalledWith(routeTables.call.dial, {
      telB: '139****5678',
      interfaceId: 2,
      octCustomerId: 9,
    });
    // Where the call stands, from the server's dial state, while it happens.
    expect(await screen.findByText('当前状态：通话中')).toBeTruthy();
    expect(useCallStore.getState().isCalling).toBe(true);
    expect(softphoneCall).not.toHaveBeenCalled();
  });

  it('uses the stored soft-phone line and places the SIP call with the bind id', async () => {
    useCallStore.getState().setLineId(1);
    callMock.mockImplementation(async (route) => {
      if (route === routeTables.call.usableLines) return lines;
      if (route === routeTables.call.calleeCheck) return 0;
      if (route === routeTables.call.dial) return { bindId: 'b2', lineMode: 2, status: 1, telX: '', sipTarget: 'b2' };
      return null;
    });
    renderButton();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(routeTables.call.usableLines, {}));
    fireEvent.click(await screen.findByTestId('call-customer-9'));
    await waitFor(() => expect(softphoneCall).toHaveBeenCalledWith('b2', 'b2'));
    expect(useCallStore.getState().isCalling).toBe(true);
  });

  it('asks to go online first on a soft-phone line, without dialling', async () => {
    useSoftphone.setState({ isLoggedIn: false });
    useCallStore.getState().setLineId(1);
    callMock.mockImplementation(async (route) => (route === routeTables.call.usableLines ? lines : 0));
    renderButton();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(routeTables.call.usableLines, {}));
    fireEvent.click(await screen.findByTestId('call-customer-9'));
    expect(await screen.findByText('请先点击上线按钮')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(routeTables.call.calleeCheck, expect.anything());
    useSoftphone.setState({ isLoggedIn: true });
  });

  it('asks to wait, not to go online, while the soft-phone reconnects by itself', async () => {
    useSoftphone.setState({ isLoggedIn: false, line: 'reconnecting' });
    useCallStore.getState().setLineId(1);
    callMock.mockImplementation(async (route) => (route === routeTables.call.usableLines ? lines : 0));
    renderButton();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(routeTables.call.usableLines, {}));
    fireEvent.click(await screen.findByTestId('call-customer-9'));
    expect(await screen.findByText('软电话正在重新连接，请稍后再拨')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(routeTables.call.calleeCheck, expect.anything());
    useSoftphone.setState({ isLoggedIn: true, line: 'online' });
  });

  it('shows the alive-visible prompt when a colleague is on a call with the number', async () => {
    callMock.mockImplementation(async (route) => {
      if (route === routeTables.call.usableLines) return lines;
      if (route === routeTables.call.calleeCheck) return true;
      return null;
    });
    renderButton();
    await waitFor(() => expect(callMock).toHaveBeenCalledWith(routeTables.call.usableLines, {}));
    fireEvent.click(await screen.findByTestId('call-customer-9'));
    expect(await screen.findByText('该号码正在与同事通话中，请稍后再拨')).toBeTruthy();
    expect(callMock).not.toHaveBeenCalledWith(routeTables.call.dial, expect.anything());
  });

  it('is not shown to people who may not dial', () => {
    useUserStore.getState().setPermissions([]);
    callMock.mockResolvedValue([]);
    renderButton();
    expect(screen.queryByTestId('call-customer-9')).toBeNull();
  });
});
