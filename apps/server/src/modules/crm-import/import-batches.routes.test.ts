import { routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { eventually } from '../org/org.test-kit.js';

const r = routeTables.crmImport;
const { crm } = routeTables;

/** A CSV upload as the browser sends it, `target` before the file. */
const importCsv = async (t: TTestApp, token: string, name: string, csv: string, target: 'private' | 'public') => {
  const b = `----batch${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="target"\r\n\r\n${target}\r\n`),
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: r.importPreview.path,
    headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${b}` },
    payload,
  });
  const { batchId } = (res.json() as { data: { batchId: string } }).data;
  await t.call(r.importConfirm, { batchId }, token);
  await eventually(
    async () => (await t.call(r.importState, { batchId }, token)).body.data,
    (d) => d.status !== 'running',
  );
  return batchId;
};

/** 导入批次 (batch-code): the customer imports a person may filter the customer lists by. */
describe('导入批次 (batch-code) and the lists filtered by a batch', () => {
  let t: TTestApp;
  let admin: string;
  let manager: string;
  let managerBatch: string;
  let adminBatch: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    manager = await t.loginAs.manager();
    managerBatch = await importCsv(
      t,
      manager,
      '批次.csv',
      '客户名称,手机号\r\n批次甲,13988110001\r\n批次乙,13988110002\r\n',
      'private',
    );
    adminBatch = await importCsv(t, admin, '公海批次.csv', '客户名称,手机号\r\n公海丙,13988110003\r\n', 'public');
  });
  afterAll(() => t.close());

  const batchIds = async (token: string, input = {}) => {
    const res = await t.call(r.importBatches, input, token);
    expect(res.body.code, res.body.msg).toBe(0);
    return res.body.data.map((b) => b.id);
  };

  it('lists the batches of the data scope with code, file, time, count and who, newest first', async () => {
    const res = await t.call(r.importBatches, {}, admin);
    expect(res.body.data.slice(0, 2).map((b) => b.id)).toEqual([adminBatch, managerBatch]);
    expect(res.body.data[1]).toMatchObject({ fileName: '批次.csv', count: 2, userName: '李娜' });
    expect(res.body.data[1]!.code).toMatch(/^DR\d{14}[0-9A-F]{4}$/);
    expect(await batchIds(admin, { fileName: '公海' })).toEqual([adminBatch]);
    const mine = await batchIds(manager);
    expect(mine).toContain(managerBatch);
    expect(mine).not.toContain(adminBatch);
    expect(await batchIds(await t.loginAs.agent())).toEqual([]);
  });

  it('filters 我的客户 and 客户公海 by a batch', async () => {
    const own = await t.call(crm.customerPage, { importBatchId: managerBatch }, manager);
    expect(own.body.data.records.map((c) => c.name).sort()).toEqual(['批次乙', '批次甲']);
    const pool = await t.call(crm.poolPage, { importBatchId: adminBatch }, admin);
    expect(pool.body.data.records.map((c) => c.name)).toEqual(['公海丙']);
    const other = await t.call(crm.customerPage, { importBatchId: adminBatch }, manager);
    expect(other.body.data.total).toBe(0);
  });

  it('names bad input in Chinese', async () => {
    const badId = await t.request('POST', crm.customerPage.path, { token: manager, body: { importBatchId: 'abc' } });
    expect(badId.body.code).toBe(10002);
    expect(badId.body.msg).toMatch(/^导入批次不正确/);
    const longName = await t.request('POST', r.importBatches.path, {
      token: admin,
      body: { fileName: 'x'.repeat(65) },
    });
    expect(longName.body.code).toBe(10002);
    expect(longName.body.msg, JSON.stringify(longName.body)).toMatch(/^文件名最多64个字/);
  });

  it('shows another tenant none of them, and refuses whoever may not list customers', async () => {
    expect(await batchIds(await t.loginAs.platform())).toEqual([]);
    const reseller = await t.login('reseller', 'Reseller@2026');
    expect((await t.call(r.importBatches, {}, reseller)).body.code).toBe(403);
  });
});
