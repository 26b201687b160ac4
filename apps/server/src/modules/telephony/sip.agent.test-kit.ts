import crypto from 'node:crypto';
import type { TSipLineConfig } from '@yunhu/contract';
import { expect } from 'vitest';
import { webrtcOffer } from './sip.webrtc.test-kit.js';
import { digestAnswer, openWebSocket, parseSip, sipResponse, type TSipMessage } from './sip-client.test-kit.js';

const rand = () => crypto.randomBytes(8).toString('hex');

/**
 * A browser agent over the SIP WebSocket, by hand: every frame it receives is kept (`frames`);
 * it registers, calls (answering the digest challenge, ACKing the answer), answers incoming
 * INVITEs 200 with a WebRTC answer (or refuses them with `refuse`, e.g. 486 busy), and answers
 * in-dialog BYEs 200.
 */
export const openAgent = async (
  wsUrl: string,
  origin: string,
  c: TSipLineConfig,
  silentPort: number,
  opts: { refuse?: { status: number; reason: string } } = {},
) => {
  const frames: string[] = [];
  const seen: TSipMessage[] = [];
  const waiters: { match: (m: TSipMessage) => boolean; resolve: (m: TSipMessage) => void }[] = [];
  const host = `${rand()}.invalid`;
  const contact = `<sip:${c.key}@${host};transport=ws>`;
  const deliver = (msg: TSipMessage) => {
    const w = waiters.find((x) => x.match(msg));
    if (w) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(msg);
    } else seen.push(msg);
  };
  const ws = await openWebSocket(wsUrl, origin, (text) => {
    frames.push(text);
    const msg = parseSip(text);
    if (msg.method === 'INVITE' && opts.refuse) {
      ws.send(sipResponse(msg, opts.refuse.status, opts.refuse.reason));
    } else if (msg.method === 'INVITE') {
      // A browser's answer: its offer's shape, DTLS active.
      const body = webrtcOffer(silentPort).replace('a=setup:actpass', 'a=setup:active');
      const ok = sipResponse(msg, 200, 'OK').replace(
        'Content-Length: 0\r\n\r\n',
        `Contact: ${contact}\r\nContent-Type: application/sdp\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      ws.send(ok);
    } else if (msg.method === 'BYE') {
      ws.send(sipResponse(msg, 200, 'OK'));
    }
    deliver(msg);
  });
  const next = (match: (m: TSipMessage) => boolean, timeoutMs = 10_000) =>
    new Promise<TSipMessage>((resolve, reject) => {
      const found = seen.find(match);
      if (found) {
        seen.splice(seen.indexOf(found), 1);
        return resolve(found);
      }
      const timer = setTimeout(() => reject(new Error('no such SIP message within the time')), timeoutMs);
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  const finalTo = (cseq: string) => (m: TSipMessage) =>
    m.status !== null && m.status >= 200 && m.header('cseq') === cseq;

  const request =
    (o: { method: string; ruri: string; cseq: number; from: string; callId: string; headers: string[] }) =>
    (body = '', branch = rand()) =>
      [
        `${o.method} ${o.ruri} SIP/2.0`,
        `Via: SIP/2.0/WS ${host};branch=z9hG4bK${branch}`,
        'Max-Forwards: 70',
        `From: ${o.from}`,
        `Call-ID: ${o.callId}`,
        `CSeq: ${o.cseq} ${o.method}`,
        ...o.headers,
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n');

  return {
    frames,
    next,
    register: async () => {
      const aor = `sip:${c.key}@${c.realm}`;
      const callId = rand();
      const base = { method: 'REGISTER', ruri: `sip:${c.realm}`, from: `<${aor}>;tag=${rand()}`, callId };
      const headers = [`To: <${aor}>`, `Contact: ${contact};expires=200`, 'Expires: 200'];
      ws.send(request({ ...base, cseq: 1, headers })());
      const challenge = await next(finalTo('1 REGISTER'));
      const auth = digestAnswer({
        challenge: challenge.header('www-authenticate') ?? '',
        method: 'REGISTER',
        uri: base.ruri,
        user: c.key,
        password: c.passWord,
      });
      ws.send(request({ ...base, cseq: 2, headers: [...headers, `Authorization: ${auth}`] })());
      return (await next(finalTo('2 REGISTER'))).status;
    },
    /** Calls `target` (a number or a bind id) with `extra` headers; returns the final answer. */
    call: async (target: string, extra: string[] = []) => {
      const uri = `sip:${target}@${c.realm}`;
      const from = `<sip:${c.key}@${c.realm}>;tag=${rand()}`;
      const callId = rand();
      const offer = webrtcOffer(silentPort);
      const headers = [`To: <${uri}>`, `Contact: ${contact}`, 'Content-Type: application/sdp', ...extra];
      ws.send(request({ method: 'INVITE', ruri: uri, cseq: 1, from, callId, headers })(offer));
      const challenge = await next(finalTo('1 INVITE'));
      expect(challenge.status).toBe(407);
      ws.send(
        request({ method: 'ACK', ruri: uri, cseq: 1, from, callId, headers: [`To: ${challenge.header('to')}`] })(),
      );
      const credentials = digestAnswer({
        challenge: challenge.header('proxy-authenticate') ?? '',
        method: 'INVITE',
        uri,
        user: c.key,
        password: c.passWord,
      });
      const authed = [...headers, `Proxy-Authorization: ${credentials}`];
      ws.send(request({ method: 'INVITE', ruri: uri, cseq: 2, from, callId, headers: authed })(offer));
      const answer = await next(finalTo('2 INVITE'), 15_000);
      const to = answer.header('to') ?? '';
      const routes = answer
        .all('record-route')
        .reverse()
        .map((r) => `Route: ${r}`);
      const remote = /<([^>]+)>/.exec(answer.header('contact') ?? '')?.[1] ?? uri;
      if (answer.status === 200) {
        ws.send(request({ method: 'ACK', ruri: remote, cseq: 2, from, callId, headers: [`To: ${to}`, ...routes] })());
      } else {
        ws.send(request({ method: 'ACK', ruri: uri, cseq: 2, from, callId, headers: [`To: ${to}`] })());
      }
      return {
        answer,
        callId,
        bye: async () => {
          ws.send(request({ method: 'BYE', ruri: remote, cseq: 3, from, callId, headers: [`To: ${to}`, ...routes] })());
          return (await next(finalTo('3 BYE'))).status;
        },
      };
    },
    close: () => ws.close(),
  };
};
export type TAgent = Awaited<ReturnType<typeof openAgent>>;
