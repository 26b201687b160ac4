import { routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';

const r = routeTables.market;

describe('第三方市场', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let platform: string;
  let stranger: Awaited<ReturnType<typeof otherEnterprise>>;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, agent, platform] = await Promise.all([t.loginAs.admin(), t.loginAs.agent(), t.loginAs.platform()]);
    stranger = await otherEnterprise(t, { code: 'MK0001', username: 'mkother', mobile: '13622250001' });
  });
  afterAll(() => t.close());

  const ok = <T>(res: { body: { code: number; msg: string; data: T } }) => {
    expect(res.body, res.body.msg).toMatchObject({ code: 0 });
    return res.body.data;
  };
  const item = { name: '智能质检', vendor: '某某科技', description: '通话录音自动质检', isListed: true };
  const apply = (token: string, itemId: number) =>
    t.call(r.marketApply, { itemId, contactName: '张明', phone: '138 0013 8000', note: '想了解价格' }, token);
  const bell = async (token: string) =>
    (await t.call(routeTables.system.myNoticePage, { page: 1, limit: 20 }, token)).body.data.records;

  it('lets only the platform list an item, with clear errors for bad input', async () => {
    expect((await t.call(r.marketItemSave, item, admin)).body.code).toBe(403);
    expect((await t.call(r.marketItems, {}, admin)).body.code).toBe(403);
    expect((await t.call(r.marketItemSave, { ...item, name: ' ' }, platform)).body.msg).toBe(
      '请输入应用名称（字段：name）',
    );
    expect((await t.call(r.marketItemSave, { ...item, link: 'ftp://x' }, platform)).body.msg).toBe(
      '链接须以 http:// 或 https:// 开头（字段：link）',
    );
    const saved = ok(
      await t.call(r.marketItemSave, { ...item, link: 'https://example.com', priceText: '999元/年' }, platform),
    );
    expect(saved).toMatchObject({ name: '智能质检', vendor: '某某科技', isListed: true, priceText: '999元/年' });
    expect((await t.call(r.marketItemSave, { ...item, id: 999_999 }, platform)).body.msg).toBe('该应用不存在或已下架');
  });

  it('shows listed items only, and takes one open request per enterprise and item', async () => {
    const listed = ok(await t.call(r.marketItemSave, { ...item, name: '话术助手' }, platform));
    const hidden = ok(await t.call(r.marketItemSave, { ...item, name: '未上架应用', isListed: false }, platform));
    const names = ok(await t.call(r.marketList, {}, admin)).map((i) => i.name);
    expect(names).toContain('话术助手');
    expect(names).not.toContain('未上架应用');
    expect((await apply(admin, hidden.id)).body.msg).toBe('该应用不存在或已下架');
    expect(ok(await apply(admin, listed.id)).state).toBe('pending');
    // An agent holds no 申请 permission; the platform needs none.
    expect((await apply(agent, listed.id)).body.code).toBe(403);
    expect((await apply(platform, listed.id)).body.msg).toBe('平台运营方无需申请应用');
    expect(
      (await t.call(r.marketApply, { itemId: listed.id, contactName: '张明', phone: '123' }, admin)).body.msg,
    ).toBe('手机号格式不正确（字段：phone）');
  });

  it('lets parallel requests of one item through once, and another enterprise its own', async () => {
    const one = ok(await t.call(r.marketItemSave, { ...item, name: '并发应用' }, platform));
    const tries = await Promise.all([1, 2, 3].map(() => apply(stranger.token, one.id)));
    expect(tries.filter((x) => x.body.code === 0)).toHaveLength(1);
    expect(tries.filter((x) => x.body.msg === '您已申请过该应用，平台正在处理，请勿重复申请')).toHaveLength(2);
    expect(ok(await apply(admin, one.id))).toMatchObject({ state: 'pending', phone: '13800138000' });
    // Each enterprise sees its own requests only.
    const mine = ok(await t.call(r.marketMine, { page: 1, limit: 50 }, stranger.token));
    expect(mine.records.every((x) => x.tenantId === stranger.tenantId)).toBe(true);
    expect(mine.records.filter((x) => x.itemName === '并发应用')).toHaveLength(1);
  });

  it('moves a request through the platform, rings the requester, and logs the platform action', async () => {
    const one = ok(await t.call(r.marketItemSave, { ...item, name: '流程应用' }, platform));
    const sent = ok(await apply(admin, one.id));
    const queue = ok(await t.call(r.marketQueue, { page: 1, limit: 50, state: 'pending' }, platform));
    expect(queue.records.find((x) => x.id === sent.id)).toMatchObject({
      itemName: '流程应用',
      enterpriseName: expect.any(String),
    });
    expect((await t.call(r.marketQueue, { page: 1, limit: 10 }, admin)).body.code).toBe(403);
    expect((await t.call(r.marketHandle, { id: sent.id, state: 'rejected' }, platform)).body.msg).toBe(
      '拒绝时请填写原因（字段：reply）',
    );
    ok(await t.call(r.marketHandle, { id: sent.id, state: 'contacted', reply: '已电话联系' }, platform));
    expect((await t.call(r.marketHandle, { id: sent.id, state: 'contacted' }, platform)).body.msg).toBe(
      '该申请当前为「已联系」，不能改为此状态',
    );
    // While contacted it is still open: no second request.
    expect((await apply(admin, one.id)).body.msg).toBe('您已申请过该应用，平台正在处理，请勿重复申请');
    const done = await Promise.all(
      [1, 2].map(() => t.call(r.marketHandle, { id: sent.id, state: 'done', reply: '已开通' }, platform)),
    );
    expect(done.filter((x) => x.body.code === 0)).toHaveLength(1);
    expect((await t.call(r.marketHandle, { id: sent.id, state: 'rejected', reply: '晚了' }, platform)).body.msg).toBe(
      '该申请当前为「已完成」，不能改为此状态',
    );
    const mine = ok(await t.call(r.marketMine, { page: 1, limit: 50 }, admin)).records.find((x) => x.id === sent.id);
    expect(mine).toMatchObject({ state: 'done', reply: '已开通', handledBy: expect.any(String) });
    expect(ok(await t.call(r.marketList, {}, admin)).find((i) => i.id === one.id)?.requestState).toBe('done');
    expect((await bell(admin)).map((n) => n.title)).toEqual(
      expect.arrayContaining(['您申请的「流程应用」已联系', '您申请的「流程应用」已完成']),
    );
    // Closed: the enterprise may request it again.
    expect(ok(await apply(admin, one.id)).state).toBe('pending');
    expect((await t.call(r.marketHandle, { id: 999_999, state: 'done' }, platform)).body.msg).toBe('该申请不存在');
    const log = ok(await t.call(routeTables.system.logPage, { page: 1, limit: 50 }, platform));
    expect(log.records.some((l) => l.summary === '处理应用申请' && l.result === 'success')).toBe(true);
  });
});
