import { wallboardRoutes } from '@yunhu/contract';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { ApiError } from '../../../shared/http/handle';
import { connectParty, type TPartyPeer } from '../../../shared/media/gatewayPeer';

/** Tries per party (the first offer and fresh ones from listenRenew) before the page gives up. */
const triesPerParty = 3;

export type TListenState = {
  userId: number;
  realName: string;
  phase: 'connecting' | 'listening';
  /** One stream per party of the call, each played by its own <audio>. */
  streams: MediaStream[];
};

/**
 * 监听 on 实时监控: start() asks the server for the gateway's offers and connects
 * the parties one after the other (shared/media/gatewayPeer.ts), giving a party that does not connect a fresh
 * subscription; stop() closes the connections and ends the listen at the gateway. One listen at a
 * time; a new start or leaving the page ends the previous one.
 */
export const useListen = () => {
  const { message } = App.useApp();
  const [state, setState] = useState<TListenState | null>(null);
  /** The listen under way (also while connecting), so stop() and unmount can end it. */
  const current = useRef<{ listenId: string | null; peers: TPartyPeer[]; cancelled: boolean } | null>(null);

  const release = useCallback((run: NonNullable<typeof current.current>) => {
    run.cancelled = true;
    for (const p of run.peers) p.pc.close();
    run.peers = [];
    if (run.listenId) void call(wallboardRoutes.listenStop, { listenId: run.listenId }).catch(() => undefined);
    run.listenId = null;
  }, []);

  const stop = useCallback(() => {
    if (current.current) release(current.current);
    current.current = null;
    setState(null);
  }, [release]);

  const start = useCallback(
    async (userId: number, realName: string) => {
      stop();
      const run = { listenId: null as string | null, peers: [] as TPartyPeer[], cancelled: false };
      current.current = run;
      setState({ userId, realName, phase: 'connecting', streams: [] });
      try {
        const offer = await call(wallboardRoutes.listenStart, { userId });
        run.listenId = offer.listenId;
        for (const [index, first] of offer.sdps.entries()) {
          let sdp = first;
          let peer: TPartyPeer | null = null;
          for (let attempt = 0; attempt < triesPerParty && !peer && !run.cancelled; attempt++) {
            if (attempt > 0) sdp = (await call(wallboardRoutes.listenRenew, { listenId: offer.listenId, index })).sdp;
            peer = await connectParty(sdp, (answer) =>
              call(wallboardRoutes.listenAnswer, { listenId: offer.listenId, index, sdp: answer }),
            );
          }
          if (run.cancelled) {
            peer?.pc.close();
            return;
          }
          if (!peer) throw new Error('no audio');
          run.peers.push(peer);
          // A connection lost later (the call ended, the gateway went away) ends the listen.
          peer.pc.addEventListener('connectionstatechange', () => {
            if (current.current === run && ['failed', 'closed'].includes(peer.pc.connectionState)) stop();
          });
        }
        setState({ userId, realName, phase: 'listening', streams: run.peers.map((p) => p.stream) });
      } catch (error) {
        if (current.current !== run) return;
        release(run);
        current.current = null;
        setState(null);
        // The server's refusals were shown by the http client; the page's own failure is shown here.
        if (!(error instanceof ApiError)) message.error(t.wallboard.listenNoAudio);
      }
    },
    [message, release, stop],
  );

  useEffect(() => () => stop(), [stop]);

  return { state, start, stop };
};
