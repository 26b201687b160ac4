import { wallboardRoutes } from '@yunhu/contract';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { ApiError } from '../../../shared/http/handle';

export type TWhisperMode = 'whisper' | 'barge';
export type TWhisperState = { userId: number; mode: TWhisperMode; phase: 'connecting' | 'on' };

/** How long the page waits for its own candidates (host only, no STUN: a few milliseconds). */
const gatherMs = 2000;

/**
 * 耳语 / 强插 on 实时监控: the manager's microphone, one send-only
 * RTCPeerConnection whose offer (its candidates gathered) the server publishes into the colleague's
 * call at the gateway; the gateway's answer is set as it comes (the gateway already holds the offer,
 * so ICE and DTLS may start at once). The colleague's soft-phone subscribes to it; in 强插 it also
 * mixes it into what it sends. One at a time; stop() or leaving the page ends it.
 */
export const useWhisper = () => {
  const { message } = App.useApp();
  const [state, setState] = useState<TWhisperState | null>(null);
  const current = useRef<{
    id: string | null;
    mode: TWhisperMode;
    pc: RTCPeerConnection;
    mic: MediaStream | null;
  } | null>(null);

  const release = useCallback((run: NonNullable<typeof current.current>) => {
    run.pc.close();
    for (const track of run.mic?.getTracks() ?? []) track.stop();
    if (run.id) {
      const stopRoute = run.mode === 'barge' ? wallboardRoutes.bargeStop : wallboardRoutes.whisperStop;
      void call(stopRoute, { whisperId: run.id }).catch(() => undefined);
    }
    run.id = null;
  }, []);

  const stop = useCallback(() => {
    if (current.current) release(current.current);
    current.current = null;
    setState(null);
  }, [release]);

  const start = useCallback(
    async (userId: number, mode: TWhisperMode) => {
      stop();
      const pc = new RTCPeerConnection({ iceServers: [], rtcpMuxPolicy: 'require' });
      const run = { id: null as string | null, mode, pc, mic: null as MediaStream | null };
      current.current = run;
      setState({ userId, mode, phase: 'connecting' });
      try {
        run.mic = await navigator.mediaDevices.getUserMedia({ audio: true, video: false });
        if (current.current !== run) return release(run);
        for (const track of run.mic.getAudioTracks()) pc.addTransceiver(track, { direction: 'sendonly' });
        await pc.setLocalDescription(await pc.createOffer());
        await new Promise<void>((resolve) => {
          if (pc.iceGatheringState === 'complete') return resolve();
          const timer = window.setTimeout(resolve, gatherMs);
          pc.addEventListener('icegatheringstatechange', () => {
            if (pc.iceGatheringState !== 'complete') return;
            window.clearTimeout(timer);
            resolve();
          });
        });
        const route = mode === 'barge' ? wallboardRoutes.bargeStart : wallboardRoutes.whisperStart;
        const started = await call(route, { userId, sdp: pc.localDescription!.sdp });
        run.id = started.whisperId;
        if (current.current !== run) return release(run);
        await pc.setRemoteDescription({ type: 'answer', sdp: started.sdp });
        pc.addEventListener('connectionstatechange', () => {
          if (current.current === run && ['failed', 'closed'].includes(pc.connectionState)) stop();
        });
        setState({ userId, mode, phase: 'on' });
      } catch (error) {
        if (current.current !== run) return;
        release(run);
        current.current = null;
        setState(null);
        if (!(error instanceof ApiError)) message.error(t.wallboard.whisperNoAudio);
      }
    },
    [message, release, stop],
  );

  useEffect(() => () => stop(), [stop]);

  return { state, start, stop };
};
