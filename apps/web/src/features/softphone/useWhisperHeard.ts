import { wallboardRoutes } from '@yunhu/contract';
import { useEffect, useState } from 'react';
import { call } from '../../shared/http/api';
import { connectParty } from '../../shared/media/gatewayPeer';
import { loadPhone } from './lazyPhone';

/** How often the soft-phone asks, while 通话中, whether a manager speaks to it. */
const pollMs = 2000;

export type TWhisperHeard = { whisperId: string; mode: 'whisper' | 'barge'; managerName: string; stream: MediaStream };

/**
 * The agent's side of 耳语 / 强插: while a call is connected the soft-phone asks
 * every 2 s whether a manager speaks to him; when one does, it subscribes to the manager's stream
 * at the gateway (shared/media/gatewayPeer.ts's order: its answer first, then the gateway's candidates) and plays
 * it. In 强插 it also mixes that stream into what the call sends (phone.ts mixIntoCall), so the
 * customer hears the manager too. The whisper's end (or the call's) undoes both.
 */
export const useWhisperHeard = (isInCall: boolean): TWhisperHeard | null => {
  const [heard, setHeard] = useState<TWhisperHeard | null>(null);
  useEffect(() => {
    if (!isInCall) return;
    let active: { whisperId: string; pc: RTCPeerConnection; unmix: (() => void) | null } | null = null;
    let busy = false;
    let over = false;
    const end = () => {
      active?.unmix?.();
      active?.pc.close();
      active = null;
      setHeard(null);
    };
    const check = async () => {
      if (busy || over) return;
      busy = true;
      try {
        const mine = await call(wallboardRoutes.whisperMine, {});
        if (over) return;
        if (!mine) return end();
        if (active?.whisperId === mine.whisperId) return;
        end();
        const { sdp } = await call(wallboardRoutes.whisperJoin, { whisperId: mine.whisperId });
        const peer = await connectParty(sdp, (answer) =>
          call(wallboardRoutes.whisperJoinAnswer, { whisperId: mine.whisperId, sdp: answer }),
        );
        if (!peer) return;
        if (over) return peer.pc.close();
        const unmix = mine.mode === 'barge' ? (await loadPhone()).mixIntoCall(peer.stream) : null;
        active = { whisperId: mine.whisperId, pc: peer.pc, unmix };
        setHeard({ ...mine, stream: peer.stream });
      } catch {
        // Asked again at the next tick.
      } finally {
        busy = false;
      }
    };
    void check();
    const timer = window.setInterval(() => void check(), pollMs);
    return () => {
      over = true;
      window.clearInterval(timer);
      end();
    };
  }, [isInCall]);
  return heard;
};
