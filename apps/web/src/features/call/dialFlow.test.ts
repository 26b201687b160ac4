import type { TDialResult } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/http/handle';
import { runDial, type TDialDeps } from './dialFlow';
import { useCallStore } from './store';

const result = (over: Partial<TDialResult> = {}): TDialResult => ({
  bindId: 'b0123456789abcdef0123456789abcdef',
  lineMode: 2,
  status: 1,
  telX: '057188880001',
  sipTarget: '13912345678',
  ...over,
});

const depsWith = (over: Partial<TDialDeps> = {}) => {
  const deps: TDialDeps = {
    flags: () => useCallStore.getState(),
    setFlags: (f) => useCallStore.getState().set(f),
    lineId: 7,
    calleeCheck: vi.fn(async () => 0 as const),
    dial: vi.fn(async () => result()),
    softphoneCall: vi.fn(async () => undefined),
    cancelDial: vi.fn(async () => null),
    showAliveVisible: vi.fn(),
    notify: vi.fn(),
    showError: vi.fn(),
    showWarning: vi.fn(),
    ...over,
  };
  return deps;
};
const target = { telB: '139****5678', customerId: 5 };

/** Spec section 4 Dial flow, step by step. */
describe('dial flow', () => {
  beforeEach(() =>
    useCallStore.setState({
      isCalling: false,
      isCalled: false,
      isAliveVisible: false,
      lastDialAt: 0,
      callTaskId: null,
      callCustomerId: null,
    }),
  );

  it('ignores a click while a call flag is active', async () => {
    for (const flag of ['isCalling', 'isCalled'] as const) {
      useCallStore.setState({ isCalling: false, isCalled: false, [flag]: true });
      const deps = depsWith();
      expect(await runDial(target, deps)).toBe('ignored');
      expect(deps.calleeCheck).not.toHaveBeenCalled();
      expect(deps.dial).not.toHaveBeenCalled();
    }
  });

  it('shows the alive-visible prompt and clears the call flag when the callee check answers true', async () => {
    const deps = depsWith({ calleeCheck: vi.fn(async () => true as const) });
    expect(await runDial(target, deps)).toBe('alive');
    expect(deps.showAliveVisible).toHaveBeenCalledOnce();
    expect(deps.dial).not.toHaveBeenCalled();
    expect(useCallStore.getState()).toMatchObject({ isAliveVisible: true, isCalled: false, isCalling: false });
  });

  it('soft-phone line: dials on the chosen line, places the SIP call with the bind id, sets the calling flag on status 1', async () => {
    const deps = depsWith();
    expect(await runDial(target, deps)).toBe('softphone');
    expect(deps.dial).toHaveBeenCalledWith(target, 7);
    expect(deps.softphoneCall).toHaveBeenCalledWith('13912345678', 'b0123456789abcdef0123456789abcdef');
    expect(useCallStore.getState()).toMatchObject({ isCalling: true, isCalled: false });
    expect(useCallStore.getState().lastDialAt).toBeGreaterThan(0);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('a soft-phone call is known as its task’s and its customer’s while it lasts; a bare number’s is nobody’s', async () => {
    await runDial({ ...target, taskItemId: 31, taskId: 9 }, depsWith());
    expect(useCallStore.getState()).toMatchObject({ isCalling: true, callTaskId: 9, callCustomerId: 5 });
    useCallStore.setState({ isCalling: false });
    await runDial({ telB: '13912345678' }, depsWith());
    expect(useCallStore.getState()).toMatchObject({ isCalling: true, callTaskId: null, callCustomerId: null });
  });

  it('soft-phone line with another status: only the called flag is cleared', async () => {
    const deps = depsWith({ dial: vi.fn(async () => result({ status: 0 })) });
    await runDial(target, deps);
    expect(useCallStore.getState()).toMatchObject({ isCalling: false, isCalled: false });
  });

  it('call-back line (0): 拨号成功 / 请等待接听; app line: 拨号成功 / 请查看APP', async () => {
    const back = depsWith({ dial: vi.fn(async () => result({ lineMode: 0, sipTarget: '' })) });
    expect(await runDial(target, back)).toBe('carrier');
    expect(back.notify).toHaveBeenCalledWith('拨号成功', '请等待接听');
    expect(back.softphoneCall).not.toHaveBeenCalled();
    expect(useCallStore.getState().isCalled).toBe(false);
    const app = depsWith({ dial: vi.fn(async () => result({ lineMode: 1, sipTarget: '' })) });
    await runDial(target, app);
    expect(app.notify).toHaveBeenCalledWith('拨号成功', '请查看APP');
  });

  it('on failure clears the flags and shows the message, or 未知错误; not twice when the client showed it', async () => {
    const soft = depsWith({ softphoneCall: vi.fn(async () => Promise.reject(new Error('请先点击上线按钮'))) });
    expect(await runDial(target, soft)).toBe('failed');
    // The phone's refusal is a 温馨提示 notice, not an error toast (spec section 8, soft-phone).
    expect(soft.showWarning).toHaveBeenCalledWith('请先点击上线按钮');
    expect(soft.showError).not.toHaveBeenCalled();
    expect(useCallStore.getState()).toMatchObject({ isCalling: false, isCalled: false });
    // The request the phone could not place is withdrawn: it counts toward no limit.
    expect(soft.cancelDial).toHaveBeenCalledWith('b0123456789abcdef0123456789abcdef');

    const bare = depsWith({ dial: vi.fn(async () => Promise.reject(new Error(''))) });
    await runDial(target, bare);
    expect(bare.showError).toHaveBeenCalledWith('未知错误');

    const refused = depsWith({
      dial: vi.fn(async () => Promise.reject(new ApiError(10056, '该号码在企业黑名单中，禁止拨打'))),
    });
    await runDial(target, refused);
    expect(refused.showError).not.toHaveBeenCalled();
    expect(useCallStore.getState().isCalled).toBe(false);
  });

  it('a callee check answered with another code shows a warning with its message', async () => {
    const deps = depsWith({ calleeCheck: vi.fn(async () => Promise.reject(new ApiError(10099, '稍后再试'))) });
    expect(await runDial(target, deps)).toBe('failed');
    expect(deps.showWarning).toHaveBeenCalledWith('稍后再试');
    expect(deps.dial).not.toHaveBeenCalled();
  });

  it('keeps the chosen line in local storage', () => {
    useCallStore.getState().setLineId(3);
    expect(localStorage.getItem('yh-call-line-id')).toBe('3');
    useCallStore.getState().setLineId(null);
    expect(localStorage.getItem('yh-call-line-id')).toBeNull();
  });
});
