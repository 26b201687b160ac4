import { routeTables, type TCrmImportState } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { importLimits } from '../../import/import.runner.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { crmKit } from '../crm/crm.test-kit.js';
import { eventually, readXlsx } from '../org/org.test-kit.js';
import { createCrmImportService } from './crm-import.service.js';

const r = routeTables.crmImport;

/** A multipart upload of one CSV, as the browser sends it. */
const uploadCsv = async (t: TTestApp, token: string, csv: string, target: 'private' | 'public' = 'private') => {
  const b = '----concurrency';
  const payload = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="target"\r\n\r\n${target}\r\n`),
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="客户.csv"\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: r.importPreview.path,
    headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${b}` },
    payload,
  });
  return res.json() as { code: number; msg: string; data: TCrmImportState };
};

const csvOf = (rows: [string, string][]) => ['客户名称,手机号', ...rows.map((x) => x.join(','))].join('\r\n');

describe('imports at the same time: the database decides, nothing is written twice', () => {
  let t: TTestApp;
  let admin: string;
  let manager: string;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));
  const confirm = (batchId: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: r.importConfirm.path,
      payload: { batchId },
      headers: { 'cloud-token': token },
    });
  const state = async (batchId: string, token: string) => (await t.call(r.importState, { batchId }, token)).body.data;
  const waitDone = (batchId: string, token: string) =>
    eventually(
      () => state(batchId, token),
      (d) => d.status !== 'running',
    );
  /** Customers with these mobiles, each with how many owner-log lines of the import it has. */
  const written = (like: string) =>
    q<{ mobile: string; logs: number }>(sql`select c.mobile, (select count(*)::int from crm_owner_logs l
        where l.tenant_id = c.tenant_id and l.customer_id = c.id and l.action = 'import') as logs
      from customers c where c.mobile like ${like} order by c.mobile`);

  const writeChunk = importLimits.writeChunk;
  beforeAll(async () => {
    // Small chunks, so two imports' chunks interleave.
    importLimits.writeChunk = 40;
    t = await startTestApp();
    admin = await t.loginAs.admin();
    manager = await t.loginAs.manager();
  });
  afterAll(async () => {
    importLimits.writeChunk = writeChunk;
    await t.close();
  });

  it('confirms a batch twice at once: one confirm writes it, the other is refused, every row once', async () => {
    const rows = Array.from(
      { length: 150 },
      (_, i) => [`双确认${i}`, `1397100${String(i).padStart(4, '0')}`] as [string, string],
    );
    const preview = await uploadCsv(t, manager, csvOf(rows));
    expect(preview.code, preview.msg).toBe(0);
    const { batchId } = preview.data;

    const answers = (await Promise.all([confirm(batchId, manager), confirm(batchId, manager)])).map(
      (x) => (x.json() as { code: number }).code,
    );
    expect(answers.sort()).toEqual([0, 10056]);
    expect(await waitDone(batchId, manager)).toMatchObject({ status: 'done', processed: 150, inserted: 150 });
    const customers = await written('1397100%');
    expect(customers).toHaveLength(150);
    expect(customers.every((c) => c.logs === 1)).toBe(true);
  });

  it('writes two imports of overlapping mobiles at once: each mobile once, the later rows skipped, no failure', async () => {
    const mobile = (i: number) => `1397200${String(i).padStart(4, '0')}`;
    // 0…199 and 100…299, the second file in the reverse order: the overlap is 100 mobiles.
    const first = Array.from({ length: 200 }, (_, i) => [`并发甲${i}`, mobile(i)] as [string, string]);
    const second = Array.from({ length: 200 }, (_, i) => [`并发乙${i}`, mobile(299 - i)] as [string, string]);
    const a = await uploadCsv(t, manager, csvOf(first));
    const b = await uploadCsv(t, admin, csvOf(second), 'public');
    expect([a.code, b.code]).toEqual([0, 0]);
    // Both previews saw none of these mobiles: every row is to be inserted.
    expect([a.data.duplicateCount, b.data.duplicateCount]).toEqual([0, 0]);

    const answers = await Promise.all([confirm(a.data.batchId, manager), confirm(b.data.batchId, admin)]);
    expect(answers.map((x) => (x.json() as { code: number }).code)).toEqual([0, 0]);
    const [doneA, doneB] = await Promise.all([waitDone(a.data.batchId, manager), waitDone(b.data.batchId, admin)]);
    expect(doneA.status).toBe('done');
    expect(doneB.status).toBe('done');
    expect(doneA.processed + doneB.processed).toBe(400);
    expect(doneA.inserted + doneB.inserted).toBe(300);
    expect(doneA.skipped + doneB.skipped).toBe(100);

    const customers = await written('1397200%');
    expect(customers).toHaveLength(300);
    expect(customers.every((c) => c.logs === 1)).toBe(true);
    // The rows that lost are in the result with why; the rows written are not kept.
    const report = await t.app.inject({
      method: 'GET',
      url: r.importReport.path,
      query: { batchId: b.data.batchId },
      headers: { 'cloud-token': admin },
    });
    const lines = (await readXlsx(report.rawPayload)).slice(1);
    expect(lines).toHaveLength(doneB.skipped);
    for (const line of lines) expect(line.slice(3)).toEqual(['已跳过', '手机号在预览后已被录入为客户，未导入']);
  });

  it('writes chunks at once under 每人最多客户数: exactly the room is written, the rest skipped with why', async () => {
    // Chunks of 40 written two at once (importLimits.writeWorkers, PostgreSQL): each chunk counts the
    // owner's customers, which a chunk beside it has not committed yet, unless they take turns.
    const kit = await crmKit(t);
    const [{ owned }] = (await q<{ owned: number }>(sql`select count(*)::int as owned from customers c
      join users u on u.id = c.owner_id where u.username = 'manager' and c.deleted_at is null`)) as [{ owned: number }];
    await kit.setRules({ maxOwned: owned + 100 });
    try {
      const rows = Array.from(
        { length: 400 },
        (_, i) => [`上限${i}`, `1397400${String(i).padStart(4, '0')}`] as [string, string],
      );
      const preview = await uploadCsv(t, manager, csvOf(rows));
      expect(preview.code, preview.msg).toBe(0);
      expect((await confirm(preview.data.batchId, manager)).json()).toMatchObject({ code: 0 });
      const done = await waitDone(preview.data.batchId, manager);
      expect(done).toMatchObject({ status: 'done', processed: 400, inserted: 100, skipped: 300 });
      expect(await written('1397400%')).toHaveLength(100);
    } finally {
      await kit.resetRules();
    }
  });

  it('removes the rows of a batch that expired unwritten, keeping the refused ones for its result', async () => {
    const preview = await uploadCsv(
      t,
      manager,
      csvOf([
        ['过期一', '13973000001'],
        ['过期坏号', '12345'],
        ['过期二', '13973000002'],
      ]),
    );
    expect(preview.code, preview.msg).toBe(0);
    const { batchId } = preview.data;
    const staged = () =>
      q<{ row_no: number }>(sql`select row_no from crm_import_rows where import_id = ${batchId} order by row_no`);
    expect((await staged()).map((x) => x.row_no)).toEqual([0, 2, 3, 4]);

    // Not confirmed within the batch's time (24 hours): the sweep removes what will never be written, once.
    await t.database.db.execute(
      sql`update crm_imports set created_at = created_at - interval '25 hours' where id = ${batchId}`,
    );
    const sweeper = createCrmImportService({
      database: t.database,
      dataScopeOf: t.app.services.org.dataScopeOf,
      onError: () => undefined,
    });
    await sweeper.recoverInterrupted();
    expect((await staged()).map((x) => x.row_no)).toEqual([3]);
    const [batch] = await q<{ removed: boolean }>(
      sql`select staged_removed_at is not null as removed from crm_imports where id = ${batchId}`,
    );
    expect(batch!.removed).toBe(true);
    expect((await confirm(batchId, manager)).json()).toMatchObject({ msg: '导入批次不存在或已过期，请重新上传' });
    // A second sweep finds nothing more to do with it.
    await sweeper.recoverInterrupted();
    expect((await staged()).map((x) => x.row_no)).toEqual([3]);

    const report = await t.app.inject({
      method: 'GET',
      url: r.importReport.path,
      query: { batchId },
      headers: { 'cloud-token': manager },
    });
    const lines = (await readXlsx(report.rawPayload)).slice(1);
    expect(lines.map((x) => [x[0], x[3]])).toEqual([['3', '有错误']]);
  });
});
