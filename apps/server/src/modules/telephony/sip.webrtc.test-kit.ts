import crypto from 'node:crypto';
import type { TSipLineConfig } from '@yunhu/contract';
import { expect } from 'vitest';
import { digestAnswer, openWebSocket, parseSip, type TSipMessage } from './sip-client.test-kit.js';

/**
 * A browser's call over the SIP WebSocket, written by hand for the media gateway's tests
 * (sip.kamailio-media.test.ts, sip.kamailio-recording.test.ts): Chromium's WebRTC offer, the
 * digest challenge answered, the answer ACKed, the hang-up through the route set. No DTLS: the
 * gateway's browser leg carries no media in these tests (the e2e tests have a real browser).
 */

/** An offer as Chromium makes it (unified plan, one audio m-line), its ICE candidate at `port`. */
export const webrtcOffer = (port: number) =>
  [
    'v=0',
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS stream',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111 63 9 0 8 13 110 126',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    `a=candidate:1 1 udp 2122260223 127.0.0.1 ${port} typ host generation 0`,
    'a=ice-ufrag:Yh7k',
    'a=ice-pwd:yunhumediagatewaytestpw1',
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${Array.from(crypto.randomBytes(32), (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')}`,
    'a=setup:actpass',
    'a=mid:0',
    'a=sendrecv',
    'a=msid:stream track',
    'a=rtcp-mux',
    'a=rtpmap:111 opus/48000/2',
    'a=rtcp-fb:111 transport-cc',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    'a=rtpmap:63 red/48000/2',
    'a=fmtp:63 111/111',
    'a=rtpmap:9 G722/8000',
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:8 PCMA/8000',
    'a=rtpmap:13 CN/8000',
    'a=rtpmap:110 telephone-event/48000',
    'a=rtpmap:126 telephone-event/8000',
    'a=ssrc:1001 cname:yunhu',
    '',
  ].join('\r\n');

const rand = () => crypto.randomBytes(8).toString('hex');

/**
 * A browser's call over the SIP WebSocket, by hand: INVITE with a WebRTC offer, the digest
 * challenge answered, the final answer ACKed; `bye()` ends it through the route set.
 */
export const webrtcCall = async (
  opts: {
    wsUrl: string;
    origin: string;
    /** Where the offer's ICE candidate points (nobody needs to answer there). */
    candidatePort: number;
    /** Called with a function that closes the WebSocket (the test's clean-up list). */
    onClose: (close: () => void) => void;
    /** More headers on the INVITE (the dial flow's X-Bind-Id). */
    headers?: string[];
    /** The caller gives up (CANCEL) as soon as it rings (180). */
    isCancelledOnRinging?: boolean;
  },
  c: TSipLineConfig,
  target: string,
) => {
  const seen: TSipMessage[] = [];
  const waiters: { match: (m: TSipMessage) => boolean; resolve: (m: TSipMessage) => void }[] = [];
  const ws = await openWebSocket(opts.wsUrl, opts.origin, (text) => {
    const msg = parseSip(text);
    seen.push(msg);
    for (const w of waiters.filter((w) => w.match(msg))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(msg);
    }
  });
  opts.onClose(() => ws.close());
  const next = (match: (m: TSipMessage) => boolean) =>
    new Promise<TSipMessage>((resolve, reject) => {
      const found = seen.find(match);
      if (found) {
        seen.splice(seen.indexOf(found), 1);
        return resolve(found);
      }
      const timer = setTimeout(() => reject(new Error('no answer within 8 s')), 8000);
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          seen.splice(seen.indexOf(m), 1);
          resolve(m);
        },
      });
    });
  const host = `${rand()}.invalid`;
  const uri = `sip:${target}@${c.realm}`;
  const from = `<sip:${c.key}@${c.realm}>;tag=${rand()}`;
  const callId = rand();
  const offer = webrtcOffer(opts.candidatePort);
  const request = (method: string, ruri: string, cseq: number, headers: string[], body = '', branch = rand()) =>
    [
      `${method} ${ruri} SIP/2.0`,
      `Via: SIP/2.0/WSS ${host};branch=z9hG4bK${branch}`,
      'Max-Forwards: 70',
      `From: ${from}`,
      `Call-ID: ${callId}`,
      `CSeq: ${cseq} ${method}`,
      ...headers,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ].join('\r\n');
  const invite = (cseq: number, extra: string[] = [], branch = rand()) =>
    request(
      'INVITE',
      uri,
      cseq,
      [
        `To: <${uri}>`,
        `Contact: <sip:${c.key}@${host};transport=ws>`,
        'Content-Type: application/sdp',
        ...(opts.headers ?? []),
        ...extra,
      ],
      offer,
      branch,
    );
  const finalTo = (cseq: number) => (m: TSipMessage) =>
    m.status !== null && m.status >= 200 && m.header('cseq') === `${cseq} INVITE`;
  ws.send(invite(1));
  const challenge = await next(finalTo(1));
  expect(challenge.status).toBe(407);
  ws.send(request('ACK', uri, 1, [`To: ${challenge.header('to')}`]));
  const credentials = digestAnswer({
    challenge: challenge.header('proxy-authenticate') ?? '',
    method: 'INVITE',
    uri,
    user: c.key,
    password: c.passWord,
  });
  // A CANCEL and the ACK of a refusal belong to the INVITE's transaction: its Via branch.
  const inviteBranch = rand();
  ws.send(invite(2, [`Proxy-Authorization: ${credentials}`], inviteBranch));
  if (opts.isCancelledOnRinging) {
    await next((m) => m.status === 180 && m.header('cseq') === '2 INVITE');
    ws.send(request('CANCEL', uri, 2, [`To: <${uri}>`], '', inviteBranch));
  }
  const answer = await next(finalTo(2));
  const to = answer.header('to') ?? '';
  const routes = answer
    .all('record-route')
    .reverse()
    .map((r) => `Route: ${r}`);
  const remote = /<([^>]+)>/.exec(answer.header('contact') ?? '')?.[1] ?? uri;
  if (answer.status === 200) ws.send(request('ACK', remote, 2, [`To: ${to}`, ...routes]));
  else ws.send(request('ACK', uri, 2, [`To: ${to}`], '', inviteBranch));
  return {
    offer,
    answer,
    callId,
    /** Hangs up (`headers`: e.g. a Reason); resolves with the BYE's final status. */
    bye: async (headers: string[] = []) => {
      ws.send(request('BYE', remote, 3, [`To: ${to}`, ...routes, ...headers]));
      return (await next((m) => m.status !== null && m.status >= 200 && m.header('cseq') === '3 BYE')).status;
    },
  };
};
