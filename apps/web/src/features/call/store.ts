import type { TDialState } from '@yunhu/contract';
import { create } from 'zustand';

/** Where a call stands, as the server's dial state says. */
export type TCallProgress = TDialState['progress'];

/** Where the chosen line survives a reload (spec section 4 Dial flow, step 3: "kept in local storage"). */
export const LINE_ID_KEY = 'yh-call-line-id';

const readLineId = (): number | null => {
  try {
    const v = Number(localStorage.getItem(LINE_ID_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
};

/**
 * The dial flow's part of the client state (spec section 3): the selected line id and the flags
 * for call in progress, called and alive-visible.
 */
export type TCallStore = {
  /** The line the page dials on; null = the user's default line. */
  lineId: number | null;
  /** A SIP call of the dial flow is ringing or in progress (status 1 of a soft-phone dial). */
  isCalling: boolean;
  /** A click is being handled (callee check and dial request under way). */
  isCalled: boolean;
  /** The callee check answered true: a colleague is on a call with the number. */
  isAliveVisible: boolean;
  /** When the last dial request succeeded: call lists poll for its record for a while. */
  lastDialAt: number;
  /**
   * The call-back (carrier) call under way and where it stands: 呼叫中 → 振铃 → 通话中 →
   * 已结束, from the server's dial state; the calling flag stays set until it ended.
   */
  activeCall: { bindId: string; progress: TCallProgress } | null;
  /** The task (我的任务) the soft-phone call of the dial flow was dialled within; meaningful while isCalling. */
  callTaskId: number | null;
  /** The customer the soft-phone call of the dial flow is for (its octCustomerId); meaningful while isCalling. */
  callCustomerId: number | null;
  setLineId: (lineId: number | null) => void;
  set: (
    flags: Partial<
      Pick<
        TCallStore,
        'isCalling' | 'isCalled' | 'isAliveVisible' | 'lastDialAt' | 'activeCall' | 'callTaskId' | 'callCustomerId'
      >
    >,
  ) => void;
};

export const useCallStore = create<TCallStore>((set) => ({
  lineId: readLineId(),
  isCalling: false,
  isCalled: false,
  isAliveVisible: false,
  lastDialAt: 0,
  activeCall: null,
  callTaskId: null,
  callCustomerId: null,
  setLineId: (lineId) => {
    try {
      if (lineId === null) localStorage.removeItem(LINE_ID_KEY);
      else localStorage.setItem(LINE_ID_KEY, String(lineId));
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
    set({ lineId });
  },
  set: (flags) => set(flags),
}));
