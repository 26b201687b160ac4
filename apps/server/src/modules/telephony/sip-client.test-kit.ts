import crypto from 'node:crypto';
import net from 'node:net';

/**
 * A minimal SIP-over-WebSocket phone for tests (RFC 6455 client + RFC 3261 requests + RFC 2617
 * digest), written by hand because Node 20 has no WebSocket client and the point is to speak the
 * protocol Kamailio sees from JsSIP. It registers, calls and answers with a fixed status; no media.
 */

export type TSipMessage = {
  /** Set for responses. */
  status: number | null;
  /** Set for requests. */
  method: string | null;
  requestUri: string | null;
  headers: [string, string][];
  body: string;
  header: (name: string) => string | undefined;
  all: (name: string) => string[];
};

const compactNames: Record<string, string> = {
  v: 'via',
  f: 'from',
  t: 'to',
  i: 'call-id',
  m: 'contact',
  l: 'content-length',
  c: 'content-type',
  k: 'supported',
};

export const parseSip = (raw: string): TSipMessage => {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const [startLine = '', ...lines] = head.split('\r\n');
  const headers: [string, string][] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.push([compactNames[name] ?? name, line.slice(colon + 1).trim()]);
  }
  const isResponse = startLine.startsWith('SIP/2.0 ');
  const parts = startLine.split(' ');
  const all = (name: string) => headers.filter(([n]) => n === name.toLowerCase()).map(([, v]) => v);
  return {
    status: isResponse ? Number(parts[1]) : null,
    method: isResponse ? null : (parts[0] ?? null),
    requestUri: isResponse ? null : (parts[1] ?? null),
    headers,
    body,
    header: (name) => all(name)[0],
    all,
  };
};

/** A final response to `req` (its Vias, From, To with a tag, Call-ID, CSeq), without a body. */
export const sipResponse = (req: TSipMessage, status: number, reason: string): string => {
  const to = req.header('to') ?? '';
  return [
    `SIP/2.0 ${status} ${reason}`,
    ...req.all('via').map((v) => `Via: ${v}`),
    ...req.all('record-route').map((r) => `Record-Route: ${r}`),
    `From: ${req.header('from')}`,
    `To: ${/;tag=/.test(to) ? to : `${to};tag=${crypto.randomBytes(6).toString('hex')}`}`,
    `Call-ID: ${req.header('call-id')}`,
    `CSeq: ${req.header('cseq')}`,
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
};

// ---- WebSocket (client side of RFC 6455, text frames only) -------------------------------------

const wsGuid = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

type TWebSocket = { send: (text: string) => void; close: () => void };

/** Opens ws://host:port/ with the `sip` sub-protocol; rejects with the HTTP status on refusal. */
export const openWebSocket = (url: string, origin: string, onText: (text: string) => void): Promise<TWebSocket> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    const key = crypto.randomBytes(16).toString('base64');
    let buffer = Buffer.alloc(0);
    let isOpen = false;
    let fragments: Buffer[] = [];

    const frame = (opcode: number, payload: Buffer) => {
      const mask = crypto.randomBytes(4);
      const len = payload.length;
      const head =
        len < 126
          ? Buffer.from([0x80 | opcode, 0x80 | len])
          : len < 65_536
            ? Buffer.from([0x80 | opcode, 0x80 | 126, len >> 8, len & 0xff])
            : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), bigLength(len)]);
      const masked = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
      socket.write(Buffer.concat([head, mask, masked]));
    };
    const bigLength = (len: number) => {
      const b = Buffer.alloc(8);
      b.writeBigUInt64BE(BigInt(len));
      return b;
    };

    const readFrames = () => {
      for (;;) {
        if (buffer.length < 2) return;
        const fin = (buffer[0]! & 0x80) !== 0;
        const opcode = buffer[0]! & 0x0f;
        const isMasked = (buffer[1]! & 0x80) !== 0;
        let len = buffer[1]! & 0x7f;
        let offset = 2;
        if (len === 126) {
          if (buffer.length < 4) return;
          len = buffer.readUInt16BE(2);
          offset = 4;
        } else if (len === 127) {
          if (buffer.length < 10) return;
          len = Number(buffer.readBigUInt64BE(2));
          offset = 10;
        }
        const maskKey = isMasked ? buffer.subarray(offset, offset + 4) : null;
        if (maskKey) offset += 4;
        if (buffer.length < offset + len) return;
        let payload = Buffer.from(buffer.subarray(offset, offset + len));
        if (maskKey) payload = Buffer.from(payload.map((b, i) => b ^ maskKey[i % 4]!));
        buffer = buffer.subarray(offset + len);
        if (opcode === 0x8) {
          socket.end();
          return;
        }
        if (opcode === 0x9) frame(0xa, payload);
        if (opcode === 0x1 || opcode === 0x2 || opcode === 0x0) {
          fragments.push(payload);
          if (fin) {
            onText(Buffer.concat(fragments).toString('utf8'));
            fragments = [];
          }
        }
      }
    };

    socket.on('connect', () => {
      socket.write(
        [
          'GET / HTTP/1.1',
          `Host: ${hostname}:${port}`,
          'Upgrade: websocket',
          'Connection: Upgrade',
          `Sec-WebSocket-Key: ${key}`,
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Protocol: sip',
          `Origin: ${origin}`,
          '',
          '',
        ].join('\r\n'),
      );
    });
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!isOpen) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        buffer = buffer.subarray(end + 4);
        const status = Number(head.split(' ')[1]);
        const accept = /sec-websocket-accept:\s*(\S+)/i.exec(head)?.[1];
        const expected = crypto
          .createHash('sha1')
          .update(key + wsGuid)
          .digest('base64');
        if (status !== 101 || accept !== expected) {
          socket.destroy();
          reject(Object.assign(new Error(`WebSocket handshake refused: HTTP ${status}`), { status }));
          return;
        }
        isOpen = true;
        resolve({
          send: (text) => frame(0x1, Buffer.from(text, 'utf8')),
          close: () => {
            if (!socket.destroyed) frame(0x8, Buffer.alloc(0));
            socket.end();
          },
        });
      }
      readFrames();
    });
    socket.on('error', (error) => {
      if (!isOpen) reject(error);
    });
  });

// ---- SIP ----------------------------------------------------------------------------------------

const rand = (n = 10) => crypto.randomBytes(n).toString('hex');
const md5 = (s: string) => crypto.createHash('md5').update(s).digest('hex');

/** The Authorization / Proxy-Authorization value answering a digest challenge (RFC 2617, qop=auth). */
export const digestAnswer = (opts: {
  challenge: string;
  method: string;
  uri: string;
  user: string;
  password: string;
}): string => {
  const param = (name: string) => new RegExp(`${name}="?([^",]+)"?`, 'i').exec(opts.challenge)?.[1];
  const realm = param('realm') ?? '';
  const nonce = param('nonce') ?? '';
  const qop = param('qop');
  const opaque = param('opaque');
  const ha1 = md5(`${opts.user}:${realm}:${opts.password}`);
  const ha2 = md5(`${opts.method}:${opts.uri}`);
  const cnonce = rand(8);
  const nc = '00000001';
  const response = qop ? md5(`${ha1}:${nonce}:${nc}:${cnonce}:auth:${ha2}`) : md5(`${ha1}:${nonce}:${ha2}`);
  return [
    `Digest username="${opts.user}"`,
    `realm="${realm}"`,
    `nonce="${nonce}"`,
    `uri="${opts.uri}"`,
    `response="${response}"`,
    'algorithm=MD5',
    ...(qop ? ['qop=auth', `nc=${nc}`, `cnonce="${cnonce}"`] : []),
    ...(opaque ? [`opaque="${opaque}"`] : []),
  ].join(', ');
};

export type TSipPhone = Awaited<ReturnType<typeof openSipPhone>>;

/**
 * A phone registered (or not) as sip:<user>@<domain> over one WebSocket, like JsSIP in the page.
 * Incoming INVITEs are kept in `invites` and answered 486 Busy Here: enough to prove a call
 * reached it and its answer went back.
 */
export const openSipPhone = async (opts: {
  wsUrl: string;
  origin: string;
  domain: string;
  user: string;
  password: string;
  timeoutMs?: number;
}) => {
  const timeoutMs = opts.timeoutMs ?? 8000;
  const contactHost = `${rand(6)}.invalid`;
  const aor = `sip:${opts.user}@${opts.domain}`;
  const pending = new Map<string, (res: TSipMessage) => void>();
  const invites: TSipMessage[] = [];
  const inviteWaiters: ((req: TSipMessage) => void)[] = [];
  let cseq = 1;

  const ws = await openWebSocket(opts.wsUrl, opts.origin, (text) => {
    const msg = parseSip(text);
    if (msg.status !== null) {
      const key = `${msg.header('call-id')} ${msg.header('cseq')}`;
      if (msg.status >= 200) pending.get(key)?.(msg);
      return;
    }
    if (msg.method === 'INVITE') {
      invites.push(msg);
      for (const w of inviteWaiters.splice(0)) w(msg);
      ws.send(sipResponse(msg, 486, 'Busy Here'));
    }
  });

  /** Sends one request and waits for its final response. */
  const transact = (method: string, uri: string, headers: string[], body = '') => {
    const callId = headers.find((h) => h.startsWith('Call-ID: '))!.slice(9);
    const cseqValue = `${cseq++} ${method}`;
    const branch = `z9hG4bK${rand(8)}`;
    const lines = [
      `${method} ${uri} SIP/2.0`,
      `Via: SIP/2.0/WS ${contactHost};branch=${branch}`,
      'Max-Forwards: 70',
      ...headers,
      `CSeq: ${cseqValue}`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      '',
      body,
    ];
    const key = `${callId} ${cseqValue}`;
    return new Promise<{ res: TSipMessage; branch: string; cseq: string }>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(key);
        reject(new Error(`no final response to ${method} ${uri} within ${timeoutMs} ms`));
      }, timeoutMs);
      pending.set(key, (res) => {
        clearTimeout(timer);
        pending.delete(key);
        resolve({ res, branch, cseq: cseqValue });
      });
      ws.send(lines.join('\r\n'));
    });
  };

  /** ACK for a non-2xx final answer to an INVITE (same branch, RFC 3261 17.1.1.3). */
  const ackFailure = (uri: string, sent: { branch: string; cseq: string }, res: TSipMessage, from: string) => {
    ws.send(
      [
        `ACK ${uri} SIP/2.0`,
        `Via: SIP/2.0/WS ${contactHost};branch=${sent.branch}`,
        'Max-Forwards: 70',
        `From: ${from}`,
        `To: ${res.header('to')}`,
        `Call-ID: ${res.header('call-id')}`,
        `CSeq: ${sent.cseq.split(' ')[0]} ACK`,
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    );
  };

  /**
   * Sends a request, answers one 401/407 challenge with the digest of `password`, and returns
   * every final response in order (the challenge first when there was one).
   */
  const withDigest = async (
    method: string,
    uri: string,
    headers: string[],
    body = '',
    password = opts.password,
    from = '',
  ) => {
    const first = await transact(method, uri, headers, body);
    if (method === 'INVITE') ackFailure(uri, first, first.res, from);
    if (first.res.status !== 401 && first.res.status !== 407) return [first.res];
    const challenge = first.res.header(first.res.status === 401 ? 'www-authenticate' : 'proxy-authenticate') ?? '';
    const credentials = digestAnswer({ challenge, method, uri, user: opts.user, password });
    const name = first.res.status === 401 ? 'Authorization' : 'Proxy-Authorization';
    const second = await transact(method, uri, [...headers, `${name}: ${credentials}`], body);
    if (method === 'INVITE' && (second.res.status ?? 0) >= 300) ackFailure(uri, second, second.res, from);
    return [first.res, second.res];
  };

  const registerCallId = rand();
  const registerTag = rand(6);

  return {
    user: opts.user,
    invites,
    /** Registers (expires 200, spec section 9); returns the final responses, challenge first. */
    register: (password = opts.password, expires = 200) =>
      withDigest(
        'REGISTER',
        `sip:${opts.domain}`,
        [
          `From: <${aor}>;tag=${registerTag}`,
          `To: <${aor}>`,
          `Call-ID: ${registerCallId}`,
          `Contact: <sip:${opts.user}@${contactHost};transport=ws>;expires=${expires}`,
          `Expires: ${expires}`,
        ],
        '',
        password,
      ),
    /**
     * Calls sip:<target>@<domain> with a minimal SDP offer (and `extraHeaders`, e.g. the dial
     * flow's X-Bind-Id); returns the final responses.
     */
    invite: (target: string, password = opts.password, extraHeaders: string[] = []) => {
      const from = `<${aor}>;tag=${rand(6)}`;
      const sdp = [
        'v=0',
        `o=- ${Date.now()} 1 IN IP4 127.0.0.1`,
        's=-',
        'c=IN IP4 127.0.0.1',
        't=0 0',
        'm=audio 9 RTP/AVP 0',
        'a=rtpmap:0 PCMU/8000',
        '',
      ].join('\r\n');
      return withDigest(
        'INVITE',
        `sip:${target}@${opts.domain}`,
        [
          `From: ${from}`,
          `To: <sip:${target}@${opts.domain}>`,
          `Call-ID: ${rand()}`,
          `Contact: <sip:${opts.user}@${contactHost};transport=ws>`,
          'Content-Type: application/sdp',
          ...extraHeaders,
        ],
        sdp,
        password,
        from,
      );
    },
    /** The next INVITE this phone receives. */
    nextInvite: () =>
      new Promise<TSipMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no INVITE arrived')), timeoutMs);
        inviteWaiters.push((req) => {
          clearTimeout(timer);
          resolve(req);
        });
      }),
    close: () => ws.close(),
  };
};

/** Opens only the WebSocket handshake; resolves with the HTTP status Kamailio answered. */
export const handshakeStatus = async (wsUrl: string, origin: string): Promise<number> => {
  try {
    const ws = await openWebSocket(wsUrl, origin, () => undefined);
    ws.close();
    return 101;
  } catch (error) {
    return (error as { status?: number }).status ?? 0;
  }
};
