import { wallboardRoutes } from '@yunhu/contract';
import { useCallback } from 'react';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { useGatewaySession } from './useGatewaySession';

export type TWhisperMode = 'whisper' | 'barge';
export type TWhisperState = { userId: number; mode: TWhisperMode; phase: 'connecting' | 'on' };

/** How long the page waits for its own candidates (host only, no STUN: a few milliseconds). */
const gatherMs = 2000;

type TWhisperRun = { id: string | null; mode: TWhisperMode; pc: RTCPeerConnection; mic: MediaStream | null };

const release = (run: TWhisperRun) => {
  run.pc.close();
  for (const track of run.mic?.getTracks() ?? []) track.stop();
  if (run.id) {
    const stopRoute = run.mode === 'barge' ? wallboardRoutes.bargeStop : wallboardRoutes.whisperStop;
    void call(stopRoute, { whisperId: run.id }).catch(() => undefined);
  }
  run.id = null;
};

/** Resolves once the connection has gathered its candidates, or after `gatherMs`. */
const gathered = (pc: RTCPeerConnection) =>
  new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const timer = window.setTimeout(resolve, gatherMs);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState !== 'complete') return;
      window.clearTimeout(timer);
      resolve();
    });
  });

/**
 * 耳语 / 强插 on 实时监控: the manager's microphone, one send-only
 * RTCPeerConnection whose offer (its candidates gathered) the server publishes into the colleague's
 * call at the gateway; the gateway's answer is set as it comes (the gateway already holds the offer,
 * so ICE and DTLS may start at once). The colleague's soft-phone subscribes to it; in 强插 it also
 * mixes it into what it sends. One at a time; stop() or leaving the page ends it.
 */
export const useWhisper = () => {
  const session = useGatewaySession<TWhisperRun, TWhisperState>(release, t.wallboard.whisperNoAudio);
  const { run: runSession, stop, isCurrent } = session;

  const start = useCallback(
    (userId: number, mode: TWhisperMode) => {
      const pc = new RTCPeerConnection({ iceServers: [], rtcpMuxPolicy: 'require' });
      const run: TWhisperRun = { id: null, mode, pc, mic: null };
      return runSession(run, { userId, mode, phase: 'connecting' }, async () => {
        run.mic = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
        // Stopped or replaced while the microphone was asked for: its tracks stop here.
        if (!isCurrent(run)) {
          release(run);
          return undefined;
        }
        for (const track of run.mic.getAudioTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
        await pc.setLocalDescription(await pc.createOffer());
        await gathered(pc);
        const route = mode === 'barge' ? wallboardRoutes.bargeStart : wallboardRoutes.whisperStart;
        const started = await call(route, { userId, sdp: pc.localDescription!.sdp });
        run.id = started.whisperId;
        if (!isCurrent(run)) {
          release(run);
          return undefined;
        }
        await pc.setRemoteDescription({ type: 'answer', sdp: started.sdp });
        pc.addEventListener('connectionstatechange', () => {
          if (isCurrent(run) && ['failed', 'closed'].includes(pc.connectionState)) stop();
        });
        return { userId, mode, phase: 'on' };
      });
    },
    [runSession, stop, isCurrent],
  );

  return { state: session.state, start, stop };
};
