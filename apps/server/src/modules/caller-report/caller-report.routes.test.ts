import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { routeTables, type TMaterialsSubmit } from '@yunhu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { rowsOf } from '../../db/client.js';
import { createLinkSigner } from '../../http/signed-link.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { createTestAgent } from '../agent/agent.test-kit.js';
import { lines } from '../line/line.schema.js';
import { tenants } from '../org/org.schema.js';
import { readXlsx } from '../org/org.test-kit.js';
import { brandOptions } from '../system/system.schema.js';
import { callerReportMaterials, callerReports } from './caller-report.schema.js';

const r = routeTables.callerReport;
const kb = 1024;
/** A PNG by its signature, padded to `size` bytes (the server checks content and size, not pixels). */
const png = (size: number) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(size - 8, 7)]);
const jpg = (size: number) => Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.alloc(size - 4, 9)]);
const pdf = Buffer.from('%PDF-1.4\n%script\n');
const docx = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(40), Buffer.from('word/document.xml')]);
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(80 * kb, 1)]);

describe('号码报备 and 数据审核', () => {
  let t: TTestApp;
  let admin: string;
  let platform: string;
  let sipLineId: number;

  const upload = async (token: string, route: 'imageUpload' | 'scriptUpload', name: string, content: Buffer) => {
    const boundary = '----yunhureport';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: r[route].path,
      headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    return res.json() as { code: number; msg: string; data: { url: string; name: string; type: string } };
  };
  /** The name a document is referred to by: the file part of the upload's answer. */
  const fileOf = (url: string) => url.split('/').pop()!;
  const uploadAll = async (token: string) => {
    const image = async (name: string) => fileOf((await upload(token, 'imageUpload', name, png(60 * kb))).data.url);
    return [
      { kind: 'license' as const, file: await image('执照.png') },
      { kind: 'idFront' as const, file: await image('人像面.png') },
      { kind: 'idBack' as const, file: await image('国徽面.png') },
      { kind: 'idHandheld' as const, file: await image('手持.png') },
      { kind: 'commitment' as const, file: fileOf((await upload(token, 'scriptUpload', '承诺书.pdf', pdf)).data.url) },
      { kind: 'script' as const, file: fileOf((await upload(token, 'scriptUpload', '话术.docx', docx)).data.url) },
    ];
  };
  const materials = (documents: TMaterialsSubmit['documents']): TMaterialsSubmit => ({
    companyName: '演示科技有限公司',
    creditCode: '91350100M000100Y43',
    applicantType: 'legal',
    applicantName: '张明',
    idNumber: '11010519491231002x',
    mobile: '139 1234 5678',
    contactName: '李华',
    contactMobile: '13800000001',
    usageScenario: '老客户回访与续费提醒',
    script: '您好，我是演示科技的客服，来电提醒您的服务即将到期……',
    documents,
  });
  const counts = async () => {
    const dir = path.join(t.dataDir, 'uploads');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    const rows = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from uploads`))[0]!.n;
    return { files, rows };
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    platform = await t.loginAs.platform();
    const [line] = await t.database.db.select().from(lines).where(eq(lines.name, '浙江软电话线路'));
    sipLineId = line!.id;
    // The demo enterprise is seeded with its materials and reports; these tests start it over.
    await t.database.db.delete(callerReports);
    await t.database.db.delete(callerReportMaterials);
  });
  afterAll(() => t.close());

  it('refuses bad uploads in Chinese and keeps nothing of them', async () => {
    const before = await counts();
    expect(await upload(admin, 'imageUpload', '执照.png', png(20 * kb))).toMatchObject({
      code: 10002,
      msg: '图片不能小于50KB，请上传清晰的原图',
    });
    // A renamed executable, a PDF where a photo belongs, an image where the script belongs.
    expect(await upload(admin, 'imageUpload', '执照.png', exe)).toMatchObject({
      code: 10002,
      msg: '只支持 PNG、JPG、GIF、WEBP 图片或 PDF 文件',
    });
    expect(await upload(admin, 'imageUpload', '执照.png', Buffer.concat([pdf, Buffer.alloc(60 * kb)]))).toMatchObject({
      code: 10002,
      msg: '请上传 JPG 或 PNG 图片（50KB～5MB）',
    });
    expect(await upload(admin, 'scriptUpload', '话术.docx', png(60 * kb))).toMatchObject({
      code: 10002,
      msg: '话术文件请上传 DOC、DOCX 或 PDF 文件（不超过5MB）',
    });
    expect(await upload(admin, 'scriptUpload', '话术.docx', exe)).toMatchObject({ code: 10002 });
    expect((await upload(admin, 'imageUpload', '执照.png', png(5 * 1024 * kb + 1))).msg).toBe('文件不能超过5MB');
    expect(await counts()).toEqual(before);
    // The platform has nothing to report.
    expect((await upload(platform, 'imageUpload', '执照.png', png(60 * kb))).msg).toBe('平台运营方无需提交报备资料');
  });

  it('keeps documents private: served only through five-minute signed links, to the enterprise and reviewers', async () => {
    const image = await upload(admin, 'imageUpload', '执照.jpg', jpg(80 * kb));
    expect(image).toMatchObject({ code: 0, data: { type: 'jpg', name: '执照.jpg' } });
    const script = await upload(admin, 'scriptUpload', '话术.docx', docx);
    expect(script).toMatchObject({ code: 0, data: { type: 'docx' } });
    const name = fileOf(image.data.url);
    expect((await t.request('GET', `/base/sys/oss/file/${name}`)).body.code).not.toBe(0);
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    const link = await t.call(r.documentLink, { name }, admin);
    expect(link.body.data.expiresAt - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(link.body.data.expiresAt - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    const own = await get(link.body.data.url);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['content-disposition']).toContain(encodeURIComponent('执照.jpg'));
    expect(own.rawPayload.length).toBe(80 * kb);
    const reviewer = await get(
      (await t.call(r.documentLink, { name: fileOf(script.data.url) }, platform)).body.data.url,
    );
    expect(reviewer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );

    // Past its five minutes, or changed in any part, a link serves nothing and says why.
    const { pathname, searchParams } = new URL(link.body.data.url, 'http://x');
    const signer = createLinkSigner(loadConfig({}).documentLinkKey);
    const expired = await get(signer.sign(pathname, -1000).url);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({
      code: 403,
      msg: '资料链接已过期（5分钟内有效），请回到页面重新点击查看',
      reason: 'callerReport.linkExpired',
    });
    const exp = searchParams.get('exp')!;
    const sig = searchParams.get('sig')!;
    const tampered = [
      `${pathname}?exp=${Number(exp) + 60_000}&sig=${sig}`,
      `${pathname}?exp=${exp}&sig=${sig.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`,
      `${pathname.replace(/\/doc\/\d+\//, '/doc/1/')}?exp=${exp}&sig=${sig}`,
      pathname,
    ];
    for (const url of tampered) {
      const res = await get(url);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, msg: '资料链接无效，请回到页面重新点击查看' });
    }
    // Signed for another enterprise, the file is not found there.
    const misplaced = await get(signer.sign(pathname.replace(/\/doc\/\d+\//, '/doc/1/'), 60_000).url);
    expect(misplaced.json()).toMatchObject({ code: 10056, msg: '文件不存在' });
    // The signed-in file route is gone: only links serve documents.
    expect((await t.request('GET', `/base/data/apply/file/${name}`, { token: admin })).body.code).not.toBe(0);

    const stranger = await otherEnterprise(t, { code: 'E900301', username: 'report_other', mobile: '13700000301' });
    const refused = await t.call(r.documentLink, { name }, stranger.token);
    expect(refused.body).toMatchObject({ code: 10056, msg: '文件不存在' });
    // A private upload is not an image another area may take as its own (the licence's check).
    const cert = await t.call(
      routeTables.certification.certSubmit,
      {
        type: 'enterprise',
        companyName: '演示科技有限公司',
        creditCode: '91350100M000100Y43',
        legalPerson: '张明',
        licenseUrl: image.data.url,
      },
      admin,
    );
    expect(cert.body.code).not.toBe(0);
  });

  it('takes materials as versions, the ID number sealed and shown masked', async () => {
    const bad = async (input: object) => (await t.call(r.materialsSubmit, input as never, admin)).body;
    const documents = await uploadAll(admin);
    expect(await bad({ ...materials(documents), creditCode: '91350100M000100Y44' })).toMatchObject({
      code: 10002,
      msg: '统一社会信用代码格式不正确（18位，含校验位）（字段：creditCode）',
    });
    expect(await bad({ ...materials(documents), applicantType: 'agent' })).toMatchObject({
      msg: '请上传委托授权书（字段：documents）',
    });
    // Another enterprise's upload, or a script in a photo's place, is not taken.
    const stranger = await otherEnterprise(t, { code: 'E900302', username: 'report_other2', mobile: '13700000302' });
    const foreign = fileOf((await upload(stranger.token, 'imageUpload', 'a.png', png(60 * kb))).data.url);
    expect(
      await bad(materials(documents.map((d) => (d.kind === 'license' ? { ...d, file: foreign } : d)))),
    ).toMatchObject({ code: 10002, msg: '资料文件请通过上传获得' });
    const scriptFile = documents.find((d) => d.kind === 'script')!.file;
    expect(
      await bad(materials(documents.map((d) => (d.kind === 'idFront' ? { ...d, file: scriptFile } : d)))),
    ).toMatchObject({ msg: '身份证人像面的文件类型不正确，请重新上传' });
    expect((await t.call(r.materialsInfo, {}, admin)).body.data).toEqual({ materials: null, versions: [] });

    const first = await t.call(r.materialsSubmit, materials(documents), admin);
    expect(first.body.msg).toBe('success');
    expect(first.body.data).toMatchObject({ version: 1, idNumberMasked: '110***********002X', mobile: '13912345678' });
    expect(JSON.stringify(first.body)).not.toContain('11010519491231002X');
    const second = await t.call(r.materialsSubmit, { ...materials(documents), usageScenario: '新品推广' }, admin);
    expect(second.body.data.version).toBe(2);
    const info = await t.call(r.materialsInfo, {}, admin);
    expect(info.body.data.materials?.usageScenario).toBe('新品推广');
    expect(info.body.data.versions.map((v) => v.version)).toEqual([2, 1]);
    expect((await t.call(r.materialsInfo, { version: 1 }, admin)).body.data.materials?.usageScenario).toBe(
      '老客户回访与续费提醒',
    );
    expect((await t.call(r.materialsInfo, { version: 9 }, admin)).body.msg).toBe('该版本的资料不存在');
    // At rest: AES-256-GCM under the configured key, never the number itself.
    const [row] = await t.database.db.select().from(callerReportMaterials).where(eq(callerReportMaterials.version, 1));
    const [iv, tag, body] = row!.idNumberCipher.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', loadConfig({}).dataKey!, iv!);
    decipher.setAuthTag(tag!);
    expect(Buffer.concat([decipher.update(body!), decipher.final()]).toString()).toBe('11010519491231002X');
    // Another enterprise sees none of it.
    expect((await t.call(r.materialsInfo, {}, stranger.token)).body.data.versions).toEqual([]);
  });

  it('reports a number, is rejected with a reason, corrects, resubmits and is approved; the enterprise is told', async () => {
    const numbers = (await t.call(r.reportNumbers, {}, admin)).body.data;
    expect(numbers.find((l) => l.lineId === sipLineId)?.numbers).toContain('057188881002');
    expect(
      (
        await t.call(
          r.reportSave,
          { lineId: sipLineId, number: '02100000000', scenario: '回访', script: '您好' },
          admin,
        )
      ).body.msg,
    ).toBe('该号码不是本企业在此线路上可用的外显号码');
    const saved = await t.call(
      r.reportSave,
      { lineId: sipLineId, number: '0571-8888-1002', scenario: '回访', script: '您好，回访' },
      admin,
    );
    expect(saved.body.data).toMatchObject({ state: 'draft', number: '057188881002', materialsVersion: null });
    const id = saved.body.data.id;
    expect(
      (
        await t.call(
          r.reportSave,
          { lineId: sipLineId, number: '057188881002', scenario: '回访', script: '再次' },
          admin,
        )
      ).body.msg,
    ).toBe('该号码已有报备，请在报备记录中修改后重新提交');
    // A draft is not the platform's to see.
    expect((await t.call(r.reviewInfo, { id }, platform)).body.msg).toBe('报备不存在或已删除');

    const submitted = await t.call(r.reportSubmit, { id }, admin);
    expect(submitted.body.data).toMatchObject({ state: 'pending', materialsVersion: 2 });
    expect(
      (await t.call(r.reportSave, { id, lineId: sipLineId, number: '057188881002', scenario: 'x', script: 'y' }, admin))
        .body.msg,
    ).toBe('待审核的报备不能修改');
    expect((await t.call(r.reportSubmit, { id }, admin)).body.msg).toBe('待审核的报备不能提交');

    const queue = await t.call(r.reviewPage, { page: 1, limit: 50, state: 'pending', number: '1002' }, platform);
    expect(queue.body.data.records.map((x) => x.id)).toContain(id);
    const detail = await t.call(r.reviewInfo, { id }, platform);
    expect(detail.body.data.materials).toMatchObject({ version: 2, usageScenario: '新品推广' });
    expect(detail.body.data.materials?.documents).toHaveLength(6);

    expect((await t.call(r.reviewExamine, { id, pass: false }, platform)).body.msg).toBe('驳回时请填写驳回原因');
    expect((await t.call(r.reviewExamine, { id, pass: false, reason: '话术与使用场景不符' }, platform)).body.code).toBe(
      0,
    );
    const rejected = await t.call(r.reportInfo, { id }, admin);
    expect(rejected.body.data.report).toMatchObject({
      state: 'rejected',
      reason: '话术与使用场景不符',
      reviewer: '平台运营',
    });
    const bell = await t.call(routeTables.system.myNoticePage, { page: 1, limit: 5 }, admin);
    expect(bell.body.data.records[0]).toMatchObject({
      title: '号码报备被驳回',
      content: '外显号码 057188881002 的报备被驳回：话术与使用场景不符。请修改后重新提交。',
    });

    const corrected = await t.call(
      r.reportSave,
      { id, lineId: sipLineId, number: '057188881002', scenario: '回访', script: '您好，这里是演示科技回访' },
      admin,
    );
    expect(corrected.body.data).toMatchObject({ state: 'rejected', script: '您好，这里是演示科技回访' });
    expect((await t.call(r.reportSubmit, { id }, admin)).body.data).toMatchObject({ state: 'pending', reason: '' });
    expect((await t.call(r.reviewExamine, { id, pass: true }, platform)).body.code).toBe(0);
    expect((await t.call(r.reportInfo, { id }, admin)).body.data.report.state).toBe('approved');
    expect(
      (await t.call(r.reportPage, { page: 1, limit: 50, state: 'approved' }, admin)).body.data.records.map((x) => x.id),
    ).toContain(id);
    const told = await t.call(routeTables.system.myNoticePage, { page: 1, limit: 5 }, admin);
    expect(told.body.data.records[0]?.title).toBe('号码报备已通过');
    // Every decision is in the platform's operation log.
    const log = await t.call(routeTables.system.logPage, { page: 1, limit: 10 }, platform);
    expect(log.body.data.records.filter((l) => l.summary === '审核号码报备').length).toBeGreaterThanOrEqual(3);
  });

  it('of two reviewers deciding one report at once, one decides and the other is told', async () => {
    const saved = await t.call(
      r.reportSave,
      { lineId: sipLineId, number: '057188880002', scenario: '回访', script: '您好' },
      admin,
    );
    const id = saved.body.data.id;
    await t.call(r.reportSubmit, { id }, admin);
    const results = await Promise.all([
      t.call(r.reviewExamine, { id, pass: true }, platform),
      t.call(r.reviewExamine, { id, pass: false, reason: '资料不清晰' }, platform),
      t.call(r.reviewExamine, { id, pass: true }, platform),
    ]);
    expect(results.filter((x) => x.body.code === 0)).toHaveLength(1);
    expect(results.filter((x) => x.body.msg === '该报备已审核或不在待审核状态，请刷新后重试')).toHaveLength(2);
    const [row] = await t.database.db.select().from(callerReports).where(eq(callerReports.id, id));
    expect(['approved', 'rejected']).toContain(row!.state);
  });

  it('keeps reports to their enterprise and the reader data scope; the review to the platform', async () => {
    const stranger = await otherEnterprise(t, { code: 'E900303', username: 'report_other3', mobile: '13700000303' });
    const page = await t.call(r.reportPage, { page: 1, limit: 50 }, stranger.token);
    expect(page.body.data.total).toBe(0);
    const ours = (await t.call(r.reportPage, { page: 1, limit: 50 }, admin)).body.data.records[0]!;
    expect((await t.call(r.reportInfo, { id: ours.id }, stranger.token)).body.msg).toBe('报备不存在或已删除');
    expect((await t.call(r.reviewPage, { page: 1, limit: 5 }, stranger.token)).body.code).toBe(403);
    expect((await t.call(r.reviewExamine, { id: ours.id, pass: true }, admin)).body.code).toBe(403);
    // A manager whose data scope is his department sees the reports he or they created, not the administrator's.
    await t.database.db.execute(sql`
      update roles set permissions = permissions || array['report:number:list', 'report:number:submit']
      where id in (select ur.role_id from user_roles ur join users u on u.id = ur.user_id where u.username = 'manager')`);
    const manager = await t.loginAs.manager();
    const his = await t.call(
      r.reportSave,
      { lineId: sipLineId, number: '057188881001', scenario: '回访', script: '您好' },
      manager,
    );
    expect(his.body.code).toBe(0);
    const seen = (await t.call(r.reportPage, { page: 1, limit: 50 }, manager)).body.data.records.map((x) => x.id);
    expect(seen).toEqual([his.body.data.id]);
    expect((await t.call(r.reportInfo, { id: ours.id }, manager)).body.msg).toBe('报备不存在或已删除');
    const all = (await t.call(r.reportPage, { page: 1, limit: 50 }, admin)).body.data.records.map((x) => x.id);
    expect(all).toContain(his.body.data.id);
    expect(all.length).toBeGreaterThan(1);
    // A seller is not given the reports by his role.
    expect((await t.call(r.reportPage, { page: 1, limit: 50 }, await t.loginAs.agent())).body.code).toBe(403);
    // The spreadsheet holds what each reader's list holds, under the list's filter.
    const sheetOf = async (token: string, filter: object = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: r.reportExport.path,
        headers: { 'cloud-token': token },
        payload: filter,
      });
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('报备记录'));
      return readXlsx(res.rawPayload);
    };
    const managerSheet = await sheetOf(manager);
    expect(managerSheet[0]).toEqual([
      '外显号码',
      '线路',
      '使用场景',
      '通话话术',
      '状态',
      '驳回原因',
      '创建人',
      '创建时间',
      '提交时间',
      '审核人',
      '审核时间',
    ]);
    expect(managerSheet.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ['057188881001', expect.any(String), '回访', '您好', '草稿'],
    ]);
    expect((await sheetOf(admin)).length - 1).toBe(all.length);
    expect((await sheetOf(admin, { number: '057188881001' })).length - 1).toBe(1);
    expect((await sheetOf(stranger.token)).length - 1).toBe(0);
  });
  it('lets an agent the platform allows review its own enterprises’ reports, as the platform does, one decision per report', async () => {
    const a = routeTables.callerReportAgent;
    const ours = await createTestAgent(t, platform, {
      name: '报备审核代理',
      username: 'report_agent1',
      mobile: '13700000411',
    });
    const theirs = await createTestAgent(t, platform, {
      name: '别家代理',
      username: 'report_agent2',
      mobile: '13700000412',
    });
    const adminTenant = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select tenant_id::int as id from users where username = 'admin'`),
    )[0]!.id;
    await t.database.db.update(tenants).set({ agentId: ours.id }).where(eq(tenants.id, adminTenant));
    await t.database.db.delete(callerReports).where(eq(callerReports.number, '057188880001'));
    const saved = await t.call(
      r.reportSave,
      { lineId: sipLineId, number: '057188880001', scenario: '回访', script: '您好，这里是演示科技' },
      admin,
    );
    const id = saved.body.data.id;

    // Not until the platform allows it.
    expect((await t.call(a.agentReviewPage, { page: 1, limit: 50 }, ours.token)).body.msg).toBe(
      '平台尚未允许贵司审核号码报备，如需开通请联系平台',
    );
    for (const agent of [ours, theirs]) {
      const allowed = await t.call(
        routeTables.agent.platformAgentReportReview,
        { id: agent.id, isAllowed: true },
        platform,
      );
      expect(allowed.body.code).toBe(0);
    }
    expect(
      (await t.call(routeTables.agent.platformAgentReportReview, { id: adminTenant, isAllowed: true }, platform)).body
        .msg,
    ).toBe('代理商不存在，请刷新后重新选择');
    expect(
      (await t.call(routeTables.agent.platformAgentPage, { page: 1, limit: 50 }, platform)).body.data.records.find(
        (x) => x.id === ours.id,
      )?.reviewsReports,
    ).toBe(true);

    // A draft is the enterprise's own; once submitted it is in the agent's queue, not another agent's.
    const queueIds = async (token: string) =>
      (await t.call(a.agentReviewPage, { page: 1, limit: 50 }, token)).body.data.records.map((x) => x.id);
    expect(await queueIds(ours.token)).not.toContain(id);
    await t.call(r.reportSubmit, { id }, admin);
    expect(await queueIds(ours.token)).toContain(id);
    expect(await queueIds(theirs.token)).toEqual([]);
    expect((await t.call(a.agentReviewInfo, { id }, theirs.token)).body.msg).toBe('报备不存在或已删除');
    expect((await t.call(a.agentReviewExamine, { id, pass: true }, theirs.token)).body.msg).toBe('报备不存在或已删除');

    // The materials' documents open for our agent, not for the other.
    const detail = await t.call(a.agentReviewInfo, { id }, ours.token);
    const file = detail.body.data.materials!.documents[0]!.file;
    const link = await t.call(a.agentReviewDocument, { name: file }, ours.token);
    expect(link.body.code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: link.body.data.url })).statusCode).toBe(200);
    expect((await t.call(a.agentReviewDocument, { name: file }, theirs.token)).body.msg).toBe('文件不存在');
    // An enterprise's staff, the platform and the agent's distributor hold none of the agent's review routes.
    const jxs = (
      await t.call(
        routeTables.agent.createJxsInfo,
        { name: '报备经销商', contactName: '经销商', mobile: '13700000413', username: 'report_jxs1' },
        ours.token,
      )
    ).body.data;
    const jxsFirst = await t.login('report_jxs1', jxs.initialPassword!);
    await t.call(
      routeTables.auth.updatePassword,
      { oldPassword: jxs.initialPassword!, newPassword: 'Jxs@2026x' },
      jxsFirst,
    );
    const distributor = await t.login('report_jxs1', 'Jxs@2026x');
    expect((await t.call(a.agentReviewPage, { page: 1, limit: 5 }, distributor)).body.code).toBe(403);
    expect((await t.call(a.agentReviewDocument, { name: file }, distributor)).body.code).toBe(403);
    expect((await t.call(a.agentReviewPage, { page: 1, limit: 5 }, admin)).body.code).toBe(403);
    expect((await t.call(a.agentReviewPage, { page: 1, limit: 5 }, platform)).body.code).toBe(403);

    // The agent and the platform at once: one decision.
    const results = await Promise.all([
      t.call(a.agentReviewExamine, { id, pass: false, reason: '话术不完整' }, ours.token),
      t.call(r.reviewExamine, { id, pass: true }, platform),
      t.call(a.agentReviewExamine, { id, pass: true }, ours.token),
    ]);
    expect(results.filter((x) => x.body.code === 0)).toHaveLength(1);
    expect(results.filter((x) => x.body.msg === '该报备已审核或不在待审核状态，请刷新后重试')).toHaveLength(2);

    // Decided by the agent, it says so to the enterprise.
    await t.database.db
      .update(callerReports)
      .set({ state: 'pending', reviewer: '', reviewedAt: null })
      .where(eq(callerReports.id, id));
    expect((await t.call(a.agentReviewExamine, { id, pass: false }, ours.token)).body.msg).toBe('驳回时请填写驳回原因');
    expect((await t.call(a.agentReviewExamine, { id, pass: false, reason: '话术不完整' }, ours.token)).body.code).toBe(
      0,
    );
    expect((await t.call(r.reportInfo, { id }, admin)).body.data.report).toMatchObject({
      state: 'rejected',
      reason: '话术不完整',
      reviewer: '代理人（报备审核代理）',
    });
    const bell = await t.call(routeTables.system.myNoticePage, { page: 1, limit: 5 }, admin);
    expect(bell.body.data.records[0]?.title).toBe('号码报备被驳回');

    // Withdrawn by the platform, the permission is gone at once.
    await t.call(routeTables.agent.platformAgentReportReview, { id: ours.id, isAllowed: false }, platform);
    expect((await t.call(a.agentReviewInfo, { id }, ours.token)).body.msg).toBe(
      '平台尚未允许贵司审核号码报备，如需开通请联系平台',
    );
    await t.database.db.update(tenants).set({ agentId: null }).where(eq(tenants.id, adminTenant));
  });
  it('tells where the enterprise stands (tenant-open-info): the platform’s requirement, the latest materials, its reports by state', async () => {
    const info = (await t.call(r.tenantOpenInfo, {}, admin)).body.data;
    const countOf = async (state: string) =>
      (await t.call(r.reportPage, { page: 1, limit: 1, state: state as never }, admin)).body.data.total;
    expect(info.reports).toEqual({
      draft: await countOf('draft'),
      pending: await countOf('pending'),
      approved: await countOf('approved'),
      rejected: await countOf('rejected'),
    });
    const versions = (await t.call(r.materialsInfo, {}, admin)).body.data.versions;
    expect(info.materials).toEqual(versions[0]);
    expect(info).toMatchObject({ isAuditOn: true, canCall: info.reports.approved > 0 });

    // An enterprise that has sent nothing cannot call while 数据审核 is on, and can once it is off.
    const stranger = await otherEnterprise(t, { code: 'E900304', username: 'report_other4', mobile: '13700000304' });
    expect((await t.call(r.tenantOpenInfo, {}, stranger.token)).body.data).toEqual({
      isAuditOn: true,
      materials: null,
      reports: { draft: 0, pending: 0, approved: 0, rejected: 0 },
      canCall: false,
    });
    const setAudit = (value: string) =>
      t.database.db
        .insert(brandOptions)
        .values({ host: '', optionKey: 'data_audit', optionValue: value })
        .onConflictDoUpdate({ target: [brandOptions.host, brandOptions.optionKey], set: { optionValue: value } });
    await setAudit('0');
    expect((await t.call(r.tenantOpenInfo, {}, stranger.token)).body.data).toMatchObject({
      isAuditOn: false,
      canCall: true,
    });
    await setAudit('1');
  });
});
