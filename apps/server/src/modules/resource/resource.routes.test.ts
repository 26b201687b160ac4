import { ResultCode, routeTables, type TResourceSave } from '@yunhu/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { departments, roles, tenants, userRoles, users } from '../org/org.schema.js';
import { resourceFolders, resourceItems } from './resource.schema.js';

const r = routeTables.resource;
const pdf = Buffer.from('%PDF-1.4\n%价目表\n');
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]);
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);

const script = (title: string, more: Partial<TResourceSave> = {}): TResourceSave => ({
  kind: 'script',
  title,
  sections: [
    { kind: 'opening', heading: '开场白', text: '您好，我是演示科技的顾问小王。' },
    {
      kind: 'objection',
      heading: '异议处理',
      pairs: [{ question: '太贵了', answer: '我们按分钟计费，没有月租。' }],
    },
  ],
  ...more,
});

describe('资料库', () => {
  let t: TTestApp;
  let admin: string;
  let manager: string;
  let agent01: string;
  let agent02: string;
  let agent04: string;
  let firstDept: number;
  let secondDept: number;
  let managerRole: number;

  const save = async (token: string, input: TResourceSave) => t.call(r.librarySave, input, token);
  const saved = async (input: TResourceSave) => {
    const res = await save(admin, input);
    expect(res.body).toMatchObject({ code: 0 });
    return res.body.data;
  };
  const titles = async (token: string, query: Parameters<typeof t.call<typeof r.libraryPage>>[1] = {}) => {
    const res = await t.call(r.libraryPage, { limit: 100, ...query }, token);
    expect(res.body.code).toBe(0);
    return res.body.data.records.map((x) => x.title);
  };
  const upload = async (token: string, name: string, content: Buffer) => {
    const boundary = '----yunhulibrary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: r.libraryUpload.path,
      headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    return res.json() as { code: number; msg: string; data: { url: string; name: string; type: string } };
  };

  beforeAll(async () => {
    t = await startTestApp();
    const { db } = t.database;
    // The demo enterprise is seeded with a library; these tests start it over.
    await db.delete(resourceItems);
    await db.delete(resourceFolders);
    admin = await t.loginAs.admin();
    manager = await t.loginAs.manager();
    agent01 = await t.loginAs.agent();
    agent04 = await t.login('agent04', 'Agent@2026');
    const [demo] = await db.select().from(tenants).where(eq(tenants.code, 'E100001'));
    const depts = await db.select().from(departments).where(eq(departments.tenantId, demo!.id));
    firstDept = depts.find((d) => d.name === '销售一部')!.id;
    secondDept = depts.find((d) => d.name === '销售二部')!.id;
    // A team below 销售一部: what is for 销售一部 is for it too.
    const [team] = await db
      .insert(departments)
      .values({ tenantId: demo!.id, parentId: firstDept, name: '销售一组' })
      .returning();
    await db.update(users).set({ deptId: team!.id }).where(eq(users.username, 'agent02'));
    agent02 = await t.login('agent02', 'Agent@2026');
    managerRole = (
      await db
        .select()
        .from(roles)
        .where(and(eq(roles.tenantId, demo!.id), eq(roles.name, '主管')))
    )[0]!.id;
  });
  afterAll(() => t.close());

  it('shows each reader what is for everyone, his department (and those above it), his roles', async () => {
    await saved(script('全员开场话术'));
    await saved(script('一部话术', { visibility: 'depts', deptIds: [firstDept] }));
    await saved(script('二部话术', { visibility: 'depts', deptIds: [secondDept] }));
    const forManagers = await saved(script('主管话术', { visibility: 'roles', roleIds: [managerRole] }));
    expect(forManagers).toMatchObject({ visibility: 'roles', audience: ['主管'], ownerName: '张明', canManage: true });

    const mine = ['全员开场话术', '一部话术', '二部话术', '主管话术'];
    expect((await titles(admin)).sort()).toEqual([...mine].sort());
    expect((await titles(agent01)).sort()).toEqual(['一部话术', '全员开场话术'].sort());
    expect((await titles(agent02)).sort()).toEqual(['一部话术', '全员开场话术'].sort());
    expect((await titles(agent04)).sort()).toEqual(['二部话术', '全员开场话术'].sort());
    expect((await titles(manager)).sort()).toEqual(['一部话术', '主管话术', '全员开场话术'].sort());

    // The page's total counts only what he may read, and what he may not read is not found.
    const page = await t.call(r.libraryPage, { limit: 1 }, agent04);
    expect(page.body.data).toMatchObject({ total: 2, pages: 2 });
    const hidden = await t.call(r.libraryInfo, { id: forManagers.id }, agent04);
    expect(hidden.body).toMatchObject({ code: ResultCode.conflict, msg: '资料不存在或已删除' });
    expect((await t.call(r.libraryUse, { id: forManagers.id }, agent04)).body.msg).toBe('资料不存在或已删除');
    const read = await t.call(r.libraryInfo, { id: forManagers.id }, manager);
    expect(read.body.data).toMatchObject({
      title: '主管话术',
      canManage: false,
      sections: [{ heading: '开场白' }, {}],
    });
  });

  it('lets only a manager write: readers are refused with 403', async () => {
    expect((await save(agent01, script('坐席写的'))).body.code).toBe(ResultCode.forbidden);
    expect((await save(manager, script('主管写的'))).body.code).toBe(ResultCode.forbidden);
    expect((await t.call(r.folderSave, { name: '坐席的' }, agent01)).body.code).toBe(ResultCode.forbidden);
    expect((await t.call(r.libraryAudience, {}, agent01)).body.code).toBe(ResultCode.forbidden);
    expect((await upload(agent01, '价目表.pdf', pdf)).code).toBe(ResultCode.forbidden);
  });

  it('refuses bad input with clear Chinese messages and keeps nothing of it', async () => {
    const before = (await titles(admin)).length;
    const msg = async (input: TResourceSave) => (await save(admin, input)).body;
    expect(await msg(script('  ', {}))).toMatchObject({
      code: ResultCode.invalid,
      msg: expect.stringContaining('请输入标题'),
    });
    expect((await msg(script('空话术', { sections: [] }))).msg).toContain('话术至少需要一个段落');
    expect((await msg(script('空段落', { sections: [{ kind: 'opening', heading: '开场白' }] }))).msg).toContain(
      '请填写段落内容',
    );
    expect((await msg({ kind: 'file', title: '没有文件' })).msg).toContain('请上传文件');
    expect((await msg(script('没选部门', { visibility: 'depts' }))).msg).toContain('请选择可以查看的部门');
    expect((await msg(script('没选角色', { visibility: 'roles' }))).msg).toContain('请选择可以查看的角色');
    expect((await msg({ kind: 'file', title: '编的文件', file: `${'a'.repeat(32)}.pdf` })).msg).toBe(
      '文件不存在或未上传成功，请重新上传',
    );
    expect((await msg(script('不存在的文件夹', { folderId: 999_999 }))).msg).toBe('文件夹不存在或已删除');
    expect((await msg(script('不存在的部门', { visibility: 'depts', deptIds: [999_999] }))).msg).toBe(
      '所选部门不存在或已删除，请重新选择',
    );
    const item = await saved(script('改类型'));
    expect((await msg({ id: item.id, kind: 'file', title: '改类型', file: `${'b'.repeat(32)}.pdf` })).msg).toBe(
      '资料类型不能修改，请新建一条资料',
    );
    expect((await upload(admin, '程序.pdf', exe)).code).toBe(ResultCode.invalid);
    expect((await titles(admin)).length).toBe(before + 1);
  });

  it('searches title, text and tags; filters by tag, kind and folder; keeps folders until they are empty', async () => {
    const folder = await t.call(r.folderSave, { name: '产品资料', sort: 1 }, admin);
    expect(folder.body).toMatchObject({ code: 0, data: { name: '产品资料', itemCount: 0 } });
    const folderId = folder.body.data.id;
    expect((await t.call(r.folderSave, { name: '产品资料' }, admin)).body.msg).toBe('文件夹“产品资料”已存在');
    await saved(script('续费话术', { folderId, tags: ['续费', '老客户'] }));
    const secret = await saved(
      script('二部续费', { folderId, tags: ['续费'], visibility: 'depts', deptIds: [secondDept] }),
    );

    expect(await titles(agent01, { keyword: '按分钟计费', folderId })).toEqual(['续费话术']);
    expect(await titles(agent01, { keyword: '老客户' })).toEqual(['续费话术']);
    expect((await titles(admin, { tag: '续费' })).sort()).toEqual(['二部续费', '续费话术'].sort());
    expect(await titles(admin, { kind: 'file' })).toEqual([]);
    expect(await titles(agent01, { folderId: 0, keyword: '续费' })).toEqual([]);
    expect((await t.call(r.libraryTags, {}, agent01)).body.data.sort()).toEqual(['老客户', '续费'].sort());
    // Each reader's folder counts only his items.
    const counts = async (token: string) =>
      (await t.call(r.folderList, {}, token)).body.data.find((f) => f.id === folderId)?.itemCount;
    expect(await counts(agent01)).toBe(1);
    expect(await counts(admin)).toBe(2);

    expect((await t.call(r.folderDelete, { id: folderId }, admin)).body.msg).toBe(
      '文件夹中还有2条资料，请先移走或删除后再删除文件夹',
    );
    expect((await t.call(r.libraryDelete, { id: secret.id }, admin)).body.code).toBe(0);
    expect((await t.call(r.libraryDelete, { id: secret.id }, admin)).body.msg).toBe('资料不存在或已删除');
  });

  it('counts every one of many parallel uses once', async () => {
    const item = await saved(script('热门话术'));
    const n = 20;
    const answers = await Promise.all(Array.from({ length: n }, () => t.call(r.libraryUse, { id: item.id }, agent01)));
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.useCount)).size).toBe(n);
    const info = await t.call(r.libraryInfo, { id: item.id }, admin);
    expect(info.body.data).toMatchObject({ useCount: n, lastUsedAt: expect.any(Number) });
    expect((await titles(agent01, { sort: 'uses', limit: 1 }))[0]).toBe('热门话术');
  });

  it('stores files privately and serves them only by a five-minute signed link to those who may read them', async () => {
    const up = await upload(admin, '价目表.pdf', pdf);
    expect(up).toMatchObject({ code: 0, data: { type: 'pdf', name: '价目表.pdf' } });
    const name = up.data.url.split('/').pop()!;
    // A private upload is not served by the public file route.
    expect((await t.request('GET', up.data.url)).body.code).not.toBe(0);
    const file = await saved({
      kind: 'file',
      title: '2026价目表',
      file: name,
      visibility: 'depts',
      deptIds: [firstDept],
    });
    expect(file.file).toMatchObject({ originalName: '价目表.pdf', type: 'pdf', size: pdf.length });
    expect(await titles(agent01, { keyword: '价目表' })).toEqual(['2026价目表']);

    const link = await t.call(r.libraryLink, { id: file.id }, agent01);
    expect(link.body.code).toBe(0);
    const served = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    const tampered = await t.app.inject({
      method: 'GET',
      url: link.body.data.url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`),
    });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject({ msg: '文件链接无效，请回到资料库重新打开' });

    expect((await t.call(r.libraryLink, { id: file.id }, agent04)).body.msg).toBe('资料不存在或已删除');
    const scriptItem = await saved(script('不是文件'));
    expect((await t.call(r.libraryLink, { id: scriptItem.id }, admin)).body.msg).toBe('该资料不是文件');
    const image = await upload(admin, '产品图.png', png);
    const imageItem = await saved({ kind: 'file', title: '产品图', file: image.data.url.split('/').pop()! });
    const imageLink = await t.call(r.libraryLink, { id: imageItem.id }, agent04);
    const shown = await t.app.inject({ method: 'GET', url: imageLink.body.data.url });
    expect(shown.headers['content-type']).toBe('image/png');
  });

  it('logs every write with its outcome, a refused one too; a use or a read writes none', async () => {
    const item = await saved(script('记日志的话术'));
    await t.call(r.libraryUse, { id: item.id }, agent01);
    await t.call(r.libraryDelete, { id: item.id }, admin);
    await t.call(r.libraryDelete, { id: item.id }, admin);
    const logs = rowsOf<{ summary: string; result: string; message: string }>(
      await t.database.db.execute(
        sql`select summary, result, message from operation_logs where route like '%/base/resource/library/%' order by id desc limit 3`,
      ),
    );
    expect(logs).toEqual([
      { summary: '删除资料', result: 'failure', message: '资料不存在或已删除' },
      { summary: '删除资料', result: 'success', message: '' },
      { summary: '保存资料', result: 'success', message: '' },
    ]);
  });

  it("keeps another enterprise's library, folders, departments and roles out of reach", async () => {
    const other = await otherEnterprise(t, { code: 'E900501', username: 'resother', mobile: '13700000501' });
    const ours = await saved(script('本企业话术'));
    const folder = (await t.call(r.folderSave, { name: '本企业文件夹' }, admin)).body.data;
    expect(await titles(other.token)).toEqual([]);
    expect((await t.call(r.libraryInfo, { id: ours.id }, other.token)).body.msg).toBe('资料不存在或已删除');
    expect((await t.call(r.libraryUse, { id: ours.id }, other.token)).body.msg).toBe('资料不存在或已删除');
    expect((await t.call(r.libraryDelete, { id: ours.id }, other.token)).body.msg).toBe('资料不存在或已删除');
    expect((await t.call(r.libraryLink, { id: ours.id }, other.token)).body.msg).toBe('资料不存在或已删除');
    expect((await save(other.token, script('改别家的', { id: ours.id }))).body.msg).toBe('资料不存在或已删除');
    expect((await save(other.token, script('放进别家文件夹', { folderId: folder.id }))).body.msg).toBe(
      '文件夹不存在或已删除',
    );
    expect((await save(other.token, script('别家部门', { visibility: 'depts', deptIds: [firstDept] }))).body.msg).toBe(
      '所选部门不存在或已删除，请重新选择',
    );
    expect(
      (await save(other.token, script('别家角色', { visibility: 'roles', roleIds: [managerRole] }))).body.msg,
    ).toBe('所选角色不存在或已删除，请重新选择');
    expect((await t.call(r.folderDelete, { id: folder.id }, other.token)).body.msg).toBe('文件夹不存在或已删除');
    expect((await t.call(r.folderList, {}, other.token)).body.data).toEqual([]);
    const audience = (await t.call(r.libraryAudience, {}, other.token)).body.data;
    expect(audience.depts).toEqual([]);
    expect(audience.roles.map((x) => x.name)).toEqual(['管理员']);
    // The ids we used are still ours, untouched.
    expect((await t.call(r.libraryInfo, { id: ours.id }, admin)).body.data.title).toBe('本企业话术');
    expect(await t.database.db.select().from(userRoles).where(eq(userRoles.tenantId, other.tenantId))).toHaveLength(1);
  });
});
