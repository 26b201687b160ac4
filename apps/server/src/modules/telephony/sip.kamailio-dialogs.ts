import fs from 'node:fs';
import path from 'node:path';
import type { TBencode } from './sip.kamailio-rtpengine.js';

/**
 * The calls a Kamailio carried when it died, ended by the one started after it: Kamailio keeps
 * its dialogs in a text database in its run folder (kamailio.cfg WITH_DIALOG_DB, written to disk
 * at each call's ACK and every second); before the supervisor (or systemd's ExecStartPre,
 * sip.kamailio-prestart.ts) starts it again, each dialog there is marked lost and
 * timed out, so the new Kamailio loads it and at once sends a BYE to both legs (the carrier's
 * included), and the media gateway lets go of every call it held, which closes their captures so
 * the server turns them into the recordings of the records it ends on the restart event.
 */

/** The text tables of Kamailio 5.6's dialog module (dialog version 7, dialog_vars version 1). */
const tables = {
  version: 'id(int,auto) table_name(string) table_version(int) \n0:dialog:7\n0:dialog_vars:1\n',
  dialog:
    'id(int,auto) hash_entry(int) hash_id(int) callid(string) from_uri(string) from_tag(string) to_uri(string) to_tag(string) caller_cseq(string) callee_cseq(string) caller_route_set(string,null) callee_route_set(string,null) caller_contact(string) callee_contact(string) caller_sock(string) callee_sock(string) state(int) start_time(int) timeout(int) sflags(int) iflags(int) toroute_name(string,null) req_uri(string) xdata(string,null) \n',
  dialog_vars: 'id(int,auto) hash_entry(int) hash_id(int) dialog_key(string) dialog_value(string) \n',
};

/** Makes the empty dialog database in `dir` (Kamailio's YH_DIALOG_DB). */
export const createDialogDb = (dir: string) => {
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(tables)) fs.writeFileSync(path.join(dir, name), text);
};

/** Splits a db_text row at its unescaped column separators (':'; '\' escapes). */
const columnsOf = (row: string): string[] => {
  const columns: string[] = [];
  let current = '';
  for (let i = 0; i < row.length; i++) {
    const c = row[i]!;
    if (c === '\\' && i + 1 < row.length) {
      current += c + row[i + 1];
      i++;
    } else if (c === ':') {
      columns.push(current);
      current = '';
    } else current += c;
  }
  columns.push(current);
  return columns;
};

const readTable = (file: string) => {
  const [header = '', ...rows] = fs.readFileSync(file, 'utf8').split('\n');
  const names = header
    .trim()
    .split(/\s+/)
    .map((c) => c.replace(/\(.*$/, ''));
  return { header, names, rows: rows.filter((r) => r.trim() !== '').map(columnsOf) };
};

/**
 * The From and To URIs uac put on a call toward the carrier (its dialog variables `_uac_funew` and
 * `_uac_tonew`, kept there by restore_dlg), per dialog key: the BYE a new Kamailio sends the
 * carrier must name the dialog as the carrier knows it, our 外显号码, never the phone's key.
 */
const uacReplacements = (rows: string[][]) => {
  const byDialog = new Map<string, { from?: string; to?: string }>();
  for (const [, entry, id, name, value] of rows) {
    if (!value || (name !== '_uac_funew' && name !== '_uac_tonew')) continue;
    const key = `${entry}:${id}`;
    byDialog.set(key, { ...byDialog.get(key), [name === '_uac_funew' ? 'from' : 'to']: value });
  }
  return byDialog;
};

/** The dialog's state once both sides confirmed it (dialog module DLG_STATE_CONFIRMED). */
const confirmed = 4;

/**
 * Marks every answered dialog in the database `dir` lost: its timeout now (`nowSeconds`), so the
 * next Kamailio ends it with a BYE to both legs (send_bye), and `lost=1` among its variables, so
 * its end is not reported again (the server ended the record on the restart event). Calls not yet
 * answered are dropped (nothing can end them but their own CANCEL or timeout). Answers the
 * Call-IDs of the dialogs marked.
 */
export const markLostDialogs = (dir: string, nowSeconds: number): string[] => {
  const dialogFile = path.join(dir, 'dialog');
  const varsFile = path.join(dir, 'dialog_vars');
  if (!fs.existsSync(dialogFile) || !fs.existsSync(varsFile)) return [];
  const dialogs = readTable(dialogFile);
  const vars = readTable(varsFile);
  const col = (name: string) => dialogs.names.indexOf(name);
  const [state, timeout, hashEntry, hashId, callId] = ['state', 'timeout', 'hash_entry', 'hash_id', 'callid'].map(col);
  const answered = dialogs.rows.filter((r) => Number(r[state!]) === confirmed);
  const sentAs = uacReplacements(vars.rows);
  for (const row of answered) {
    row[timeout!] = String(nowSeconds);
    const uac = sentAs.get(`${row[hashEntry!]}:${row[hashId!]}`);
    if (uac?.from) row[col('from_uri')] = uac.from;
    if (uac?.to) row[col('to_uri')] = uac.to;
  }
  fs.writeFileSync(dialogFile, `${dialogs.header}\n${answered.map((r) => `${r.join(':')}\n`).join('')}`);

  const keys = new Set(answered.map((r) => `${r[hashEntry!]}:${r[hashId!]}`));
  // db_text writes an empty value as nothing, which it then refuses to load (the column is not null).
  const kept = vars.rows.filter((r) => keys.has(`${r[1]}:${r[2]}`) && r[3] !== 'lost' && r[4]);
  let id = Math.max(0, ...vars.rows.map((r) => Number(r[0]) || 0));
  const lost = answered.map((r) => [String(++id), r[hashEntry!]!, r[hashId!]!, 'lost', '1']);
  fs.writeFileSync(varsFile, `${vars.header}\n${[...kept, ...lost].map((r) => `${r.join(':')}\n`).join('')}`);
  return answered.map((r) => r[callId!]!.replace(/\\(.)/g, '$1'));
};

/** The Call-IDs of the dialogs the database `dir` holds confirmed: those a restart ends with a BYE. */
export const confirmedCallIds = (dir: string): string[] => {
  const dialogFile = path.join(dir, 'dialog');
  if (!fs.existsSync(dialogFile)) return [];
  const dialogs = readTable(dialogFile);
  const [state, callId] = ['state', 'callid'].map((name) => dialogs.names.indexOf(name));
  return dialogs.rows.filter((r) => Number(r[state!]) === confirmed).map((r) => r[callId!]!.replace(/\\(.)/g, '$1'));
};

/** Empties the dialog database: a Kamailio that could not start with what it held starts without. */
export const clearDialogDb = (dir: string) => createDialogDb(dir);

/**
 * Deletes every call the media gateway holds: when Kamailio started again, each belongs to a call
 * it lost. A deleted call's capture is closed (its metadata finished), so its recording is kept.
 * Answers the Call-IDs deleted.
 */
export const releaseGatewayCalls = async (command: (message: TBencode) => Promise<TBencode>): Promise<string[]> => {
  const listed = (await command({ command: 'list', limit: 100_000 })) as Record<string, TBencode>;
  const calls = Array.isArray(listed.calls) ? listed.calls.map(String) : [];
  for (const callId of calls) await command({ command: 'delete', 'call-id': callId }).catch(() => undefined);
  return calls;
};
