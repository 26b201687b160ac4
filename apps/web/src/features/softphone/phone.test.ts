import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setFeedback } from '../../shared/feedback';
import type { TConfigSlot } from './config';

// The config the widget loaded at mount, as each test needs it.
const config = vi.hoisted(() => ({ slot: { state: 'loading' } as TConfigSlot, reloads: 0 }));
vi.mock('./config', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./config')>()),
  configSlot: () => config.slot,
  loadLineConfig: async () => {
    config.reloads += 1;
    return config.slot;
  },
}));

const { callerOf, goOffline, goOnline, resumeOnline, SoftphoneError } = await import('./phone');
const { rememberOnline, wasOnline } = await import('./onlineIntent');
const { softphoneCall, useSoftphone } = await import('./index');
const { isUsableConfig, slotOfRefusal } = await import('./config');
const { ApiError } = await import('../../shared/http/handle');

const notices: { title: unknown; description: unknown }[] = [];
const fake = (args: { title?: unknown; description?: unknown }) => {
  notices.push({ title: args.title, description: args.description });
};
setFeedback({
  message: { warning: vi.fn(), error: vi.fn() } as never,
  notification: { warning: fake, info: fake, error: fake, success: fake } as never,
});

beforeEach(() => {
  notices.length = 0;
  config.reloads = 0;
});

describe('上线 before the phone can register (spec section 5)', () => {
  it('says 正在获取配置 while the config is loading, titled 温馨提示', async () => {
    config.slot = { state: 'loading' };
    await goOnline();
    expect(notices).toEqual([{ title: '温馨提示', description: '正在获取配置' }]);
    expect(useSoftphone.getState()).toMatchObject({ line: 'offline', isLoggedIn: false });
  });

  it('says 获取配置失败，请刷新重试 when the request failed, and fetches it again', async () => {
    config.slot = { state: 'failed' };
    await goOnline();
    expect(notices.map((n) => n.description)).toEqual(['获取配置失败，请刷新重试']);
    expect(config.reloads).toBe(1);
  });

  it('says 您没有可用的软电话坐席 when the server has no seat for this person, and asks again', async () => {
    config.slot = { state: 'noSeat', message: '您没有可用的软电话坐席，请联系管理员分配' };
    await goOnline();
    expect(notices).toEqual([{ title: '温馨提示', description: '您没有可用的软电话坐席，请联系管理员分配' }]);
    expect(config.reloads).toBe(1);
    expect(useSoftphone.getState().line).toBe('offline');
  });

  it('says 配置格式错误 when key or passWord is missing', async () => {
    config.slot = { state: 'invalid' };
    await goOnline();
    expect(notices.map((n) => n.description)).toEqual(['配置格式错误']);
    expect(useSoftphone.getState().line).toBe('offline');
  });
});

describe('the refused config (by the error key, never the message text)', () => {
  it('is noSeat for call.noSoftphoneSeat', () => {
    const refusal = new ApiError(10056, '您没有可用的软电话坐席，请联系管理员分配', null, 'call.noSoftphoneSeat');
    expect(slotOfRefusal(refusal)).toEqual({ state: 'noSeat', message: '您没有可用的软电话坐席，请联系管理员分配' });
  });

  it('is failed for any other refusal, whatever its text', () => {
    expect(slotOfRefusal(new ApiError(10056, '您没有可用的软电话坐席，请联系管理员分配'))).toEqual({ state: 'failed' });
    expect(slotOfRefusal(new ApiError(500, '服务器内部异常，请稍后重试', null, 'common.internal'))).toEqual({
      state: 'failed',
    });
    expect(slotOfRefusal(new Error('timeout'))).toEqual({ state: 'failed' });
  });
});

describe('softphoneCall', () => {
  it('refuses with 请先点击上线按钮 while offline and changes nothing', async () => {
    const refusal = softphoneCall('13800000000', 'b1');
    await expect(refusal).rejects.toThrow('请先点击上线按钮');
    await expect(refusal).rejects.toBeInstanceOf(SoftphoneError);
    await expect(refusal).rejects.toMatchObject({ reason: 'notOnline' });
    expect(useSoftphone.getState()).toMatchObject({ isInCall: false, call: 'idle', sipNumber: '' });
  });
});

describe('softphoneCall while the phone reconnects by itself', () => {
  it('asks to wait a moment instead of saying 请先点击上线按钮', async () => {
    useSoftphone.getState().apply({ ...useSoftphone.getState(), line: 'reconnecting' });
    const refusal = softphoneCall('13800000000', 'b1');
    await expect(refusal).rejects.toThrow('软电话正在重新连接，请稍后再拨');
    await expect(refusal).rejects.toMatchObject({ reason: 'notOnline' });
    useSoftphone.getState().apply({ ...useSoftphone.getState(), line: 'offline' });
  });
});

describe('isUsableConfig', () => {
  const good = { key: 'e100001-5', passWord: 'p', wsUrl: 'ws://127.0.0.1:5066', realm: 'sip.yunhu.test' };
  it('needs key, passWord, wsUrl and realm', () => {
    expect(isUsableConfig(good)).toBe(true);
    expect(isUsableConfig({ ...good, key: '' })).toBe(false);
    expect(isUsableConfig({ ...good, passWord: undefined })).toBe(false);
    expect(isUsableConfig(null)).toBe(false);
  });
});

describe('who calls (来电：…)', () => {
  it('is the masked number the server put in the display name of a call from the carrier, not "pstn"', () => {
    expect(callerOf({ display_name: '138****5678', uri: { user: 'pstn' } })).toBe('138****5678');
  });

  it('is the SIP user when the caller has no display name (a colleague, a desk phone)', () => {
    expect(callerOf({ display_name: '', uri: { user: 'e100001-7' } })).toBe('e100001-7');
    expect(callerOf({ display_name: '  ', uri: { user: 'e100001-7' } })).toBe('e100001-7');
    expect(callerOf({ uri: { user: '8001' } })).toBe('8001');
    expect(callerOf(null)).toBe('');
  });
});

describe('online across a reload of the page', () => {
  const good = { key: 'e100001-5', passWord: 'p', wsUrl: 'ws://127.0.0.1:5066', realm: 'sip.yunhu.test' };

  it('stays offline when this tab was not online, or online as someone else', async () => {
    config.slot = { state: 'ready', config: good };
    sessionStorage.clear();
    await resumeOnline();
    rememberOnline('e100001-9');
    await resumeOnline();
    expect(useSoftphone.getState().line).toBe('offline');
    expect(notices).toEqual([]);
  });

  it('下线 forgets that the phone was online, so a reload stays offline', () => {
    rememberOnline(good.key);
    expect(wasOnline(good.key)).toBe(true);
    goOffline();
    expect(wasOnline(good.key)).toBe(false);
  });
});
