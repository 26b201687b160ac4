import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routeTables } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TApp } from '../app.js';
import { loadConfig } from '../config.js';
import { callRecords } from '../modules/call/call.schema.js';
import { callKit } from '../modules/call/call.test-kit.js';
import { callAnalyses } from '../modules/call-analysis/call-analysis.schema.js';
import { leaveToneCapture } from '../modules/telephony/recording.test-kit.js';
import { startTestApp, type TTestApp } from '../test/harness.js';
import { createS3Store } from './index.js';
import { startS3rver } from './s3rver.test-kit.js';

const pdf = Buffer.from('%PDF-1.4\n%价目表\n');
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const multipart = (name: string, content: Buffer) => {
  const boundary = '----yunhustorage';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    'content-type': `multipart/form-data; boundary=${boundary}`,
  };
};

/**
 * Two servers on two data folders, one database, one bucket: what one stores the other serves
 * (the deployment of several machines behind a proxy), through the same signed links and walls.
 */
describe('two servers sharing recordings and uploads through an S3-compatible bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let a: TTestApp;
  let b: TApp;
  let dataDirB: string;

  beforeAll(async () => {
    s3 = await startS3rver();
    a = await startTestApp({ env: s3.env('yunhu/') });
    dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'yunhu-test-b-'));
    b = await buildApp(
      {
        ...loadConfig({ DATA_DIR: dataDirB, WEB_DIST: '', LOG_LEVEL: 'fatal', ...s3.env('yunhu/') }),
        isProduction: false,
      },
      a.database,
    );
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
    fs.rmSync(dataDirB, { recursive: true, force: true });
  });

  const onB = (method: 'GET' | 'POST', url: string, token?: string, payload?: ReturnType<typeof multipart>) =>
    b.inject({
      method,
      url,
      headers: {
        ...(token ? { 'cloud-token': token } : {}),
        ...(payload ? { 'content-type': payload['content-type'] } : {}),
      },
      ...(payload ? { payload: payload.payload } : {}),
    });

  it('a call recorded through one server plays through the other, whole and by range, behind its signed link', async () => {
    const kit = await callKit(a);
    const agent = await a.loginAs.agent();
    await kit.setRules('agent01');
    await kit.endCalls('agent01');
    a.app.call.simulator.configure({ timeScale: 0.001, seed: 7, outcome: 'connected' });
    const customer = await kit.customerOf('agent01');
    const dial = await a.call(
      routeTables.call.dial,
      { telB: customer.mobile, interfaceId: kit.callbackLine.id, octCustomerId: customer.id },
      agent,
    );
    expect(dial.body.code).toBe(0);
    await a.app.call.simulator.idle();
    const [record] = await a.database.db
      .select()
      .from(callRecords)
      .where(eq(callRecords.bindId, dial.body.data.bindId));
    const key = record!.preRecordUrl!;
    expect(key).toMatch(/^recordings\/\d+\/sim-.+\.wav$/);
    // In the bucket under the prefix, on neither server's folder.
    expect(fs.existsSync(path.join(a.dataDir, key))).toBe(false);
    expect(fs.existsSync(path.join(dataDirB, key))).toBe(false);
    const bucket = createS3Store(s3.settings('yunhu/'));
    const stored = (await bucket.read(key))!;
    bucket.close();
    expect(stored.toString('ascii', 0, 4)).toBe('RIFF');

    // The same agent's session asks server B for the link, and B plays it.
    const link = await b.inject({
      method: 'POST',
      url: routeTables.callRecord.recordingUrl.path,
      headers: { 'cloud-token': agent },
      payload: { id: record!.id },
    });
    expect(link.json()).toMatchObject({ code: 0 });
    const url = (link.json() as { data: { url: string } }).data.url;
    const played = await onB('GET', url);
    expect(played.statusCode).toBe(200);
    expect(played.headers['content-type']).toBe('audio/wav');
    expect(Number(played.headers['content-length'])).toBe(stored.length);
    expect(played.rawPayload.equals(stored)).toBe(true);
    const seek = await b.inject({ method: 'GET', url, headers: { range: 'bytes=44-99' } });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-range']).toBe(`bytes 44-99/${stored.length}`);
    expect(seek.rawPayload.equals(stored.subarray(44, 100))).toBe(true);
    const past = await b.inject({ method: 'GET', url, headers: { range: `bytes=${stored.length}-` } });
    expect(past.statusCode).toBe(416);
    // A link server A signed plays on B too (one RECORDING_SECRET), and a changed one on neither.
    const fromA = a.app.call.store.signedUrl(record!.tenantId, record!.id).url;
    expect((await onB('GET', fromA)).rawPayload.equals(stored)).toBe(true);
    const tampered = fromA.replace(/sig=(.)/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await onB('GET', tampered)).statusCode).toBe(403);
    // Another enterprise's signature over this record's id does not reach it.
    const foreign = a.app.call.store.signedUrl(record!.tenantId + 1, record!.id).url;
    expect((await onB('GET', foreign)).statusCode).toBe(404);
  });

  it('an image uploaded through one server is served by the other; a refused one leaves nothing in the bucket', async () => {
    const admin = await a.loginAs.admin();
    const up = await a.app.inject({
      method: 'POST',
      url: routeTables.system.upload.path,
      headers: { 'cloud-token': admin, 'content-type': multipart('头像.png', png)['content-type'] },
      payload: multipart('头像.png', png).payload,
    });
    const { url } = (up.json() as { data: { url: string } }).data;
    const served = await onB('GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(fs.existsSync(path.join(a.dataDir, 'uploads'))).toBe(false);

    const bucket = createS3Store(s3.settings('yunhu/'));
    const before: string[] = [];
    for await (const key of bucket.list('uploads/')) before.push(key);
    const refused = await onB('POST', routeTables.system.upload.path, admin, multipart('a\u0000b.png', png));
    expect(refused.json()).toMatchObject({ code: 10002 });
    const after: string[] = [];
    for await (const key of bucket.list('uploads/')) after.push(key);
    bucket.close();
    expect(after).toEqual(before);
  });

  it('a 资料库 file uploaded through one server opens through the other by its signed link, to those who may read it', async () => {
    const admin = await a.loginAs.admin();
    const up = await onB('POST', routeTables.resource.libraryUpload.path, admin, multipart('价目表.pdf', pdf));
    expect(up.json()).toMatchObject({ code: 0, data: { type: 'pdf' } });
    const name = (up.json() as { data: { url: string } }).data.url.split('/').pop()!;
    const item = await a.call(
      routeTables.resource.librarySave,
      { kind: 'file', title: '共享价目表', file: name },
      admin,
    );
    expect(item.body).toMatchObject({ code: 0, data: { file: { size: pdf.length } } });
    const link = await a.call(routeTables.resource.libraryLink, { id: item.body.data.id }, admin);
    const served = await onB('GET', link.body.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(pdf)).toBe(true);
    // Private: the public file route serves it on neither server.
    expect((await onB('GET', `/base/sys/oss/file/${name}`)).json()).toMatchObject({ code: 10056 });
  });

  it("a soft-phone call captured by one server's gateway is stored in the bucket and analysed by the other", async () => {
    const kit = await callKit(a);
    const record = await kit.pendingSoftphoneCall('shared-1', 'agent01');
    // The gateway's capture on server A's machine.
    leaveToneCapture(a.dataDir, 'shared-1');
    await a.app.call.callbacks.sweepPending({ before: new Date() });
    const [stored] = await a.database.db.select().from(callRecords).where(eq(callRecords.id, record!.id));
    expect(stored).toMatchObject({ recordingState: 'ready' });
    expect(fs.existsSync(path.join(a.dataDir, stored!.preRecordUrl!))).toBe(false);
    expect(await b.call.store.exists(stored!.preRecordUrl!)).toBe(true);

    // Server B's job queue runs the analysis: its ffmpeg reads a temporary copy of the bucket's WAV.
    const temps = () => fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith('yunhu-object-')).length;
    const tempsBefore = temps();
    await b.jobs.runDue();
    const [done] = await a.database.db.select().from(callAnalyses).where(eq(callAnalyses.callRecordId, record!.id));
    expect(done).toMatchObject({ state: 'done', errorReason: '' });
    expect(done!.figures!.durationSec).toBeCloseTo(2, 1);
    expect(Math.abs((done!.figures!.agentTalkSec ?? Number.NaN) - 2)).toBeLessThanOrEqual(0.3);
    expect(temps()).toBe(tempsBefore);
  });
});
