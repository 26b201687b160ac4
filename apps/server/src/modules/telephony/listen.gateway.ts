import { ngCommand, type TBencode } from './sip.kamailio-rtpengine.js';

/**
 * 监听 at the media gateway: rtpengine 10.5's ng commands `subscribe request`,
 * `subscribe answer` and `unsubscribe` (Kamailio's rtpengine module has none, so the server
 * speaks ng itself on the gateway's control port, MEDIA_NG_PORT). One subscription per party of the
 * call: with both parties in one (`all`), rtpengine 10.5 offers two m-lines with the same a=mid,
 * which a browser refuses. A subscription only copies a party's packets to the listener: the call's
 * own legs are untouched.
 */

/** How the listener receives: a browser (ICE, DTLS-SRTP, rtcp-mux) or plain RTP (tests, a recorder). */
export type TListenProfile = 'webrtc' | 'rtp';

const profileFlags: Record<TListenProfile, Record<string, TBencode>> = {
  webrtc: {
    'transport-protocol': 'UDP/TLS/RTP/SAVPF',
    ICE: 'force',
    SDES: ['off'],
    'rtcp-mux': ['require'],
  },
  // PCMA offered beside the party's own codecs (a plain listener answers the browser's Opus party
  // with PCMA: the gateway transcodes).
  rtp: {
    'transport-protocol': 'RTP/AVP',
    ICE: 'remove',
    DTLS: 'off',
    'rtcp-mux': ['demux'],
    codec: { transcode: ['PCMA'] },
  },
};

export class ListenGatewayError extends Error {}

type TDict = Record<string, TBencode>;

export const createListenGateway = (command: (message: TBencode) => Promise<TBencode>) => {
  const ng = async (message: TDict): Promise<TDict> => {
    const reply = (await command(message).catch((error: Error) => {
      throw new ListenGatewayError(error.message);
    })) as TDict;
    if (reply.result !== 'ok') throw new ListenGatewayError(String(reply['error-reason'] ?? reply.result));
    return reply;
  };

  return {
    /**
     * The from-tags of the call's two parties: the monologues in an offer/answer relation (a
     * listener's monologue is only a subscriber). None when the gateway does not know the call.
     */
    parties: async (callId: string): Promise<string[]> => {
      const reply = await ng({ command: 'query', 'call-id': callId }).catch(() => null);
      const tags = (reply?.tags ?? {}) as Record<string, TDict>;
      return Object.entries(tags)
        .filter(([, m]) => ((m.subscriptions ?? []) as TDict[]).some((s) => s.type === 'offer/answer'))
        .map(([tag]) => tag);
    },
    /** Subscribes to one party: the gateway's offer and the listener's tag (its `to-tag`). */
    subscribe: async (callId: string, fromTag: string, profile: TListenProfile) => {
      const reply = await ng({
        command: 'subscribe request',
        'call-id': callId,
        'from-tag': fromTag,
        ...profileFlags[profile],
      });
      const sdp = String(reply.sdp);
      // The browser is to be the DTLS client, as on the call's own browser legs (rtpengine's
      // --dtls-passive): rtpengine 10.5 offers a subscription actpass whatever the DTLS flag says,
      // and with actpass one of the page's two connections now and then never finished its handshake.
      return {
        toTag: String(reply['to-tag']),
        sdp: profile === 'webrtc' ? sdp.replace(/^a=setup:actpass$/m, 'a=setup:passive') : sdp,
      };
    },
    /**
     * Brings a new source into the call (rtpengine 10.5 `publish`): the gateway answers the
     * sender's offer; the stream reaches only who subscribes to `fromTag` (never the call's own
     * parties, and `parties` does not count it). The path for 耳语 (whisper): the manager publishes,
     * the agent's side subscribes, the customer's leg never receives it.
     */
    publish: async (callId: string, fromTag: string, sdp: string, profile: TListenProfile) => {
      const { codec: _transcode, ...flags } = profileFlags[profile];
      const reply = await ng({ command: 'publish', 'call-id': callId, 'from-tag': fromTag, sdp, ...flags });
      return { sdp: String(reply.sdp) };
    },
    answer: async (callId: string, toTag: string, sdp: string) => {
      await ng({ command: 'subscribe answer', 'call-id': callId, 'to-tag': toTag, sdp });
    },
    unsubscribe: async (callId: string, toTag: string) => {
      await ng({ command: 'unsubscribe', 'call-id': callId, 'to-tag': toTag });
    },
    /**
     * Ends a call at the gateway whatever still holds it: a delete without a from-tag drops every
     * monologue (both parties, the listeners' subscriptions, the published whispers) and closes the
     * call's capture. Kamailio's delete names one party, and the gateway keeps a call alive while
     * anything else still subscribes to it. A call already gone is no error.
     */
    release: async (callId: string) => {
      await command({ command: 'delete', 'call-id': callId }).catch((error: Error) => {
        throw new ListenGatewayError(error.message);
      });
    },
  };
};

export type TListenGateway = ReturnType<typeof createListenGateway>;

/** The gateway on its loopback control port (MEDIA_NG_PORT). */
export const listenGatewayAt = (ngPort: number) => createListenGateway((message) => ngCommand(ngPort, message));
