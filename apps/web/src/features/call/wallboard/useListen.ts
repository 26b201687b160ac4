import { wallboardRoutes } from '@yunhu/contract';
import { useCallback } from 'react';
import * as t from '../../../locales/zh-CN';
import { call } from '../../../shared/http/api';
import { connectParty, type TPartyPeer } from '../../../shared/media/gatewayPeer';
import { useGatewaySession } from './useGatewaySession';

/** Tries per party (the first offer and fresh ones from listenRenew) before the page gives up. */
const triesPerParty = 3;

export type TListenState = {
  userId: number;
  realName: string;
  phase: 'connecting' | 'listening';
  /** One stream per party of the call, each played by its own <audio>. */
  streams: MediaStream[];
};

/** The listen under way (also while connecting). */
type TListenRun = { listenId: string | null; peers: TPartyPeer[]; cancelled: boolean };

const release = (run: TListenRun) => {
  run.cancelled = true;
  for (const p of run.peers) p.pc.close();
  run.peers = [];
  if (run.listenId) void call(wallboardRoutes.listenStop, { listenId: run.listenId }).catch(() => undefined);
  run.listenId = null;
};

/**
 * 监听 on 实时监控: start() asks the server for the gateway's offers and connects
 * the parties one after the other (shared/media/gatewayPeer.ts), giving a party that does not connect a fresh
 * subscription; stop() closes the connections and ends the listen at the gateway. One listen at a
 * time; a new start or leaving the page ends the previous one.
 */
export const useListen = () => {
  const session = useGatewaySession<TListenRun, TListenState>(release, t.wallboard.listenNoAudio);
  const { run: runSession, stop, isCurrent } = session;

  const start = useCallback(
    (userId: number, realName: string) => {
      const run: TListenRun = { listenId: null, peers: [], cancelled: false };
      return runSession(run, { userId, realName, phase: 'connecting', streams: [] }, async () => {
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
            return undefined;
          }
          if (!peer) throw new Error('no audio');
          run.peers.push(peer);
          // A connection lost later (the call ended, the gateway went away) ends the listen.
          peer.pc.addEventListener('connectionstatechange', () => {
            if (isCurrent(run) && ['failed', 'closed'].includes(peer.pc.connectionState)) stop();
          });
        }
        return { userId, realName, phase: 'listening', streams: run.peers.map((p) => p.stream) };
      });
    },
    [runSession, stop, isCurrent],
  );

  return { state: session.state, start, stop };
};
