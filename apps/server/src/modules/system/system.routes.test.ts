import fs from 'node:fs';
import path from 'node:path';
import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { ExcelJS } from '../../http/exceljs.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';

const r = routeTables.system;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const multipart = (name: string, content: Buffer, type: string) => {
  const boundary = '----yunhutest';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

describe('system endpoints', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const upload = async (token: string, name: string, content: Buffer, type = 'image/png') => {
    const body = multipart(name, content, type);
    const res = await t.app.inject({
      method: 'POST',
      url: r.upload.path,
      headers: { 'cloud-token': token, 'content-type': body.contentType },
      payload: body.payload,
    });
    return res.json();
  };

  describe('notices', () => {
    it('shows platform notices and the ones addressed to the enterprise, with the unread count', async () => {
      const token = await t.loginAs.agent();
      const page = await t.call(r.myNoticePage, { page: 1, limit: 10 }, token);
      expect(page.body.data.total).toBe(4);
      expect(page.body.data.unreadCount).toBe(4);
      expect(page.body.data.records[0]!.title).toBe('演示科技：月度套餐即将到期');
      const platform = await t.call(r.myNoticePage, { page: 1, limit: 10 }, await t.loginAs.platform());
      expect(platform.body.data.total).toBe(3);
    });

    it('marks one and then all as read, per user', async () => {
      const token = await t.loginAs.manager();
      const page = await t.call(r.myNoticePage, { page: 1, limit: 10 }, token);
      const first = page.body.data.records[0]!;
      expect((await t.call(r.noticeRead, { ids: [first.id] }, token)).body.data.unreadCount).toBe(3);
      const read = await t.call(r.myNoticePage, { page: 1, limit: 10, isRead: '1' }, token);
      expect(read.body.data.records.map((n) => n.id)).toEqual([first.id]);
      expect((await t.call(r.noticeRead, { all: true }, token)).body.data.unreadCount).toBe(0);
      const admin = await t.call(r.myNoticePage, { page: 1, limit: 10 }, await t.loginAs.admin());
      expect(admin.body.data.unreadCount).toBe(4);
      expect((await t.call(r.noticeRead, {}, token)).body.msg).toBe('请选择要标记的通知');
    });

    it("cannot mark another tenant's notice", async () => {
      const agent = await t.loginAs.agent();
      const targeted = (await t.call(r.myNoticePage, { page: 1, limit: 1 }, agent)).body.data.records[0]!;
      const platform = await t.loginAs.platform();
      const res = await t.call(r.noticeRead, { ids: [targeted.id] }, platform);
      expect(res.body.data.unreadCount).toBe(3);
    });
  });

  it('serves dictionaries in order', async () => {
    const res = await t.call(r.dictByType, { dictType: 'intention_level' }, await t.loginAs.agent());
    expect(res.body.data.map((d) => d.value)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('serves brand options to anyone, host options over defaults', async () => {
    const res = await t.call(r.brandOptions, { host: 'console.example.com', showDefault: 1 });
    const map = Object.fromEntries(res.body.data.data.map((o) => [o.optionKey, o.optionValue]));
    expect(map.platform_name).toBe('云呼外呼管理平台');
    // The demo brand links no guide of its own: the console's 操作指南 is the guide.
    expect(map.user_guide).toBe('');
  });

  describe('uploads', () => {
    it('stores an image, serves it back and takes it as avatar', async () => {
      const token = await t.loginAs.agent();
      const res = await upload(token, '头像.png', png);
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ name: '头像.png', size: png.length, type: 'png' });
      const file = await t.app.inject({ method: 'GET', url: res.data.url });
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.equals(png)).toBe(true);
      expect((await t.call(routeTables.org.modifyHeadUrl, { headUrl: res.data.url }, token)).body.code).toBe(0);
      // Another enterprise cannot take it.
      const other = await t.call(routeTables.org.modifyHeadUrl, { headUrl: res.data.url }, await t.loginAs.platform());
      expect(other.body.code).toBe(10002);
    });

    it('refuses a file that is not what it claims, and one too large', async () => {
      const token = await t.loginAs.agent();
      const fake = await upload(token, 'virus.png', Buffer.from('MZ\x90\x00 not an image'));
      expect(fake).toMatchObject({ code: 10002, msg: '只支持 PNG、JPG、GIF、WEBP 图片或 PDF 文件', data: null });
      const big = await upload(token, 'big.png', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
      expect(big).toMatchObject({ code: 10002, msg: '文件不能超过5MB', data: null });
      const missing = await t.app.inject({
        method: 'GET',
        url: '/base/sys/oss/file/0123456789abcdef0123456789abcdef.png',
      });
      expect(missing.json()).toMatchObject({ code: 10056, msg: '文件不存在' });
    });
  });

  describe('uploads that are refused or served', () => {
    const uploadDir = () => path.join(t.dataDir, 'uploads');
    const filesLeft = () => (fs.existsSync(uploadDir()) ? fs.readdirSync(uploadDir()).length : 0);
    const rowsLeft = async () =>
      rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from uploads`))[0]!.n;

    it('a refused file leaves no stored file and no row, whatever the reason', async () => {
      const token = await t.loginAs.agent();
      const before = { files: filesLeft(), rows: await rowsLeft() };
      // A NUL in the name reached the database after the file was written: an orphan file and a 500.
      const nul = await upload(token, 'a\u0000b.png', png);
      expect(nul).toMatchObject({ code: 10002 });
      const control = await upload(token, 'line\u0007break.png', png);
      expect(control).toMatchObject({ code: 10002 });
      expect(await upload(token, `${'长'.repeat(300)}.png`, png)).toMatchObject({ code: 10002 });
      expect(await upload(token, 'x.png', Buffer.from('MZ not an image'))).toMatchObject({ code: 10002 });
      expect(await upload(token, 'big.png', Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]))).toMatchObject({
        code: 10002,
      });
      expect(await upload(token, 'empty.png', Buffer.alloc(0))).toMatchObject({ code: 10002 });
      expect({ files: filesLeft(), rows: await rowsLeft() }).toEqual(before);
      // An accepted one leaves exactly one file and one row (no temporary file behind).
      expect((await upload(token, '头像.png', png)).code).toBe(0);
      expect({ files: filesLeft(), rows: await rowsLeft() }).toEqual({
        files: before.files + 1,
        rows: before.rows + 1,
      });
    });

    it('serves images inline and anything else (a PDF with JavaScript) as an attachment, never sniffed', async () => {
      const token = await t.loginAs.agent();
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>\n',
      );
      const doc = await upload(token, '说明.pdf', pdf, 'application/pdf');
      expect(doc).toMatchObject({ code: 0, data: { type: 'pdf' } });
      const served = await t.app.inject({ method: 'GET', url: doc.data.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toMatch(/^attachment;/);
      expect(served.headers['content-disposition']).toContain(encodeURIComponent('说明.pdf'));
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      const image = await upload(token, '图.png', png);
      const shown = await t.app.inject({ method: 'GET', url: image.data.url });
      expect(shown.headers['content-type']).toBe('image/png');
      expect(shown.headers['content-disposition'] ?? 'inline').toMatch(/^inline/);
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('operation log', () => {
    it('records audited actions with who, route, IP and result', async () => {
      await t.call(routeTables.auth.login, { username: 'agent02', password: 'wrong-pw' }, null, '10.77.0.1');
      const token = await t.loginAs.admin();
      const page = await t.call(r.logPage, { page: 1, limit: 5, userName: 'agent02' }, token);
      expect(page.body.data.records[0]).toMatchObject({
        userName: 'agent02',
        realName: '赵丽',
        module: '登录认证',
        summary: '密码登录',
        route: 'POST /sso/login',
        ip: '10.77.0.1',
        result: 'failure',
        message: '账号或密码错误',
      });
      const detail = await t.call(r.logInfo, { id: page.body.data.records[0]!.id }, token);
      expect(detail.body.data.detail).toContain('******');
      expect(detail.body.data.detail).not.toContain('wrong-pw');
    });

    it('filters, sorts and pages on the server', async () => {
      const token = await t.loginAs.admin();
      const failures = await t.call(r.logPage, { page: 1, limit: 500, result: 'failure' }, token);
      expect(failures.body.data.records.every((l) => l.result === 'failure')).toBe(true);
      const asc = await t.call(r.logPage, { page: 2, limit: 10, sortField: 'createdAt', sortOrder: 'ascend' }, token);
      const times = asc.body.data.records.map((l) => l.createdAt);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(asc.body.data).toMatchObject({ current: 2, size: 10 });
      expect(asc.body.data.pages).toBe(Math.ceil(asc.body.data.total / 10));
      const bad = await t.call(r.logPage, { page: 1, limit: 10, sortField: 'password' as 'module' }, token);
      expect(bad.body.code).toBe(10002);
    });

    it("keeps each enterprise's log to itself", async () => {
      const platform = await t.loginAs.platform();
      const page = await t.call(r.logPage, { page: 1, limit: 500 }, platform);
      expect(page.body.data.records.every((l) => ['platform'].includes(l.userName))).toBe(true);
      const demoLog = (await t.call(r.logPage, { page: 1, limit: 1 }, await t.loginAs.admin())).body.data.records[0]!;
      expect((await t.call(r.logInfo, { id: demoLog.id }, platform)).body).toMatchObject({
        code: 10056,
        msg: '日志不存在',
      });
    });

    it('exports the filtered log as xlsx with Chinese headers', async () => {
      const token = await t.loginAs.admin();
      const res = await t.app.inject({
        method: 'POST',
        url: r.logExport.path,
        headers: { 'cloud-token': token },
        payload: { result: 'failure' },
      });
      expect(res.headers['content-disposition']).toContain(encodeURIComponent('操作日志'));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      expect(sheet.getRow(1).values).toContain('操作时间');
      const listed = await t.call(r.logPage, { page: 1, limit: 500, result: 'failure' }, token);
      expect(sheet.rowCount - 1).toBe(listed.body.data.total);
      const manager = await t.app.inject({
        method: 'POST',
        url: r.logExport.path,
        headers: { 'cloud-token': await t.loginAs.manager() },
        payload: {},
      });
      expect(manager.json().code).toBe(403);
    });
  });
});
