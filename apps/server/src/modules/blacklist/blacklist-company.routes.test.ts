import { routeTables } from '@yunhu/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.js';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';
import { readXlsx } from '../org/org.test-kit.js';

const b = routeTables.blacklist;

/** 企业黑名单 of companies and the company query, through the API. */
describe('company black-list', () => {
  let t: TTestApp;
  let admin: string;
  let manager: string;
  let agent: string;
  let seq = 0;
  /** A fresh credit code of the loose pattern (18 digits and capitals), so the tests stay apart. */
  const code = () => `91110000MA${String(++seq).padStart(7, '0')}X`;
  const name = (tag: string) => `${tag}测试${++seq}有限公司`;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, manager, agent] = await Promise.all([t.loginAs.admin(), t.loginAs.manager(), t.loginAs.agent()]);
  });
  afterAll(() => t.close());

  const add = async (body: { name?: string; creditCode?: string; remark?: string }, token = admin) => {
    const res = await t.call(b.companyAdd, body, token);
    expect(res.body.msg).toBe('success');
    return res.body.data;
  };
  const rowsNamed = async (key: string) =>
    rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from company_blacklist where name_key = ${key} or credit_code = ${key}`,
      ),
    )[0]!.n;

  it('adds a company by name and code, lists and finds it by either, with who added it', async () => {
    const [n, c] = [name('拉黑'), code()];
    const entry = await add({ name: `  ${n} `, creditCode: c.toLowerCase(), remark: '竞争对手' });
    expect(entry).toMatchObject({ name: n, creditCode: c, remark: '竞争对手', createdBy: '张明' });
    for (const keyword of [n.slice(0, 4), c.slice(5, 12)]) {
      const page = (await t.call(b.companyPage, { keyword }, manager)).body.data;
      expect(page.records.map((r) => r.id)).toEqual([entry.id]);
    }
    // Only a name, or only a code, is enough.
    expect((await add({ name: name('仅名称') })).creditCode).toBe('');
    expect((await add({ creditCode: code() })).name).toBe('');
  });

  it('refuses a company listed already, by code or by name in another width, politely', async () => {
    const [n, c] = [name('重复'), code()];
    await add({ name: n, creditCode: c });
    expect((await t.call(b.companyAdd, { creditCode: c, name: '另一个名字有限公司' }, admin)).body).toMatchObject({
      code: 10056,
      msg: `统一社会信用代码${c}已在企业黑名单中`,
    });
    // Full-width brackets and spaces name the same company.
    const wide = await t.call(b.companyAdd, { name: `${n.slice(0, 2)} ${n.slice(2)}` }, admin);
    expect(wide.body.msg).toBe(`企业「${n.slice(0, 2)} ${n.slice(2)}」已在企业黑名单中`);
    const bracketed = name('（北京）括号');
    await add({ name: bracketed });
    expect(
      (await t.call(b.companyAdd, { name: bracketed.replace('（', '(').replace('）', ')') }, admin)).body.code,
    ).toBe(10056);
  });

  it('refuses bad input in Chinese, writing nothing', async () => {
    const before = (await t.call(b.companyPage, { limit: 1 }, admin)).body.data.total;
    for (const [body, msg] of [
      [{}, '请填写企业名称或统一社会信用代码'],
      [{ name: '  ', creditCode: '' }, '请填写企业名称或统一社会信用代码'],
      [{ creditCode: '12345' }, '统一社会信用代码应为18位数字或大写字母（不含I、O、Z、S、V）'],
      [{ name: '长'.repeat(101) }, '企业名称最多100个字'],
      [{ name: '某公司', remark: 'x'.repeat(201) }, '备注最多200个字'],
    ] as const) {
      const res = await t.call(b.companyAdd, body as never, admin);
      expect(res.body.code).toBe(10002);
      expect(res.body.msg).toContain(msg);
    }
    expect((await t.call(b.companyAddBatch, { lines: [] }, admin)).body.code).toBe(10002);
    expect((await t.call(b.companyAddBatch, { lines: ['', '  '] }, admin)).body).toMatchObject({
      code: 10002,
      msg: '请输入企业名称或统一社会信用代码，每行一家',
    });
    expect((await t.call(b.companyQuery, { items: [] }, admin)).body.code).toBe(10002);
    expect((await t.call(b.companyPage, { limit: 1 }, admin)).body.data.total).toBe(before);
  });

  it('adds a batch: code and name lines, repeats and listed ones skipped with their reason', async () => {
    const listed = name('已在');
    await add({ name: listed });
    const [c1, n1, n2, c3] = [code(), name('批量'), name('批量'), code()];
    const res = await t.call(
      b.companyAddBatch,
      { lines: [`${c1} ${n1}`, n2, '', `${c3}`, n2, listed, '91110000ABC', `${c1},另一家公司`], remark: '批量' },
      admin,
    );
    expect(res.body.data).toEqual({
      added: 3,
      skipped: [
        { line: n2, reason: '与前面的行重复' },
        { line: '91110000ABC', reason: '统一社会信用代码应为18位数字或大写字母' },
        { line: `${c1},另一家公司`, reason: '与前面的行重复' },
        { line: listed, reason: `企业「${listed}」已在企业黑名单中` },
      ],
    });
    const page = (await t.call(b.companyPage, { keyword: c1 }, admin)).body.data;
    expect(page.records[0]).toMatchObject({ name: n1, creditCode: c1, remark: '批量' });
  });

  it('writes one row of ten parallel adds of one company; the others are told it is listed', async () => {
    const [n, c] = [name('并发'), code()];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_v, i) =>
        t.call(b.companyAdd, i % 2 ? { name: n, creditCode: c } : { creditCode: c }, admin),
      ),
    );
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== 0)) {
      expect(r.body).toMatchObject({ code: 10056, msg: `统一社会信用代码${c}已在企业黑名单中` });
    }
    expect(await rowsNamed(c)).toBe(1);
    // Parallel batches of the same lines: each company once.
    const lines = [name('并发批量'), name('并发批量'), code()];
    const batches = await Promise.all(Array.from({ length: 10 }, () => t.call(b.companyAddBatch, { lines }, admin)));
    expect(batches.reduce((sum, r) => sum + r.body.data.added, 0)).toBe(3);
    for (const line of lines) expect(await rowsNamed(line.replace(/\s/g, ''))).toBe(1);
  });

  it('answers the company query: which names or codes are listed', async () => {
    const [n, c] = [name('查询'), code()];
    const e = await add({ name: n, creditCode: c });
    const res = await t.call(b.companyQuery, { items: [n, c.toLowerCase(), '不在名单的公司', ` ${n} `] }, agent);
    // agent: no black-list permission, but 企业线索's view asks it.
    expect(res.body.msg).toBe('success');
    expect(res.body.data.records.map((r) => [r.input, r.isBlacklisted, r.entry?.id ?? null])).toEqual([
      [n, true, e.id],
      [c.toLowerCase(), true, e.id],
      ['不在名单的公司', false, null],
      [` ${n} `, true, e.id],
    ]);
  });

  it('removes one or many; another enterprise’s list never shows nor applies', async () => {
    const stranger = await otherEnterprise(t, { code: 'E9CB001', username: 'cbboss', mobile: '19900000971' });
    const n = name('租户');
    const mine = await add({ name: n });
    // The other enterprise may list the same company: its own list.
    const theirs = await add({ name: n }, stranger.token);
    expect((await t.call(b.companyPage, { keyword: n }, admin)).body.data.records.map((r) => r.id)).toEqual([mine.id]);
    expect((await t.call(b.companyPage, { keyword: n }, stranger.token)).body.data.records.map((r) => r.id)).toEqual([
      theirs.id,
    ]);
    const other = await add({ name: name('仅别家') }, stranger.token);
    expect((await t.call(b.companyQuery, { items: [other.name] }, admin)).body.data.records[0]!.isBlacklisted).toBe(
      false,
    );
    expect((await t.call(b.companyRemove, { ids: [theirs.id] }, admin)).body).toMatchObject({
      code: 10056,
      msg: '企业黑名单记录不存在或已删除',
    });
    const extra = await add({ name: name('移出') });
    expect((await t.call(b.companyRemove, { ids: [mine.id, extra.id, theirs.id] }, admin)).body.data).toEqual({
      deleted: 2,
    });
    expect((await t.call(b.companyPage, { keyword: n }, stranger.token)).body.data.total).toBe(1);
    expect((await t.call(b.companyQuery, { items: [n] }, admin)).body.data.records[0]!.isBlacklisted).toBe(false);
  });

  it('refuses what the role does not hold, like the number black-list', async () => {
    expect((await t.call(b.companyPage, {}, agent)).body.code).toBe(403);
    expect((await t.call(b.companyAdd, { name: name('无权') }, agent)).body.code).toBe(403);
    expect((await t.call(b.companyPage, {}, manager)).body.code).toBe(0);
    expect((await t.call(b.companyAdd, { name: name('无权') }, manager)).body.code).toBe(403);
    expect((await t.call(b.companyAddBatch, { lines: [name('无权')] }, manager)).body.code).toBe(403);
    expect((await t.call(b.companyRemove, { ids: [1] }, manager)).body.code).toBe(403);
    expect((await t.call(b.companyExport, {}, manager)).body.code).toBe(403);
    const res = await t.app.inject({ method: 'POST', url: b.companyPage.path, payload: {} });
    expect(res.json().code).toBe(401);
  });

  it('pages newest first and exports the list with Chinese headers', async () => {
    const tag = `分页${Date.now() % 100000}`;
    const added = [];
    for (let i = 0; i < 3; i++) added.push(await add({ name: `${tag}第${i}家有限公司`, remark: '导出' }));
    const second = (await t.call(b.companyPage, { keyword: tag, page: 2, limit: 2 }, admin)).body.data;
    expect(second).toMatchObject({ total: 3, current: 2, pages: 2 });
    expect(second.records.map((r) => r.id)).toEqual([added[0]!.id]);
    const res = await t.app.inject({
      method: 'POST',
      url: b.companyExport.path,
      headers: { 'cloud-token': admin },
      payload: { keyword: tag },
    });
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('企业黑名单'));
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['企业名称', '统一社会信用代码', '备注', '添加人', '添加时间']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(added.map((a) => a.name).reverse());
  });
});
