import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmedCallIds, createDialogDb, markLostDialogs, releaseGatewayCalls } from './sip.kamailio-dialogs.js';
import type { TBencode } from './sip.kamailio-rtpengine.js';

/**
 * What the supervisor does to the dialogs a dead Kamailio left in its run folder before the next
 * one loads them: the answered ones timed out and marked lost, the rest dropped, values db_text
 * could not load again left out. The full path (a real Kamailio killed during a call, the
 * carrier receiving the BYE): sip.kamailio-restart.test.ts.
 */

/** A dialog row as db_text writes it (':' separates columns, '\:' is a colon in a value). */
const dialogRow = (id: number, hash: [number, number], callId: string, state: number) =>
  [
    id,
    ...hash,
    callId,
    'sip\\:057188880001-12@sip.yunhu.test',
    `ftag${id}`,
    'sip\\:13900000000@sip.yunhu.test',
    state >= 3 ? `ttag${id}` : '',
    '2',
    '0',
    '',
    '<sip\\:127.0.0.1\\:5060;lr>',
    'sip\\:057188880001-12@a1b2.invalid;transport=ws',
    'sip\\:trunk@127.0.0.1\\:5080;transport=UDP',
    'tcp\\:127.0.0.1\\:5066',
    'udp\\:127.0.0.1\\:5060',
    state,
    1_796_170_000,
    1_796_184_400,
    0,
    0,
    '',
    'sip\\:13900000000@127.0.0.1\\:5080',
    '',
  ].join(':');

describe('markLostDialogs', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-dialogs-'));
    createDialogDb(dir);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const append = (table: string, rows: string[]) =>
    fs.appendFileSync(path.join(dir, table), rows.map((r) => `${r}\n`).join(''));
  const rowsOf = (table: string) => fs.readFileSync(path.join(dir, table), 'utf8').trim().split('\n').slice(1);

  it('names the confirmed dialogs a restart would end, not one answered but never confirmed', () => {
    append('dialog', [
      dialogRow(1, [10, 20], 'call\\:one@10.0.0.1', 4),
      dialogRow(2, [11, 21], 'answered-no-ack', 3),
      dialogRow(3, [12, 22], 'ringing', 2),
    ]);
    expect(confirmedCallIds(dir)).toEqual(['call:one@10.0.0.1']);
    expect(markLostDialogs(dir, 1_796_180_000)).toEqual(confirmedCallIds(path.join(dir)));
  });

  it('times out the answered dialogs, marks them lost and drops those still ringing', () => {
    append('dialog', [dialogRow(1, [10, 20], 'call\\:one@10.0.0.1', 4), dialogRow(2, [11, 21], 'ringing', 2)]);
    append('dialog_vars', [
      '1:10:20:bind:bf00',
      '2:10:20:pnumber:',
      '3:10:20:cid:call\\:one@10.0.0.1',
      '4:11:21:bind:bf01',
    ]);

    expect(markLostDialogs(dir, 1_796_171_234)).toEqual(['call:one@10.0.0.1']);

    const dialogs = rowsOf('dialog');
    expect(dialogs).toHaveLength(1);
    // Only the timeout changed (column 19).
    expect(dialogs[0]).toBe(dialogRow(1, [10, 20], 'call\\:one@10.0.0.1', 4).replace(':1796184400:', ':1796171234:'));
    // Its variables without the empty one (db_text would refuse to load it), and lost=1.
    expect(rowsOf('dialog_vars')).toEqual(['1:10:20:bind:bf00', '3:10:20:cid:call\\:one@10.0.0.1', '5:10:20:lost:1']);
  });

  it('ends a carrier call as the carrier knew it: From and To are the ones uac sent it, not the phone’s', () => {
    append('dialog', [dialogRow(1, [10, 20], 'to-carrier', 4), dialogRow(2, [11, 21], 'between-phones', 4)]);
    append('dialog_vars', [
      '1:10:20:_uac_fu:sip\\:057188880001-12@sip.yunhu.test',
      '2:10:20:_uac_funew:sip\\:02566660001@203.0.113.9',
      '3:10:20:_uac_to:sip\\:13900000000@sip.yunhu.test',
      '4:10:20:_uac_tonew:sip\\:13900000000@127.0.0.1',
    ]);

    markLostDialogs(dir, 100);

    const [carrier, phones] = rowsOf('dialog');
    expect(carrier).toContain(':sip\\:02566660001@203.0.113.9:ftag1:sip\\:13900000000@127.0.0.1:ttag1:');
    expect(carrier).not.toContain('057188880001-12@sip.yunhu.test');
    // A call that never went through uac keeps its own.
    expect(phones).toBe(dialogRow(2, [11, 21], 'between-phones', 4).replace(':1796184400:', ':100:'));
  });

  it('marks a dialog lost once when Kamailio dies again before ending it', () => {
    append('dialog', [dialogRow(1, [10, 20], 'again', 4)]);
    markLostDialogs(dir, 100);
    expect(markLostDialogs(dir, 200)).toEqual(['again']);
    expect(rowsOf('dialog_vars').filter((r) => r.includes(':lost:'))).toHaveLength(1);
  });

  it('finds nothing in an empty or missing database', () => {
    expect(markLostDialogs(dir, 100)).toEqual([]);
    expect(markLostDialogs(path.join(dir, 'absent'), 100)).toEqual([]);
  });
});

describe('releaseGatewayCalls', () => {
  it('deletes every call the gateway lists', async () => {
    const sent: Record<string, TBencode>[] = [];
    const command = async (message: TBencode): Promise<TBencode> => {
      const m = message as Record<string, TBencode>;
      sent.push(m);
      return m.command === 'list' ? { result: 'ok', calls: ['a@x', 'b'] } : { result: 'ok' };
    };
    expect(await releaseGatewayCalls(command)).toEqual(['a@x', 'b']);
    expect(sent.slice(1)).toEqual([
      { command: 'delete', 'call-id': 'a@x' },
      { command: 'delete', 'call-id': 'b' },
    ]);
  });
});
