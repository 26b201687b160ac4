import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { routeTables, type TCrmImportState } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type TApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { rowsOf } from '../../db/client.js';
import { importLimits } from '../../import/import.runner.js';
import { dyingDatabase } from '../../test/dying-database.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { eventually } from '../org/org.test-kit.js';
import { createCrmImportService } from './crm-import.service.js';

const r = routeTables.crmImport;
const rowCount = 2_600;
const mobileOf = (i: number) => `1397${String(7_000_000 + i).padStart(7, '0')}`;
/** Mobiles of one test's own customers: `prefix` (5 digits) and the row's number. */
const mobileFrom = (prefix: string, i: number) => `${prefix}${String(i).padStart(6, '0')}`;

/** A multipart upload of one CSV, as the browser sends it. */
const uploadCsv = async (app: TApp, token: string, csv: string, url: string = r.importPreview.path) => {
  const b = '----recovery';
  const payload = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="target"\r\n\r\nprivate\r\n`),
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="客户.csv"\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${b}` },
    payload,
  });
  return res.json() as { code: number; msg: string; data: TCrmImportState };
};

describe('an import whose process dies mid-run', () => {
  let t: TTestApp;
  let manager: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

  const writeChunk = importLimits.writeChunk;
  beforeAll(async () => {
    // Chunks of 500, so the 2,600 rows take several (each its transaction) and the process dies between two.
    importLimits.writeChunk = 500;
    t = await startTestApp();
    manager = await t.loginAs.manager();
  });
  afterAll(async () => {
    importLimits.writeChunk = writeChunk;
    await t.close();
  });

  it('is not taken from a live process, then resumed from its checkpoint: no row missing, none twice', async () => {
    const csv = ['客户名称,手机号', ...Array.from({ length: rowCount }, (_, i) => `恢复${i},${mobileOf(i)}`)].join(
      '\r\n',
    );
    const preview = await uploadCsv(t.app, manager, csv);
    expect(preview.code, preview.msg).toBe(0);
    const { batchId } = preview.data;

    // The process that dies: it confirms, writes a few 500-row chunks and never runs again.
    const dying = dyingDatabase(t.database, 6);
    const auth = (await t.app.services.auth.authenticate(manager))!;
    const doomed = createCrmImportService({
      database: dying.database,
      dataScopeOf: t.app.services.org.dataScopeOf,
      onError: () => undefined,
    });
    expect((await doomed.customerConfirm(auth, batchId)).status).toBe('running');
    // Dead, and its chunks written at once (import.runner.ts writeChunks) all ended: one may still
    // commit after another waits for ever.
    await eventually(
      async () => dying.isStill(),
      (isStill) => isStill,
    );
    const halfway = (await t.call(r.importState, { batchId }, manager)).body.data;
    expect(halfway.status).toBe('running');
    expect(halfway.processed).toBeGreaterThan(0);
    expect(halfway.processed).toBeLessThan(rowCount);

    // Another live process sweeps while the dead one's lease still runs: the import is left alone.
    const sweeper = createCrmImportService({
      database: t.database,
      dataScopeOf: t.app.services.org.dataScopeOf,
      onError: () => undefined,
    });
    expect(await sweeper.recoverInterrupted()).toBe(0);
    expect((await t.call(r.importState, { batchId }, manager)).body.data.status).toBe('running');
    expect((await t.call(r.importConfirm, { batchId }, manager)).body.code).toBe(10056);

    // Time passes without a heartbeat (the lease is two minutes); then a server starts on the database.
    await t.database.db.execute(
      sql`update crm_imports set heartbeat_at = heartbeat_at - interval '10 minutes' where id = ${batchId}`,
    );
    const config = { ...loadConfig({ DATA_DIR: '', WEB_DIST: '' }), isProduction: false };
    // A server that runs its job queue, as main.ts starts one: the recovery is among its runs at start.
    const other = await buildApp(config, t.database, { runJobsAfterMs: 0 });
    await other.ready();
    try {
      const state = async () =>
        (
          await other.inject({
            method: 'GET',
            url: r.importState.path,
            query: { batchId },
            headers: { 'cloud-token': manager },
          })
        ).json() as { code: number; data: TCrmImportState };
      const confirm = async () =>
        (
          await other.inject({
            method: 'POST',
            url: r.importConfirm.path,
            payload: { batchId },
            headers: { 'cloud-token': manager },
          })
        ).json() as { code: number; msg: string; data: TCrmImportState };
      // At start it finds the import of the dead process and says what happened.
      const failed = await eventually(
        async () => (await state()).data,
        (d) => d.status !== 'running',
        10_000,
      );
      expect(failed).toMatchObject({ status: 'failed', processed: halfway.processed });
      expect(failed.message).toContain(`已写入${halfway.processed}行`);
      expect(failed.message).toContain('重新确认导入');

      // The user confirms again: the rest is written, from where the dead process stopped.
      const resumed = await confirm();
      expect(resumed.code, resumed.msg).toBe(0);
      const done = await eventually(
        async () => (await state()).data,
        (d) => d.status !== 'running',
      );
      expect(done).toMatchObject({ status: 'done', processed: rowCount, inserted: rowCount, skipped: 0 });

      // The dead process comes back to life (a paused VM): it finds its lease gone and writes nothing.
      dying.wake();
      await doomed.idle();
      expect((await state()).data).toMatchObject({ status: 'done', processed: rowCount, inserted: rowCount });
      // Each row once, with its owner log; the rows written have left the staging (only the settings row
      // went at the end, nothing else was there to keep).
      const [counts] = await q<{ customers: number; logs: number; staged: number }>(sql`select
        (select count(*)::int from customers where mobile like '13977%') as customers,
        (select count(*)::int from crm_owner_logs l join customers c on c.id = l.customer_id
          where c.mobile like '13977%' and l.action = 'import') as logs,
        (select count(*)::int from crm_import_rows where import_id = ${batchId}) as staged`);
      expect(counts).toEqual({ customers: rowCount, logs: rowCount, staged: 0 });
    } finally {
      await other.close();
    }
  });

  it('resumes a follow-up import the same way: each record once (nothing unique would stop a second)', async () => {
    const csv = ['手机号,跟进内容', ...Array.from({ length: rowCount }, (_, i) => `${mobileOf(i)},恢复回访${i}`)].join(
      '\r\n',
    );
    const preview = await uploadCsv(t.app, manager, csv, r.followImportPreview.path);
    expect(preview.code, preview.msg).toBe(0);
    expect(preview.data.validCount).toBe(rowCount);
    const { batchId } = preview.data;
    const dying = dyingDatabase(t.database, 5);
    const doomed = createCrmImportService({
      database: dying.database,
      dataScopeOf: t.app.services.org.dataScopeOf,
      onError: () => undefined,
    });
    await doomed.followConfirm((await t.app.services.auth.authenticate(manager))!, batchId);
    // Dead, and its chunks written at once (import.runner.ts writeChunks) all ended: one may still
    // commit after another waits for ever.
    await eventually(
      async () => dying.isStill(),
      (isStill) => isStill,
    );
    const halfway = (await t.call(r.importState, { batchId }, manager)).body.data;
    expect(halfway.processed).toBeGreaterThan(0);
    expect(halfway.processed).toBeLessThan(rowCount);

    await t.database.db.execute(
      sql`update crm_imports set heartbeat_at = heartbeat_at - interval '10 minutes' where id = ${batchId}`,
    );
    const sweeper = createCrmImportService({
      database: t.database,
      dataScopeOf: t.app.services.org.dataScopeOf,
      onError: () => undefined,
    });
    expect(await sweeper.recoverInterrupted()).toBe(1);
    expect((await t.call(r.importState, { batchId }, manager)).body.data.status).toBe('failed');
    expect((await t.call(r.followImportConfirm, { batchId }, manager)).body.code).toBe(0);
    const done = await eventually(
      async () => (await t.call(r.importState, { batchId }, manager)).body.data,
      (d) => d.status !== 'running',
    );
    expect(done).toMatchObject({ status: 'done', processed: rowCount, inserted: rowCount, skipped: 0 });
    dying.wake();
    await doomed.idle();
    const [records] = await q<{ n: number; distinct: number }>(sql`select count(*)::int as n,
      count(distinct content)::int as distinct from crm_follow_records where content like '恢复回访%'`);
    expect(records).toEqual({ n: rowCount, distinct: rowCount });
  });
  /** A customer file of `rowCount` rows uploaded and previewed; its batch id. */
  const previewed = async (prefix: string) => {
    const csv = [
      '客户名称,手机号',
      ...Array.from({ length: rowCount }, (_, i) => `续写${i},${mobileFrom(prefix, i)}`),
    ].join('\r\n');
    const preview = await uploadCsv(t.app, manager, csv);
    expect(preview.code, preview.msg).toBe(0);
    return preview.data.batchId;
  };
  const written = async (prefix: string) => {
    const [counts] = await q<{ customers: number; distinct: number }>(sql`select count(*)::int as customers,
      count(distinct mobile)::int as distinct from customers where mobile like ${`${prefix}%`}`);
    return counts;
  };

  it('is taken over at once by the server restarted on the same host (kill -9, then a start), and resumed to its end once', async () => {
    const batchId = await previewed('13966');
    const dying = dyingDatabase(t.database, 6);
    const doomed = createCrmImportService({
      database: dying.database,
      dataScopeOf: t.app.services.org.dataScopeOf,
      onError: () => undefined,
    });
    await doomed.customerConfirm((await t.app.services.auth.authenticate(manager))!, batchId);
    await eventually(
      async () => dying.isStill(),
      (isStill) => isStill,
    );
    const halfway = (await t.call(r.importState, { batchId }, manager)).body.data;
    expect(halfway.processed).toBeGreaterThan(0);
    expect(halfway.processed).toBeLessThan(rowCount);
    // The lease as the killed process named itself (host/pid/start/runner, import.runner.ts leaseOf):
    // this host, a process id no process holds any more. Its heartbeat is seconds old.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    await t.database.db.execute(
      sql`update crm_imports set runner = ${`${os.hostname()}/${gone}/before-restart/writer`} where id = ${batchId}`,
    );
    const config = { ...loadConfig({ DATA_DIR: '', WEB_DIST: '' }), isProduction: false };
    const restarted = await buildApp(config, t.database, { runJobsAfterMs: 0 });
    await restarted.ready();
    try {
      const state = async () =>
        (
          await restarted.inject({
            method: 'GET',
            url: r.importState.path,
            query: { batchId },
            headers: { 'cloud-token': manager },
          })
        ).json() as { code: number; data: TCrmImportState };
      // At its start, not two minutes later: the importer sees 继续导入.
      const failed = await eventually(
        async () => (await state()).data,
        (d) => d.status !== 'running',
        10_000,
      );
      expect(failed).toMatchObject({ status: 'failed', processed: halfway.processed });
      expect(failed.message).toContain('重新确认导入');
      const resumed = (
        await restarted.inject({
          method: 'POST',
          url: r.importConfirm.path,
          payload: { batchId },
          headers: { 'cloud-token': manager },
        })
      ).json() as { code: number; msg: string };
      expect(resumed.code, resumed.msg).toBe(0);
      const done = await eventually(
        async () => (await state()).data,
        (d) => d.status !== 'running',
      );
      expect(done).toMatchObject({ status: 'done', processed: rowCount, inserted: rowCount });
      dying.wake();
      await doomed.idle();
      expect(await written('13966')).toEqual({ customers: rowCount, distinct: rowCount });
    } finally {
      await restarted.close();
    }
  });

  it('pauses when its server closes: the chunk in flight commits, the lease is given back, the rest is written once on confirm', async () => {
    const batchId = await previewed('13955');
    // A writer held between two chunks, so the close meets it mid-import whatever the machine's speed:
    // the look-up and the lease, two chunks, then held (the chunks after the wake leave rows unwritten).
    const held = dyingDatabase(t.database, 4);
    const closing = createCrmImportService({
      database: held.database,
      dataScopeOf: t.app.services.org.dataScopeOf,
      onError: () => undefined,
    });
    await closing.customerConfirm((await t.app.services.auth.authenticate(manager))!, batchId);
    await eventually(
      async () => held.isStill(),
      (isStill) => isStill,
    );
    const stopped = closing.stop();
    held.wake();
    await stopped;
    const paused = (await t.call(r.importState, { batchId }, manager)).body.data;
    expect(paused.status).toBe('failed');
    expect(paused.processed).toBeGreaterThan(0);
    expect(paused.processed).toBeLessThan(rowCount);
    expect(paused.message).toContain('重新确认导入');
    const resumed = await t.call(r.importConfirm, { batchId }, manager);
    expect(resumed.body.code, resumed.body.msg).toBe(0);
    const done = await eventually(
      async () => (await t.call(r.importState, { batchId }, manager)).body.data,
      (d) => d.status !== 'running',
    );
    expect(done).toMatchObject({ status: 'done', processed: rowCount, inserted: rowCount });
    expect(await written('13955')).toEqual({ customers: rowCount, distinct: rowCount });
  });
});
