import dgram from 'node:dgram';
import { routeTables } from '@yunhu/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../../test/harness.js';
import { sipCalls } from '../call/call.schema.js';
import { callKit } from '../call/call.test-kit.js';
import { operationLogs } from '../system/system.schema.js';
import { bdecode, bencode, type TBencode } from '../telephony/sip.kamailio-rtpengine.js';
import { whisperTag } from './whisper.service.js';

const w = routeTables.wallboard;
type TDict = Record<string, TBencode>;

/**
 * A stand-in for the media gateway's ng port: knows one live call with two parties, answers
 * publish and subscriptions, and notes every command (the real gateway: sip.kamailio-listen.test.ts).
 */
const fakeGateway = async (liveCallId: string) => {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const commands: TDict[] = [];
  let n = 0;
  socket.on('message', (data, from) => {
    const space = data.indexOf(' ');
    const message = bdecode(data.subarray(space + 1)) as TDict;
    commands.push(message);
    const known = message['call-id'] === liveCallId;
    const reply: TDict = !known
      ? { result: 'error', 'error-reason': 'Unknown call-id' }
      : message.command === 'query'
        ? {
            result: 'ok',
            tags: {
              caller: { subscriptions: [{ type: 'offer/answer' }] },
              callee: { subscriptions: [{ type: 'offer/answer' }] },
            },
          }
        : message.command === 'publish'
          ? { result: 'ok', sdp: 'v=0\r\nm=audio 30000 UDP/TLS/RTP/SAVPF 111\r\na=recvonly\r\n' }
          : message.command === 'subscribe request'
            ? {
                result: 'ok',
                'to-tag': `sub-${++n}`,
                sdp: 'v=0\r\nm=audio 30002 UDP/TLS/RTP/SAVPF 111\r\na=setup:actpass\r\n',
              }
            : { result: 'ok' };
    socket.send(`${data.subarray(0, space).toString('latin1')} ${bencode(reply)}`, from.port, from.address);
  });
  return {
    port: socket.address().port,
    commands,
    of: (command: string) => commands.filter((c) => c.command === command),
    close: () => socket.close(),
  };
};

const browserOffer = 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\na=sendonly\r\n';

/** 耳语 / 强插: who may, whose ears, the operation log, one manager at a time. */
describe('whisper and barge', () => {
  const liveCallId = 'whisper-routes-call-1';
  let t: TTestApp;
  let gw: Awaited<ReturnType<typeof fakeGateway>>;
  let tokens: { admin: string; manager: string; agent: string; agent04: string };
  let ids: { agent01: number; agent04: number; manager: number; admin: number };

  const logs = async (summary: string) =>
    t.database.db
      .select()
      .from(operationLogs)
      .where(and(eq(operationLogs.summary, summary), eq(operationLogs.module, 'call')));

  beforeAll(async () => {
    gw = await fakeGateway(liveCallId);
    t = await startTestApp({ env: { MEDIA_NG_PORT: String(gw.port) } });
    const kit = await callKit(t);
    tokens = {
      admin: await t.loginAs.admin(),
      manager: await t.loginAs.manager(),
      agent: await t.loginAs.agent(),
      agent04: await t.login('agent04', 'Agent@2026'),
    };
    ids = {
      agent01: await kit.userId('agent01'),
      agent04: await kit.userId('agent04'),
      manager: await kit.userId('manager'),
      admin: await kit.userId('admin'),
    };
    // agent01 (the manager's department) talks with agent04 (another department).
    await t.database.db.insert(sipCalls).values({
      tenantId: kit.tenantId,
      callId: liveCallId,
      callType: 3,
      userId: ids.agent01,
      peerUserId: ids.agent04,
      state: 'talking',
      answeredAt: new Date(),
    });
  });
  afterAll(async () => {
    await t?.database.db.delete(sipCalls).where(inArray(sipCalls.callId, [liveCallId]));
    await t?.close();
    gw?.close();
  });
  beforeEach(() => {
    gw.commands.length = 0;
  });

  it('publishes the manager’s voice for the agent alone, logs 耳语 and 结束耳语', async () => {
    const started = await t.call(w.whisperStart, { userId: ids.agent01, sdp: browserOffer }, tokens.manager);
    expect(started.body.code).toBe(0);
    const { whisperId, sdp } = started.body.data;
    expect(sdp).toMatch(/^a=recvonly/m);
    const [publish] = gw.of('publish');
    expect(publish).toMatchObject({
      'call-id': liveCallId,
      'from-tag': whisperTag(whisperId),
      sdp: browserOffer,
      'transport-protocol': 'UDP/TLS/RTP/SAVPF',
      ICE: 'force',
    });
    // Nobody of the call is subscribed to it: only the agent's own soft-phone, when it joins.
    expect(gw.of('subscribe request')).toHaveLength(0);
    expect((await logs('耳语')).some((l) => l.result === 'success')).toBe(true);

    // The agent's soft-phone learns of it; the other party of the call (agent04) does not.
    const mine = await t.call(w.whisperMine, {}, tokens.agent);
    expect(mine.body.data).toEqual({ whisperId, mode: 'whisper', managerName: '李娜' });
    expect((await t.call(w.whisperMine, {}, tokens.agent04)).body.data).toBeNull();
    expect((await t.call(w.whisperJoin, { whisperId }, tokens.agent04)).body.msg).toBe('耳语或强插已结束');

    const joined = await t.call(w.whisperJoin, { whisperId }, tokens.agent);
    expect(joined.body.code).toBe(0);
    // The browser is the DTLS client (as for 监听).
    expect(joined.body.data.sdp).toMatch(/^a=setup:passive/m);
    expect(gw.of('subscribe request')[0]).toMatchObject({ 'call-id': liveCallId, 'from-tag': whisperTag(whisperId) });
    const answered = await t.call(w.whisperJoinAnswer, { whisperId, sdp: 'v=0' }, tokens.agent);
    expect(answered.body.code).toBe(0);
    expect(gw.of('subscribe answer')[0]).toMatchObject({ 'to-tag': 'sub-1', sdp: 'v=0' });
    // Joining again (a reloaded soft-phone) drops the old subscription.
    expect((await t.call(w.whisperJoin, { whisperId }, tokens.agent)).body.code).toBe(0);
    expect(gw.of('unsubscribe')).toMatchObject([{ 'to-tag': 'sub-1' }]);

    // Only its starter stops it, and as what it is.
    expect((await t.call(w.whisperStop, { whisperId }, tokens.admin)).body.msg).toBe('耳语或强插已结束');
    expect((await t.call(w.bargeStop, { whisperId }, tokens.manager)).body.msg).toBe('耳语或强插已结束');
    expect((await t.call(w.whisperStop, { whisperId }, tokens.manager)).body.code).toBe(0);
    expect(gw.of('unsubscribe')).toHaveLength(2);
    expect((await logs('结束耳语')).some((l) => l.result === 'success')).toBe(true);
    expect((await t.call(w.whisperMine, {}, tokens.agent)).body.data).toBeNull();
    expect((await t.call(w.whisperStop, { whisperId }, tokens.manager)).body.msg).toBe('耳语或强插已结束');
  });

  it('barges as 强插, one manager at a time; starting again replaces one’s own', async () => {
    const first = await t.call(w.bargeStart, { userId: ids.agent01, sdp: browserOffer }, tokens.manager);
    expect(first.body.code).toBe(0);
    expect((await t.call(w.whisperMine, {}, tokens.agent)).body.data).toMatchObject({
      whisperId: first.body.data.whisperId,
      mode: 'barge',
    });
    // Another manager waits his turn.
    const other = await t.call(w.whisperStart, { userId: ids.agent01, sdp: browserOffer }, tokens.admin);
    expect(other.body.msg).toBe('已有其他主管正在对该员工耳语或强插，请稍后再试');
    // The same manager again (his page reloaded): the new one replaces the old.
    const again = await t.call(w.bargeStart, { userId: ids.agent01, sdp: browserOffer }, tokens.manager);
    expect(again.body.code).toBe(0);
    expect((await t.call(w.whisperMine, {}, tokens.agent)).body.data?.whisperId).toBe(again.body.data.whisperId);
    expect((await t.call(w.bargeStop, { whisperId: first.body.data.whisperId }, tokens.manager)).body.msg).toBe(
      '耳语或强插已结束',
    );
    expect((await t.call(w.bargeStop, { whisperId: again.body.data.whisperId }, tokens.manager)).body.code).toBe(0);
    expect((await logs('强插')).length).toBeGreaterThanOrEqual(2);
    expect((await logs('结束强插')).some((l) => l.result === 'success')).toBe(true);
  });

  it('lets exactly one of two managers starting at once through', async () => {
    const results = await Promise.all(
      [tokens.admin, tokens.manager, tokens.admin, tokens.manager].map((token) =>
        t.call(w.whisperStart, { userId: ids.agent01, sdp: browserOffer }, token),
      ),
    );
    const winners = results.filter((r) => r.body.code === 0);
    const busy = results.filter((r) => r.body.msg === '已有其他主管正在对该员工耳语或强插，请稍后再试');
    expect(winners.length + busy.length).toBe(4);
    expect(winners.length).toBeGreaterThanOrEqual(1);
    // Whoever won, the agent hears one manager: the last winner's whisper.
    const mine = (await t.call(w.whisperMine, {}, tokens.agent)).body.data;
    expect(winners.map((r) => r.body.data.whisperId)).toContain(mine?.whisperId);
    const owner = results.find((r) => r.body.code === 0 && r.body.data.whisperId === mine?.whisperId)!;
    const ownerToken = [tokens.admin, tokens.manager, tokens.admin, tokens.manager][results.indexOf(owner)]!;
    // Every winner is of the same manager (a second one would have been refused).
    const winnerTokens = results
      .map((r, i) => (r.body.code === 0 ? [tokens.admin, tokens.manager, tokens.admin, tokens.manager][i] : null))
      .filter(Boolean);
    expect(new Set(winnerTokens).size).toBe(1);
    expect((await t.call(w.whisperStop, { whisperId: mine!.whisperId }, ownerToken)).body.code).toBe(0);
  });

  it('ends a whisper whose call ended: the agent’s next call does not pick it up', async () => {
    const started = await t.call(w.whisperStart, { userId: ids.agent01, sdp: browserOffer }, tokens.manager);
    expect(started.body.code).toBe(0);
    const { whisperId } = started.body.data;
    await t.database.db.update(sipCalls).set({ state: 'ended' }).where(eq(sipCalls.callId, liveCallId));
    try {
      expect((await t.call(w.whisperMine, {}, tokens.agent)).body.data).toBeNull();
      expect((await t.call(w.whisperJoin, { whisperId }, tokens.agent)).body.msg).toBe('耳语或强插已结束');
      expect((await t.call(w.whisperStop, { whisperId }, tokens.manager)).body.msg).toBe('耳语或强插已结束');
    } finally {
      await t.database.db.update(sipCalls).set({ state: 'talking' }).where(eq(sipCalls.callId, liveCallId));
    }
  });

  it('refuses an agent, oneself, nobody talking, someone out of scope', async () => {
    expect((await t.call(w.whisperStart, { userId: ids.agent04, sdp: browserOffer }, tokens.agent)).body.code).toBe(
      403,
    );
    expect((await t.call(w.bargeStart, { userId: ids.agent04, sdp: browserOffer }, tokens.agent)).body.code).toBe(403);
    expect((await t.call(w.whisperStart, { userId: ids.manager, sdp: browserOffer }, tokens.manager)).body.msg).toBe(
      '不能对自己的通话耳语或强插',
    );
    expect((await t.call(w.whisperStart, { userId: ids.manager, sdp: browserOffer }, tokens.admin)).body.msg).toBe(
      '该员工当前没有进行中的通话，或不在您的数据范围内',
    );
    // agent04 talks, but in another department than the manager's.
    expect((await t.call(w.bargeStart, { userId: ids.agent04, sdp: browserOffer }, tokens.manager)).body.msg).toBe(
      '该员工当前没有进行中的通话，或不在您的数据范围内',
    );
    expect(gw.of('publish')).toHaveLength(0);
    // The refusals left nobody reserved: the administrator can start on agent01 and stop.
    const ok = await t.call(w.whisperStart, { userId: ids.agent01, sdp: browserOffer }, tokens.admin);
    expect(ok.body.code).toBe(0);
    expect((await t.call(w.whisperStop, { whisperId: ok.body.data.whisperId }, tokens.admin)).body.code).toBe(0);
  });
});
