import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../../paths.js';
import { createDialogDb } from './sip.kamailio-dialogs.js';
import { bdecode, bencode, type TBencode } from './sip.kamailio-rtpengine.js';

/**
 * The step systemd runs before Kamailio (deploy/telephony): a first start gets an empty dialog
 * database; a start after a death marks the calls the dead one carried lost and has the gateway let
 * go of them, as the server's supervisor does for the Kamailio it starts.
 */
const script = path.join(repoRoot, 'apps/server/src/modules/telephony/sip.kamailio-prestart.ts');
const tsx = path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs');
/** Runs the step (asynchronously: the fake gateway below answers from this process meanwhile). */
const prestart = (...args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, [tsx, script, ...args], { encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });

/** A media gateway on loopback holding `calls`: answers list and records each delete. */
const fakeGateway = async (calls: string[]) => {
  const socket = dgram.createSocket('udp4');
  const deleted: string[] = [];
  socket.on('message', (data, from) => {
    const space = data.indexOf(' ');
    const message = bdecode(data.subarray(space + 1)) as Record<string, string>;
    if (message.command === 'delete') deleted.push(message['call-id']!);
    const answer: TBencode = message.command === 'list' ? { result: 'ok', calls } : { result: 'ok' };
    socket.send(`${data.subarray(0, space).toString('latin1')} ${bencode(answer)}`, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return { port: socket.address().port, deleted, close: () => socket.close() };
};

describe('sip.kamailio-prestart (systemd ExecStartPre)', () => {
  let dir: string;
  beforeEach(() => {
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-prestart-')), 'dialog-db');
  });
  afterEach(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('makes the dialog database on the first start', async () => {
    const run = await prestart(dir, 'udp:127.0.0.1:9');
    expect(run.status, run.stderr).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'version'), 'utf8')).toContain('dialog:7');
  });

  it('marks the answered calls of the Kamailio before lost and empties the gateway', async () => {
    createDialogDb(dir);
    const answered = [1, 10, 20, 'lost\\:call', 'sip\\:a@x', 'f', 'sip\\:b@y', 't', '1', '1', '', '', 'sip\\:a@x']
      .concat(['sip\\:b@y', 'udp\\:127.0.0.1\\:5060', 'udp\\:127.0.0.1\\:5060', '4', '1', '99999999999', '0', '0'])
      .concat(['', 'sip\\:b@y', ''])
      .join(':');
    fs.appendFileSync(path.join(dir, 'dialog'), `${answered}\n`);
    const gateway = await fakeGateway(['lost:call']);
    try {
      const run = await prestart(dir, `udp:127.0.0.1:${gateway.port}`);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('1 个将由 Kamailio 挂断两端，媒体网关释放 1 个');
      expect(gateway.deleted).toEqual(['lost:call']);
      expect(fs.readFileSync(path.join(dir, 'dialog_vars'), 'utf8')).toContain(':10:20:lost:1');
      expect(fs.readFileSync(path.join(dir, 'dialog'), 'utf8')).not.toContain(':99999999999:');
    } finally {
      gateway.close();
    }
  });

  it('refuses a gateway socket it cannot reach on loopback', async () => {
    expect((await prestart(dir, 'udp:10.0.0.5:22222')).status).toBe(2);
  });
});
