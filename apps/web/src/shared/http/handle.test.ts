import { describe, expect, it, vi } from 'vitest';
import { ApiError, handleEnvelope } from './handle';

const deps = () => ({ showError: vi.fn(), onExpired: vi.fn() });

describe('handleEnvelope (spec section 8)', () => {
  it.each([0, 200, 206, 207, 1001])('treats code %i as success and returns data', (code) => {
    const d = deps();
    expect(handleEnvelope(200, { code, msg: '', data: { a: 1 } }, d)).toEqual({ a: 1 });
    expect(d.showError).not.toHaveBeenCalled();
  });

  it('treats a missing code as success', () => {
    expect(handleEnvelope(200, { data: 5 } as never, deps())).toBe(5);
  });

  it('shows msg or message for a non-200 HTTP status and rejects', () => {
    const d = deps();
    expect(() => handleEnvelope(502, { message: 'Bad Gateway' }, d)).toThrow(ApiError);
    expect(d.showError).toHaveBeenCalledWith('Bad Gateway');
  });

  it('401 shows the expired message and ends the session', () => {
    const d = deps();
    expect(() => handleEnvelope(200, { code: 401, msg: '未登录' }, d)).toThrow(ApiError);
    expect(d.showError).toHaveBeenCalledWith('登录已过期，请重新登录');
    expect(d.onExpired).toHaveBeenCalledOnce();
  });

  it('HTTP 503 (a server too busy, or its database out of reach for a moment) shows 服务繁忙，请稍后重试', () => {
    const d = deps();
    const busy = { code: 503, msg: '服务繁忙，请稍后重试', data: null, reason: 'common.busy' };
    expect(() => handleEnvelope(503, busy, d)).toThrow(expect.objectContaining({ code: 503, reason: 'common.busy' }));
    expect(d.showError).toHaveBeenCalledWith('服务繁忙，请稍后重试');
  });

  it('500 shows the server message', () => {
    const d = deps();
    expect(() => handleEnvelope(200, { code: 500, msg: '数据库不可用' }, d)).toThrow();
    expect(d.showError).toHaveBeenCalledWith('数据库不可用');
  });

  it('500 with the internal-exception key shows the network text', () => {
    const d = deps();
    expect(() =>
      handleEnvelope(200, { code: 500, msg: '服务器内部异常，请稍后重试', reason: 'common.internal' }, d),
    ).toThrow();
    expect(d.showError).toHaveBeenCalledWith('网络不稳定，请稍后重试');
  });

  it('500 for a missing invitation-code agent (org.agentNotFound) shows nothing', () => {
    const d = deps();
    expect(() =>
      handleEnvelope(200, { code: 500, msg: '邀请码对应的代理商不存在', reason: 'org.agentNotFound' }, d),
    ).toThrow();
    expect(d.showError).not.toHaveBeenCalled();
  });

  it('branches on the key, never on the message text', () => {
    const d = deps();
    expect(() => handleEnvelope(200, { code: 500, msg: '代理商不存在' }, d)).toThrow();
    expect(d.showError).toHaveBeenCalledWith('代理商不存在');
  });

  it('rejects with the envelope’s code, message, key and data', () => {
    const error = (() => {
      try {
        handleEnvelope(200, { code: 10056, msg: '客户不存在', reason: 'crm.customerMissing', data: { id: 1 } }, deps());
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 10056, message: '客户不存在', reason: 'crm.customerMissing', data: { id: 1 } });
  });

  it.each([10056, 10002, 403])('code %i shows the server message as an error', (code) => {
    const d = deps();
    expect(() => handleEnvelope(200, { code, msg: '状态冲突' }, d)).toThrow(ApiError);
    expect(d.showError).toHaveBeenCalledWith('状态冲突');
  });

  it('other codes reject silently', () => {
    const d = deps();
    expect(() => handleEnvelope(200, { code: 12345, msg: 'x' }, d)).toThrow(ApiError);
    expect(d.showError).not.toHaveBeenCalled();
    expect(d.onExpired).not.toHaveBeenCalled();
  });
});
