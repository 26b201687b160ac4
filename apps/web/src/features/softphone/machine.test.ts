import { describe, expect, it } from 'vitest';
import * as t from '../../locales/zh-CN';
import {
  CAUSE_MEDIA_DENIED,
  formatDuration,
  initialPhoneState,
  isBusy,
  reduce,
  type TPhoneEvent,
  type TPhoneState,
  type TStep,
} from './machine';

const s = t.softphone.status;

/** Runs events from a state; returns the last step. */
const run = (from: TPhoneState, ...events: TPhoneEvent[]): TStep => {
  let step: TStep = { state: from, effects: [] };
  for (const event of events) step = reduce(step.state, event);
  return step;
};

const online = run(initialPhoneState, { type: 'registering' }, { type: 'registered' }).state;
const talking = run(
  online,
  { type: 'outgoing', peer: '1002' },
  { type: 'progress', code: 180, hasSdp: false },
  { type: 'accepted' },
  { type: 'confirmed', at: 1000 },
).state;

describe('soft-phone line (spec section 4: offline -> registering -> registered)', () => {
  it('goes offline -> registering -> online', () => {
    expect(reduce(initialPhoneState, { type: 'registering' }).state.line).toBe('registering');
    expect(online.line).toBe('online');
  });

  it('a refused registration (wrong password) is 上线失败 and offline', () => {
    const step = run(initialPhoneState, { type: 'registering' }, { type: 'registrationFailed' });
    expect(step.state.line).toBe('offline');
    expect(step.notice).toBe('上线失败');
  });

  it('losing the SIP server while online says 重新连接中…, not an instruction to go online again', () => {
    const step = reduce(online, { type: 'serverLost' });
    expect(step.state.line).toBe('reconnecting');
    expect(t.softphone.reconnecting).toBe('重新连接中…');
    expect(step.notice).toBeUndefined();
    // Every further failed attempt changes nothing.
    expect(reduce(step.state, { type: 'serverLost' })).toEqual({ state: step.state, effects: [] });
  });

  it('is online again once registered again, by itself', () => {
    const step = run(online, { type: 'serverLost' }, { type: 'registered' });
    expect(step.state.line).toBe('online');
    expect(step.notice).toBeUndefined();
  });

  it('losing the server during a call ends the call and reconnects', () => {
    const step = reduce(talking, { type: 'serverLost' });
    expect(step.state).toMatchObject({ line: 'reconnecting', call: 'ended', statusText: s.hungUp });
    expect(step.effects).toContain('scheduleClear');
    expect(reduce(step.state, { type: 'cleared' }).state).toMatchObject({ line: 'reconnecting', call: 'idle' });
  });

  it('a refusal while reconnecting (the password was reset meanwhile) is 上线失败 and offline', () => {
    const step = run(online, { type: 'serverLost' }, { type: 'registrationFailed' });
    expect(step.state.line).toBe('offline');
    expect(step.notice).toBe('上线失败');
  });

  it('when reconnecting gives up, the phone is offline with SIP服务器已断开，请重新上线', () => {
    const step = run(online, { type: 'serverLost' }, { type: 'serverGone' });
    expect(step.state.line).toBe('offline');
    expect(step.notice).toBe('SIP服务器已断开，请重新上线');
  });

  it('going offline while reconnecting stops it without a notice', () => {
    const step = run(online, { type: 'serverLost' }, { type: 'stopped' });
    expect(step.state.line).toBe('offline');
    expect(step.notice).toBeUndefined();
  });

  it('going offline stops without a notice', () => {
    const step = reduce(online, { type: 'stopped' });
    expect(step.state.line).toBe('offline');
    expect(step.notice).toBeUndefined();
  });
});

describe('outgoing call status texts', () => {
  it('INVITE sent is 连接中, 180 and 183 are 振铃中, 183 with SDP is 早期媒体, ACK is 通话中', () => {
    const out = reduce(online, { type: 'outgoing', peer: '1002' }).state;
    expect(out).toMatchObject({ call: 'outgoing', direction: 'out', peer: '1002', statusText: '连接中' });
    expect(reduce(out, { type: 'progress', code: 180, hasSdp: false }).state.statusText).toBe('振铃中');
    expect(reduce(out, { type: 'progress', code: 183, hasSdp: false }).state.statusText).toBe('振铃中');
    expect(reduce(out, { type: 'progress', code: 183, hasSdp: true }).state).toMatchObject({
      call: 'earlyMedia',
      statusText: '早期媒体',
    });
    expect(reduce(out, { type: 'progress', code: 100, hasSdp: false }).state.statusText).toBe('连接中');
    expect(talking).toMatchObject({ call: 'inCall', statusText: '通话中', connectedAt: 1000 });
    expect(isBusy(talking)).toBe(true);
  });

  it('an outgoing call refused before connecting is 呼叫失败, then 已挂断 is cleared after 2.5 s', () => {
    const step = run(online, { type: 'outgoing', peer: '1002' }, { type: 'failed', cause: 'Busy' });
    expect(step.notice).toBe('呼叫失败');
    expect(step.state).toMatchObject({ call: 'ended', statusText: '已挂断' });
    expect(step.effects).toEqual(['stopRingtone', 'scheduleClear']);
    expect(isBusy(step.state)).toBe(false);
    const cleared = reduce(step.state, { type: 'cleared' }).state;
    expect(cleared).toMatchObject({ call: 'idle', statusText: '', peer: '' });
  });

  it('a call the trunk failed (5xx) says 线路故障 with the code; busy, unavailable, no such number, no answer each their own words', () => {
    const failed = (code: number) =>
      run(online, { type: 'outgoing', peer: '13900001111' }, { type: 'failed', cause: 'SIP Failure Code', code });
    expect(failed(503).notice).toBe('线路故障，呼叫失败（503）');
    expect(failed(500).notice).toBe('线路故障，呼叫失败（500）');
    expect(failed(503).state).toMatchObject({ call: 'ended', statusText: '已挂断' });
    expect(failed(486).notice).toBe('对方忙，请稍后再拨');
    expect(failed(600).notice).toBe('对方忙，请稍后再拨');
    expect(failed(480).notice).toBe('对方暂时无法接通，请稍后再拨');
    expect(failed(404).notice).toBe('空号或号码不存在，请核对号码');
    expect(failed(484).notice).toBe('空号或号码不存在，请核对号码');
    expect(failed(408).notice).toBe('无人接听，呼叫已结束');
    expect(failed(403).notice).toBe('呼叫未获授权，请从拨号按钮重新发起呼叫');
    expect(failed(499).notice).toBe('呼叫失败');
  });

  it('cancelling our own call is not a failure notice', () => {
    expect(
      run(online, { type: 'outgoing', peer: '1002' }, { type: 'failed', cause: 'Canceled' }).notice,
    ).toBeUndefined();
  });

  it('hanging up a call is 已挂断 without a notice', () => {
    const step = reduce(talking, { type: 'ended' });
    expect(step.state.statusText).toBe('已挂断');
    expect(step.notice).toBeUndefined();
  });

  it('a stale cleared (a new call started in the 2.5 s) changes nothing', () => {
    const next = run(talking, { type: 'ended' }, { type: 'outgoing', peer: '1003' }).state;
    expect(reduce(next, { type: 'cleared' }).state).toEqual(next);
  });
});

describe('incoming call', () => {
  it('rings with the ringtone, answering is 连接中 and stops it, ACK is 通话中', () => {
    const ring = reduce(online, { type: 'incoming', peer: '1001' });
    expect(ring.state).toMatchObject({ call: 'incoming', direction: 'in', peer: '1001', statusText: '来电振铃' });
    expect(ring.effects).toEqual(['startRingtone']);
    const answering = reduce(ring.state, { type: 'answering' });
    expect(answering.state.statusText).toBe('连接中');
    expect(answering.effects).toContain('stopRingtone');
    expect(run(answering.state, { type: 'accepted' }, { type: 'confirmed', at: 5 }).state.statusText).toBe('通话中');
  });

  it('a second incoming call while busy is rejected and the current call is untouched', () => {
    const step = reduce(talking, { type: 'incoming', peer: '1009' });
    expect(step.effects).toEqual(['rejectIncoming']);
    expect(step.state).toBe(talking);
    const ringing = reduce(online, { type: 'incoming', peer: '1001' }).state;
    expect(reduce(ringing, { type: 'incoming', peer: '1009' }).effects).toEqual(['rejectIncoming']);
  });

  it('the caller hanging up while it rings stops the ringtone', () => {
    const step = run(online, { type: 'incoming', peer: '1001' }, { type: 'failed', cause: 'Canceled' });
    expect(step.effects).toContain('stopRingtone');
    expect(step.notice).toBeUndefined();
  });
});

describe('media permission (spec section 4)', () => {
  it('shows the prompt while pending and hides it on accept', () => {
    const asking = reduce(online, { type: 'mediaRequested' }).state;
    expect(asking.isMediaPrompt).toBe(true);
    expect(reduce(asking, { type: 'mediaGranted' }).state.isMediaPrompt).toBe(false);
  });

  it('refusal hides the prompt and ends the call with 媒体权限被拒绝', () => {
    const step = run(online, { type: 'outgoing', peer: '1002' }, { type: 'mediaRequested' }, { type: 'mediaDenied' });
    expect(step.state).toMatchObject({ isMediaPrompt: false, call: 'ended', statusText: '媒体权限被拒绝' });
    expect(step.notice).toBe('媒体权限被拒绝');
    const answering = run(online, { type: 'incoming', peer: '1001' }, { type: 'mediaDenied' });
    expect(answering.state.call).toBe('ended');
  });

  it("JsSIP's own media refusal cause is the same message", () => {
    const step = run(online, { type: 'outgoing', peer: '1002' }, { type: 'failed', cause: CAUSE_MEDIA_DENIED });
    expect(step.notice).toBe('媒体权限被拒绝');
    expect(step.state.statusText).toBe('媒体权限被拒绝');
  });
});

describe('hold and mute', () => {
  it('local hold is 本地保持, remote hold 对方保持, resuming both is 已恢复', () => {
    const local = reduce(talking, { type: 'hold', originator: 'local' }).state;
    expect(local).toMatchObject({ isLocalHold: true, statusText: '本地保持' });
    const both = reduce(local, { type: 'hold', originator: 'remote' }).state;
    expect(both).toMatchObject({ isLocalHold: true, isRemoteHold: true, statusText: '对方保持' });
    const onlyRemote = reduce(both, { type: 'unhold', originator: 'local' }).state;
    expect(onlyRemote.statusText).toBe('对方保持');
    expect(reduce(onlyRemote, { type: 'unhold', originator: 'remote' }).state.statusText).toBe('已恢复');
    expect(reduce(local, { type: 'unhold', originator: 'local' }).state.statusText).toBe('已恢复');
  });

  it('hold failures are notices 保持失败 and 取消保持失败', () => {
    expect(reduce(talking, { type: 'holdFailed' }).notice).toBe('保持失败');
    expect(reduce(talking, { type: 'unholdFailed' }).notice).toBe('取消保持失败');
  });

  it('mute is a flag, not a status', () => {
    const muted = reduce(talking, { type: 'muted', isMuted: true }).state;
    expect(muted).toMatchObject({ isMuted: true, statusText: '通话中' });
  });
});

describe('blind transfer', () => {
  it('转接中 -> 转接已接受 -> 转接完成 hangs up our leg, which stays 转接完成 until cleared', () => {
    const trying = reduce(talking, { type: 'referTrying' }).state;
    expect(trying.statusText).toBe('转接中');
    const accepted = reduce(trying, { type: 'referAccepted' }).state;
    expect(accepted.statusText).toBe('转接已接受');
    const done = reduce(accepted, { type: 'referCompleted' });
    expect(done.state.statusText).toBe('转接完成');
    expect(done.effects).toEqual(['terminateAfterRefer']);
    const ended = reduce(done.state, { type: 'ended' }).state;
    expect(ended).toMatchObject({ call: 'ended', statusText: '转接完成' });
  });

  it('a refused transfer is 转接失败 with the notice 呼叫转移失败 and the call goes on', () => {
    const step = run(talking, { type: 'referTrying' }, { type: 'referFailed' });
    expect(step.state).toMatchObject({ call: 'inCall', transfer: 'failed', statusText: '转接失败' });
    expect(step.notice).toBe('呼叫转移失败');
  });

  it('the call an accepted transfer asked for failing goes back to the original call: 转接失败', () => {
    const origin = reduce(talking, { type: 'referAnswered' }).state;
    const calling = reduce(origin, { type: 'outgoing', peer: '1003' }).state;
    const step = reduce(calling, { type: 'referCallFailed', restore: origin });
    expect(step.state).toMatchObject({ call: 'inCall', peer: '1002', transfer: 'failed', statusText: '转接失败' });
    expect(step.notice).toBe('呼叫转移失败');
  });

  it('an incoming transfer is notified with its target until the user answers', () => {
    const notified = reduce(talking, { type: 'referReceived', target: '1003' }).state;
    expect(notified).toMatchObject({ transfer: 'notified', referTarget: '1003', statusText: '收到转接请求' });
    const answered = reduce(notified, { type: 'referAnswered' }).state;
    expect(answered).toMatchObject({ transfer: 'none', referTarget: '', statusText: '通话中' });
  });
});

describe('formatDuration', () => {
  it('shows mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65_400)).toBe('01:05');
    expect(formatDuration(-5)).toBe('00:00');
  });
});
