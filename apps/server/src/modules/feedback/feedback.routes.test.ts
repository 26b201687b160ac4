import { randomUUID } from 'node:crypto';
import { routeTables } from '@yunhu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { otherEnterprise } from '../../test/other-enterprise.js';

const r = routeTables.feedback;
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('意见反馈', () => {
  let t: TTestApp;
  let admin: string;
  let agent: string;
  let manager: string;
  let platform: string;
  let stranger: Awaited<ReturnType<typeof otherEnterprise>>;

  const upload = async (token: string, name: string, content: Buffer, type = 'image/png') => {
    const boundary = '----yunhufeedback';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: routeTables.system.upload.path,
      headers: { 'cloud-token': token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    });
    return (res.json() as { data: { url: string } }).data.url;
  };
  const send = (token: string, input: object) =>
    t.call(
      r.feedbackSend,
      { kind: 'problem', content: '外呼时偶尔听不到声音', requestKey: randomUUID(), ...input },
      token,
    );
  const bell = async (token: string) =>
    (await t.call(routeTables.system.myNoticePage, { page: 1, limit: 20 }, token)).body.data.records;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.loginAs.admin();
    agent = await t.loginAs.agent();
    manager = await t.loginAs.manager();
    platform = await t.loginAs.platform();
    stranger = await otherEnterprise(t, { code: 'FB0001', username: 'fbother', mobile: '13622220001' });
  });
  afterAll(() => t.close());

  it('refuses bad input in Chinese and writes nothing', async () => {
    const bad = async (input: object) => (await send(agent, input)).body;
    expect(await bad({ kind: 'praise' })).toMatchObject({
      code: 10002,
      msg: '反馈类型只能是建议、问题、投诉或其他（字段：kind）',
    });
    expect(await bad({ content: '  太差 ' })).toMatchObject({ msg: '反馈内容至少5个字（字段：content）' });
    expect(await bad({ requestKey: 'x' })).toMatchObject({
      msg: '请求标识不正确，请刷新后重新提交（字段：requestKey）',
    });
    expect(await bad({ screenshots: ['a', 'b', 'c', 'd', 'e', 'f'] })).toMatchObject({
      msg: '截图最多5张（字段：screenshots）',
    });
    expect(await bad({ screenshots: ['https://evil.example.com/a.png'] })).toMatchObject({
      code: 10002,
      msg: '截图请通过上传获得（支持 PNG、JPG、GIF、WEBP 图片）',
    });
    // Another enterprise's upload is not this user's screenshot.
    const theirs = await upload(stranger.token, '别家.png', png);
    expect(await bad({ screenshots: [theirs] })).toMatchObject({ code: 10002 });
    expect((await t.call(r.feedbackMine, { page: 1, limit: 10 }, agent)).body.data.total).toBe(0);
    expect((await t.call(r.feedbackInfo, { id: 0 }, agent)).body).toMatchObject({ code: 10002 });
    expect((await send(platform, {})).body.msg).toBe('平台运营方无需提交意见反馈');
  });

  it('sends with screenshots once however often the same form is clicked, and logs it', async () => {
    const shots = [await upload(agent, '截图1.png', png), await upload(agent, '截图2.png', png)];
    const requestKey = randomUUID();
    const clicks = await Promise.all(
      [1, 2, 3, 4].map(() => send(agent, { kind: 'suggestion', screenshots: shots, requestKey })),
    );
    expect(clicks.map((c) => c.body.code)).toEqual([0, 0, 0, 0]);
    expect(new Set(clicks.map((c) => c.body.data.id)).size).toBe(1);
    expect(clicks[0]!.body.data).toMatchObject({
      kind: 'suggestion',
      state: 'pending',
      screenshots: shots,
      enterpriseName: '演示科技有限公司',
    });
    const mine = (await t.call(r.feedbackMine, { page: 1, limit: 10 }, agent)).body.data;
    expect(mine.total).toBe(1);
    const log = await t.call(routeTables.system.logPage, { page: 1, limit: 20 }, admin);
    expect(log.body.data.records.map((l) => `${l.summary}:${l.result}`)).toContain('提交意见反馈:success');
  });

  it('walls: a user sees only his own, the administrator his enterprise, the platform everything', async () => {
    const theirs = (await send(stranger.token, { content: '别家公司的反馈内容' })).body.data;
    const mine = (await t.call(r.feedbackMine, { page: 1, limit: 10 }, agent)).body.data.records[0]!;
    expect((await t.call(r.feedbackMine, { page: 1, limit: 10 }, manager)).body.data.total).toBe(0);
    expect((await t.call(r.feedbackInfo, { id: mine.id }, manager)).body.msg).toBe('意见反馈不存在或无权查看');
    expect((await t.call(r.feedbackInfo, { id: theirs.id }, admin)).body.msg).toBe('意见反馈不存在或无权查看');
    expect((await t.call(r.feedbackInfo, { id: mine.id }, stranger.token)).body.msg).toBe('意见反馈不存在或无权查看');
    // The demo administrator reads his staff's, not the other enterprise's.
    const adminList = (await t.call(r.feedbackMine, { page: 1, limit: 10 }, admin)).body.data.records;
    expect(adminList.map((f) => f.id)).toEqual([mine.id]);
    // Only the sender adds to his thread.
    expect((await t.call(r.feedbackAppend, { id: mine.id, content: '补充' }, admin)).body.code).toBe(10056);
    // The queue is the platform's alone.
    expect((await t.call(r.feedbackQueue, { page: 1, limit: 10 }, admin)).body.code).toBe(403);
    expect((await t.call(r.feedbackReply, { id: mine.id, content: '好的' }, admin)).body.code).toBe(403);
    const queue = (await t.call(r.feedbackQueue, { page: 1, limit: 10 }, platform)).body.data;
    expect(queue.records.map((f) => f.id)).toEqual([theirs.id, mine.id]);
    const filtered = await t.call(
      r.feedbackQueue,
      { page: 1, limit: 10, enterpriseName: '演示', state: 'pending', kind: 'suggestion', days: 1 },
      platform,
    );
    expect(filtered.body.data.records.map((f) => f.id)).toEqual([mine.id]);
    const none = await t.call(r.feedbackQueue, { page: 1, limit: 10, kind: 'complaint' }, platform);
    expect(none.body.data.total).toBe(0);
    expect((await t.call(r.feedbackQueue, { page: 1, limit: 10, days: 0 }, platform)).body.msg).toBe(
      '天数至少为1（字段：days）',
    );
  });

  it('accepts, replies in a thread that rings the sender’s bell, and closes', async () => {
    const { id } = (await t.call(r.feedbackMine, { page: 1, limit: 10 }, agent)).body.data.records[0]!;
    expect((await t.call(r.feedbackAccept, { id }, platform)).body.code).toBe(0);
    expect((await t.call(r.feedbackAccept, { id }, platform)).body.msg).toBe('该意见反馈已受理或已关闭');
    expect((await t.call(r.feedbackReply, { id, content: '  ' }, platform)).body.msg).toBe(
      '请输入内容（字段：content）',
    );
    expect((await t.call(r.feedbackReply, { id, content: '已定位为网络抖动，已优化线路。' }, platform)).body.code).toBe(
      0,
    );
    const notice = (await bell(agent)).find((n) => n.title === '您的意见反馈有新回复');
    expect(notice).toMatchObject({ content: '已定位为网络抖动，已优化线路。', link: `/menu/opinion?open=${id}` });
    expect((await bell(manager)).some((n) => n.title === '您的意见反馈有新回复')).toBe(false);

    expect((await t.call(r.feedbackAppend, { id, content: '今天又出现了一次' }, agent)).body.code).toBe(0);
    expect((await t.call(r.feedbackReply, { id, content: '再次排查中' }, platform)).body.code).toBe(0);
    const detail = (await t.call(r.feedbackInfo, { id }, agent)).body.data;
    expect(detail).toMatchObject({ state: 'replied', replyCount: 2 });
    expect(detail.messages.map((m) => `${m.side}:${m.content}`)).toEqual([
      'platform:已定位为网络抖动，已优化线路。',
      'user:今天又出现了一次',
      'platform:再次排查中',
    ]);

    expect((await t.call(r.feedbackClose, { id }, platform)).body.code).toBe(0);
    expect((await t.call(r.feedbackClose, { id }, platform)).body.msg).toBe('该意见反馈已关闭，不能再回复或补充');
    expect((await t.call(r.feedbackReply, { id, content: '晚了' }, platform)).body.code).toBe(10056);
    expect((await t.call(r.feedbackAppend, { id, content: '还在' }, agent)).body.code).toBe(10056);
    expect((await t.call(r.feedbackReply, { id: 999999, content: '无' }, platform)).body.msg).toBe(
      '意见反馈不存在或无权查看',
    );
    const closed = (await t.call(r.feedbackPlatformInfo, { id }, platform)).body.data;
    expect(closed).toMatchObject({ state: 'closed', replyCount: 2 });
    expect(closed.closedAt).not.toBeNull();
    const log = await t.call(routeTables.system.logPage, { page: 1, limit: 20 }, platform);
    const summaries = log.body.data.records.map((l) => l.summary);
    expect(summaries).toEqual(expect.arrayContaining(['回复意见反馈', '关闭意见反馈', '受理意见反馈']));
  });

  it('takes parallel replies without losing a count', async () => {
    const { id } = (await send(agent, { content: '并发回复的反馈内容' })).body.data;
    const replies = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => t.call(r.feedbackReply, { id, content: `回复${n}` }, platform)),
    );
    expect(replies.map((x) => x.body.code)).toEqual([0, 0, 0, 0, 0]);
    const detail = (await t.call(r.feedbackPlatformInfo, { id }, platform)).body.data;
    expect({ count: detail.replyCount, messages: detail.messages.length }).toEqual({ count: 5, messages: 5 });
  });
});
