import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { captureNameOf } from './recording.gateway.js';
import type { TBencode } from './sip.kamailio-rtpengine.js';

/**
 * What the media gateway still holds after a call, asked through its ng control socket: `list`
 * (the Call-IDs of its sessions) and `query` (one call: unknown once released), and what the call
 * left in the capture folder. Used by the end-path tests.
 */

type TCommand = (message: TBencode) => Promise<TBencode>;

/** A UDP port free on loopback now: the gateway's ng port, known to the server before it starts. */
export const freeNgPort = async () => {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => s.bind(0, '127.0.0.1', resolve));
  const { port } = s.address();
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
};

/** The Call-IDs of every session the gateway holds now (ng `list`). */
export const gatewayCallIds = async (command: TCommand): Promise<string[]> => {
  const reply = (await command({ command: 'list', limit: 1000 })) as { result?: string; calls?: string[] };
  expect(reply.result).toBe('ok');
  return reply.calls ?? [];
};

/** Whether the gateway knows the call (ng `query` answers an unknown Call-ID with an error). */
export const gatewayKnows = async (command: TCommand, callId: string) =>
  ((await command({ command: 'query', 'call-id': callId })) as { result?: string }).result === 'ok';

/** Waits until the gateway holds no session of these calls: none listed, none known to `query`. */
export const expectGatewayReleased = async (command: TCommand, callIds: string[], timeout = 5000) => {
  await expect
    .poll(async () => (await gatewayCallIds(command)).filter((id) => callIds.includes(id)), { timeout, interval: 100 })
    .toEqual([]);
  for (const id of callIds) expect(await gatewayKnows(command, id)).toBe(false);
};

/** The files a call left in the capture folder (pcaps/, metadata/ and the unfinished in tmp/). */
export const capturesOf = (dir: string, callId: string) => {
  const name = captureNameOf(callId);
  return ['pcaps', 'metadata', 'tmp'].flatMap((sub) => {
    const folder = path.join(dir, sub);
    return fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((n) => n.includes(name))
          .map((n) => `${sub}/${n}`)
      : [];
  });
};
