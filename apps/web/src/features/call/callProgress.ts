import type { TDialState } from '@yunhu/contract';
import { type TCallProgress, useCallStore } from './store';

/** How often the page asks where a call-back call stands: one indexed read of his own dial request. */
export const progressPollMs = 1500;
/** When the page stops asking (a talk longer than this is rare); the calling flag is cleared then. */
const followForMs = 30 * 60_000;

export type TFollowDeps = {
  fetchState: (bindId: string) => Promise<TDialState>;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Follows a call-back call from 拨号成功 to its end: polls the server's dial state (the
 * carrier's progress events move it) and keeps `activeCall` of the call store in step, so the
 * notice shows 呼叫中 → 振铃 → 通话中 → 已结束. The calling flag (spec section 4 Dial flow, step 1:
 * a second 拨打 does nothing) is cleared once the call ended, or when the page cannot follow it
 * any more (the server refused, the time ran out), so a lost call never locks the button.
 */
export const followCallProgress = async (bindId: string, deps: TFollowDeps): Promise<'ended' | 'lost'> => {
  const sleep = deps.sleep ?? wait;
  const now = deps.now ?? Date.now;
  const until = now() + followForMs;
  const store = useCallStore.getState;
  const show = (progress: TCallProgress) => {
    if (store().activeCall?.bindId === bindId) store().set({ activeCall: { bindId, progress } });
  };
  while (now() < until) {
    let state: TDialState | null;
    try {
      state = await deps.fetchState(bindId);
    } catch {
      break;
    }
    if (!state) break;
    show(state.progress);
    if (state.isOver || state.progress === 'ended') {
      // The lists that poll after a dial pick the record up now.
      if (store().activeCall?.bindId === bindId) store().set({ isCalling: false, lastDialAt: now() });
      return 'ended';
    }
    await sleep(progressPollMs);
  }
  if (store().activeCall?.bindId === bindId) store().set({ isCalling: false, activeCall: null });
  return 'lost';
};
