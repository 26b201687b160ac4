/**
 * A receive-only RTCPeerConnection answering the media gateway's offer (rtpengine 10.5 `subscribe
 * request`): 监听 (one per party of the call, on 实时监控) and the agent's soft-phone hearing 耳语 /
 * 强插. Shared by both features, so it sits in the shared kit.
 *
 * Order matters. The offer's candidates are held back until the gateway has the page's answer:
 * otherwise the browser starts ICE at once, the gateway answers its checks before it knows the
 * answer (rtpengine's ICE agent replies with its own credentials alone), the browser's DTLS
 * ClientHello reaches a subscription whose role and fingerprint are not set yet, and now and then
 * that connection completed ICE and never DTLS. So: remote offer without candidates → local answer
 * with all its candidates gathered → answer posted (`subscribe answer`) → the gateway's candidates
 * added → ICE → DTLS with the browser as the client (the offer says setup:passive).
 */

/** How long one party may take from its answer to `connected` before the page tries it again. */
export const partyConnectMs = 6000;
/** How long the page waits for its own candidates (host only, no STUN: a few milliseconds). */
const gatherMs = 2000;

/** The offer without its candidate lines, and those lines as the browser's addIceCandidate takes them. */
export const splitCandidates = (sdp: string): { sdp: string; candidates: string[]; mid: string } => {
  const lines = sdp.split(/\r?\n/).filter((l) => l !== '');
  const candidates = lines.filter((l) => l.startsWith('a=candidate:')).map((l) => l.slice(2));
  const kept = lines.filter((l) => !l.startsWith('a=candidate:') && l !== 'a=end-of-candidates');
  const mid = /^a=mid:(\S+)$/m.exec(sdp)?.[1] ?? '0';
  return { sdp: `${kept.join('\r\n')}\r\n`, candidates, mid };
};

const waitFor = (pc: RTCPeerConnection, ready: () => boolean, events: string[], ms: number) =>
  new Promise<boolean>((resolve) => {
    if (ready()) return resolve(true);
    const check = () => {
      if (!ready()) return;
      done(true);
    };
    const timer = window.setTimeout(() => done(false), ms);
    const done = (ok: boolean) => {
      window.clearTimeout(timer);
      for (const e of events) pc.removeEventListener(e, check);
      resolve(ok);
    };
    for (const e of events) pc.addEventListener(e, check);
  });

export type TPartyPeer = { pc: RTCPeerConnection; stream: MediaStream };

/**
 * Connects one party: resolves once the connection is `connected` (ICE and DTLS), null when it did
 * not get there within partyConnectMs (the caller closes nothing: the returned close is done here).
 */
export const connectParty = async (
  offer: string,
  postAnswer: (sdp: string) => Promise<unknown>,
): Promise<TPartyPeer | null> => {
  const pc = new RTCPeerConnection({ iceServers: [], rtcpMuxPolicy: 'require' });
  const stream = new MediaStream();
  pc.addEventListener('track', (e) => stream.addTrack(e.track));
  try {
    const { sdp, candidates, mid } = splitCandidates(offer);
    await pc.setRemoteDescription({ type: 'offer', sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await waitFor(pc, () => pc.iceGatheringState === 'complete', ['icegatheringstatechange'], gatherMs);
    await postAnswer(pc.localDescription!.sdp);
    for (const candidate of candidates) await pc.addIceCandidate({ candidate, sdpMid: mid, sdpMLineIndex: 0 });
    const ok = await waitFor(pc, () => pc.connectionState === 'connected', ['connectionstatechange'], partyConnectMs);
    if (ok) return { pc, stream };
  } catch (error) {
    pc.close();
    throw error;
  }
  pc.close();
  return null;
};
