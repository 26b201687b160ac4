import type { TDialResult, TDialState } from '@yunhu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { followCallProgress } from './callProgress';
import { runDial, type TDialDeps } from './dialFlow';
import { useCallStore } from './store';

const bindId = 'b0123456789abcdef0123456789abcdef';
const carrierResult: TDialResult = { bindId, lineMode: 0, status: 1, telX: '02566660001', sipTarget: '' };
const stateOf = (progress: TDialState['progress']): TDialState => ({
  bindId,
  state: progress === 'ended' ? 'finished' : progress === 'talking' ? 'talking' : 'ringing',
  isOver: progress === 'ended',
  callStatus: progress === 'ended' ? 1 : null,
  duration: progress === 'ended' ? 42 : null,
  callRecordId: progress === 'ended' ? 9 : null,
  customerId: 5,
  progress,
});

const depsWith = (over: Partial<TDialDeps> = {}): TDialDeps => ({
  flags: () => useCallStore.getState(),
  setFlags: (f) => useCallStore.getState().set(f),
  lineId: 7,
  calleeCheck: vi.fn(async () => 0 as const),
  dial: vi.fn(async () => carrierResult),
  softphoneCall: vi.fn(async () => undefined),
  cancelDial: vi.fn(async () => null),
  showAliveVisible: vi.fn(),
  notify: vi.fn(),
  followCall: vi.fn(),
  showError: vi.fn(),
  showWarning: vi.fn(),
  ...over,
});
const target = { telB: '139****5678', customerId: 5 };

/** A call-back call's progress after 拨号成功, and no second dial while it happens. */
describe('call-back progress', () => {
  beforeEach(() =>
    useCallStore.setState({
      isCalling: false,
      isCalled: false,
      isAliveVisible: false,
      lastDialAt: 0,
      activeCall: null,
    }),
  );

  it('keeps the call flag up after 拨号成功 and follows the call, so a second 拨打 does nothing', async () => {
    const deps = depsWith();
    expect(await runDial(target, deps)).toBe('carrier');
    expect(deps.followCall).toHaveBeenCalledWith(bindId, '拨号成功', '请等待接听');
    expect(useCallStore.getState()).toMatchObject({ isCalling: true, activeCall: { bindId, progress: 'calling' } });
    const second = depsWith();
    expect(await runDial(target, second)).toBe('ignored');
    expect(second.calleeCheck).not.toHaveBeenCalled();
    expect(second.dial).not.toHaveBeenCalled();
  });

  it('shows 呼叫中, 振铃, 通话中 and 已结束 in turn, then frees the call flag', async () => {
    await runDial(target, depsWith());
    const answers = (['calling', 'ringing', 'ringing', 'talking', 'ended'] as const).map(stateOf);
    const seen: string[] = [];
    const outcome = await followCallProgress(bindId, {
      fetchState: async () => answers.shift()!,
      sleep: async () => {
        seen.push(useCallStore.getState().activeCall!.progress);
        expect(useCallStore.getState().isCalling).toBe(true);
      },
    });
    expect(outcome).toBe('ended');
    expect(seen).toEqual(['calling', 'ringing', 'ringing', 'talking']);
    expect(useCallStore.getState()).toMatchObject({ isCalling: false, activeCall: { bindId, progress: 'ended' } });
    expect(useCallStore.getState().lastDialAt).toBeGreaterThan(0);
    // The next dial goes through.
    expect(await runDial(target, depsWith())).toBe('carrier');
  });

  it('frees the call flag when the page cannot follow the call any more', async () => {
    await runDial(target, depsWith());
    const outcome = await followCallProgress(bindId, {
      fetchState: async () => {
        throw new Error('网络不稳定，请稍后重试');
      },
    });
    expect(outcome).toBe('lost');
    expect(useCallStore.getState()).toMatchObject({ isCalling: false, activeCall: null });
  });

  it('stops asking after half an hour', async () => {
    await runDial(target, depsWith());
    let clock = 0;
    const fetchState = vi.fn(async () => stateOf('talking'));
    const outcome = await followCallProgress(bindId, {
      fetchState,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    expect(outcome).toBe('lost');
    expect(fetchState).toHaveBeenCalledTimes(1200);
    expect(useCallStore.getState().isCalling).toBe(false);
  });
});
