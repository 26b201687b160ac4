import fs from 'node:fs';
import path from 'node:path';
import { routeTables } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { tenants } from '../org/org.schema.js';
import { enterpriseCertifications } from './certification.schema.js';

const r = routeTables.certification;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n%fake licence\n');
const creditCode = '91350100M000100Y43';

describe('enterprise authentication', () => {
  let t: TTestApp;
  let admin: string;
  let platform: string;
  let demoId: number;

  const uploadLicense = async (token: string, name: string, content: Buffer, type: string) => {
    const boundary = '----yunhucert';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: r.licenseUpload.path,
      headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    return res.json() as { code: number; msg: string; data: { url: string } };
  };
  const enterpriseInput = (licenseUrl: string) => ({
    type: 'enterprise' as const,
    companyName: '演示科技有限公司',
    creditCode,
    legalPerson: '张明',
    licenseUrl,
  });
  const pendingIds = async () =>
    (await t.call(r.certPage, { page: 1, limit: 50, status: 'pending' }, platform)).body.data.records.map((c) => c.id);

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    platform = await t.loginAs.platform();
    // The demo enterprise is seeded as authenticated (with its approved submission); these tests start it over.
    const [demo] = await t.database.db
      .update(tenants)
      .set({ authState: 0 })
      .where(sql`${tenants.isSuper} = false and ${tenants.code} <> ''`)
      .returning({ id: tenants.id });
    demoId = demo!.id;
    await t.database.db.delete(enterpriseCertifications);
  });
  afterAll(() => t.close());

  it('shows an unauthenticated enterprise with no submission', async () => {
    const info = await t.call(r.certInfo, {}, admin);
    expect(info.body.data).toMatchObject({ authState: 0, authStateLabel: '未认证', latest: null });
  });

  it('refuses bad input with a message naming the field, writing nothing', async () => {
    const bad = async (input: object) => (await t.call(r.certSubmit, input as never, admin)).body;
    expect(await bad({ type: 'company' })).toMatchObject({
      code: 10002,
      msg: '认证类型只能是个人认证或企业认证（字段：type）',
    });
    expect(await bad({ ...enterpriseInput('x'), creditCode: '91350100M000100Y44' })).toMatchObject({
      code: 10002,
      msg: '统一社会信用代码格式不正确（18位，含校验位）（字段：creditCode）',
    });
    expect(await bad({ ...enterpriseInput(''), licenseUrl: '' })).toMatchObject({
      msg: '请上传营业执照（字段：licenseUrl）',
    });
    expect(await bad({ ...enterpriseInput('x'), legalPerson: ' ' })).toMatchObject({
      msg: '请输入法定代表人（字段：legalPerson）',
    });
    expect(await bad({ type: 'personal', personName: '张明', idCardNo: '110105194912310021' })).toMatchObject({
      msg: '身份证号格式不正确（18位，含校验位）（字段：idCardNo）',
    });
    // A licence must be this enterprise's own upload, not any address.
    expect(await bad(enterpriseInput('https://evil.example.com/a.png'))).toMatchObject({
      code: 10002,
      msg: '营业执照请通过上传获得（支持 PNG、JPG、GIF、WEBP 图片）',
    });
    expect((await t.call(r.certInfo, {}, admin)).body.data.latest).toBeNull();
  });

  it('a refused licence leaves nothing: no stored file, no row', async () => {
    const uploadDir = path.join(t.dataDir, 'uploads');
    const files = () => (fs.existsSync(uploadDir) ? fs.readdirSync(uploadDir).length : 0);
    const rows = async () =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from uploads`))[0]!.n;
    const before = { files: files(), rows: await rows() };
    expect(await uploadLicense(admin, '执照.pdf', pdf, 'application/pdf')).toMatchObject({ code: 10002 });
    // The PDF was stored, given a row and served publicly before it was refused.
    expect({ files: files(), rows: await rows() }).toEqual(before);
    expect(await uploadLicense(admin, '执照\u0000.png', png, 'image/png')).toMatchObject({ code: 10002 });
    expect(await uploadLicense(admin, '执照.png', Buffer.from('MZ not an image'), 'image/png')).toMatchObject({
      code: 10002,
    });
    expect({ files: files(), rows: await rows() }).toEqual(before);
  });

  it('takes the licence as an image only', async () => {
    expect(await uploadLicense(admin, '执照.pdf', pdf, 'application/pdf')).toMatchObject({
      code: 10002,
      msg: '营业执照请上传图片（PNG、JPG、GIF、WEBP）',
    });
    expect((await uploadLicense(await t.loginAs.agent(), '执照.png', png, 'image/png')).code).toBe(403);
  });

  it('submits, refuses a second submission while pending, and keeps it in the operation log', async () => {
    const { data } = await uploadLicense(admin, '执照.png', png, 'image/png');
    const res = await t.call(
      r.certSubmit,
      { ...enterpriseInput(data.url), creditCode: creditCode.toLowerCase() },
      admin,
    );
    expect(res.body.data).toMatchObject({ status: 'pending', creditCode, type: 'enterprise', submitter: '张明' });
    const again = await t.call(r.certSubmit, enterpriseInput(data.url), admin);
    expect(again.body).toMatchObject({ code: 10056, msg: '已有待审核的认证，请等待平台审核结果' });
    const log = await t.call(routeTables.system.logPage, { page: 1, limit: 5 }, admin);
    expect(log.body.data.records.map((l) => `${l.summary}:${l.result}`)).toContain('提交企业认证:success');
  });

  it("lets only the super tenant list and examine, whatever the caller's role holds", async () => {
    expect((await t.call(r.certPage, { page: 1, limit: 10 }, admin)).body.code).toBe(403);
    expect((await t.call(r.certPage, { page: 1, limit: 10 }, await t.loginAs.agent())).body.code).toBe(403);
    const [id] = await pendingIds();
    expect((await t.call(r.certExamine, { id: id!, pass: true }, admin)).body.code).toBe(403);
    const page = await t.call(r.certPage, { page: 1, limit: 10, enterpriseName: '演示' }, platform);
    expect(page.body.data.records[0]).toMatchObject({ enterpriseName: '演示科技有限公司', status: 'pending' });
    expect((await t.call(r.certSubmit, enterpriseInput('x'), platform)).body.msg).toBe('平台运营方无需提交企业认证');
  });

  it('rejects with a reason the enterprise sees, then accepts a resubmission and approves it', async () => {
    const [id] = await pendingIds();
    expect((await t.call(r.certExamine, { id: id!, pass: false }, platform)).body).toMatchObject({
      code: 10002,
      msg: '驳回时请填写驳回原因',
    });
    expect((await t.call(r.certExamine, { id: id!, pass: false, reason: '营业执照不清晰' }, platform)).body.code).toBe(
      0,
    );
    const rejected = (await t.call(r.certInfo, {}, admin)).body.data;
    expect(rejected).toMatchObject({ authState: 0, latest: { status: 'rejected', reason: '营业执照不清晰' } });
    // Examined already: a second decision is refused.
    expect((await t.call(r.certExamine, { id: id!, pass: true }, platform)).body.code).toBe(10056);

    const { data } = await uploadLicense(admin, '执照2.png', png, 'image/png');
    expect((await t.call(r.certSubmit, enterpriseInput(data.url), admin)).body.code).toBe(0);
    const [next] = await pendingIds();
    expect((await t.call(r.certExamine, { id: next!, pass: true }, platform)).body.code).toBe(0);
    const approved = (await t.call(r.certInfo, {}, admin)).body.data;
    expect(approved).toMatchObject({ authState: 2, authStateLabel: '企业认证', latest: { status: 'approved' } });
    const user = await t.call(routeTables.org.userInfo, undefined, admin);
    expect(user.body.data.authStateLabel).toBe('企业认证');
    expect(
      (await t.call(r.certSubmit, { type: 'personal', personName: '张明', idCardNo: '11010519491231002X' }, admin))
        .body,
    ).toMatchObject({ code: 10056, msg: '企业已完成企业认证，无需重复提交' });
  });

  it('keeps each enterprise to its own submission and decides a batch all or nothing', async () => {
    // A second enterprise, registered and let in.
    const mobile = '13633330001';
    await t.call(routeTables.auth.sendCode, { mobile, type: 'signup' }, null, t.freshIp());
    const signup = await t.call(routeTables.auth.signup, {
      enterpriseName: '杭州second贸易有限公司',
      realName: '李四',
      username: 'certsecond',
      mobile,
      code: await t.smsCode(mobile),
      password: 'Cert@2026x',
    });
    expect(signup.body.code).toBe(0);
    await t.database.db.update(tenants).set({ status: 'active' }).where(eq(tenants.code, signup.body.data.tenantCode));
    const second = await t.login('certsecond', 'Cert@2026x');
    expect((await t.call(r.certInfo, {}, second)).body.data).toMatchObject({ authStateLabel: '未认证', latest: null });
    const personal = { type: 'personal' as const, personName: '李四', idCardNo: '11010519491231002x' };
    const mine = await t.call(r.certSubmit, personal, second);
    expect(mine.body.data).toMatchObject({ idCardNo: '110***********002X', enterpriseName: '杭州second贸易有限公司' });
    // The demo administrator still sees only his own.
    expect((await t.call(r.certInfo, {}, admin)).body.data.latest?.tenantId).toBe(demoId);

    const [pending] = await pendingIds();
    const approvedId = (await t.call(r.certPage, { page: 1, limit: 50, status: 'approved' }, platform)).body.data
      .records[0]!.id;
    const batch = await t.call(r.certBatchExamine, { ids: [pending!, approvedId], pass: true }, platform);
    expect(batch.body.code).toBe(10056);
    expect((await t.call(r.certInfo, {}, second)).body.data).toMatchObject({
      authState: 0,
      latest: { status: 'pending' },
    });
    expect((await t.call(r.certBatchExamine, { ids: [pending!], pass: true }, platform)).body.code).toBe(0);
    expect((await t.call(r.certInfo, {}, second)).body.data).toMatchObject({
      authState: 1,
      authStateLabel: '个人认证',
    });
    const full = await t.call(r.certPage, { page: 1, limit: 50, type: 'personal' }, platform);
    expect(full.body.data.records[0]!.idCardNo).toBe('11010519491231002X');
  });
});
