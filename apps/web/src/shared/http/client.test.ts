import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { fileNameOf, resolvePath } from './api';
import { createHttp, HTTP_TIMEOUT } from './client';
import { setToken } from './token';

const reply =
  (data: unknown, status = 200) =>
  async (config: InternalAxiosRequestConfig) => ({
    data,
    status,
    statusText: '',
    headers: {},
    config,
  });

describe('http client', () => {
  it('sends the CLOUD-TOKEN header, credentials and the 10 s timeout', async () => {
    setToken('tok-1');
    const http = createHttp({ showError: vi.fn(), onExpired: vi.fn() });
    let seen: InternalAxiosRequestConfig | undefined;
    http.defaults.adapter = async (config) => {
      seen = config;
      return reply({ code: 0, msg: 'success', data: { ok: true } })(config);
    };
    const res = await http.post('/base/x', {});
    expect(res.data).toEqual({ ok: true });
    expect(seen?.headers.get('CLOUD-TOKEN')).toBe('tok-1');
    expect(seen?.withCredentials).toBe(true);
    expect(seen?.timeout).toBe(HTTP_TIMEOUT);
  });

  it('rejects and ends the session on code 401', async () => {
    const deps = { showError: vi.fn(), onExpired: vi.fn() };
    const http = createHttp(deps);
    http.defaults.adapter = reply({ code: 401, msg: '登录已过期', data: null });
    await expect(http.post('/base/x', {})).rejects.toMatchObject({ code: 401 });
    expect(deps.onExpired).toHaveBeenCalledOnce();
  });

  it('reads the envelope of a failed blob download', async () => {
    const deps = { showError: vi.fn(), onExpired: vi.fn() };
    const http = createHttp(deps);
    http.defaults.adapter = async (config) => ({
      ...(await reply(new Blob([JSON.stringify({ code: 403, msg: '没有权限' })], { type: 'application/json' }))(
        config,
      )),
      headers: { 'content-type': 'application/json' },
    });
    await expect(http.post('/base/x', {}, { responseType: 'blob' })).rejects.toMatchObject({ code: 403 });
    expect(deps.showError).toHaveBeenCalledWith('没有权限');
  });

  it('fills path parameters from the input', () => {
    expect(resolvePath('/base/sys/oss/file/:name', { name: 'a b.png', x: 1 })).toEqual({
      url: '/base/sys/oss/file/a%20b.png',
      rest: { x: 1 },
    });
  });

  it('takes the UTF-8 file name of a download', () => {
    expect(
      fileNameOf(`attachment; filename="download"; filename*=UTF-8''${encodeURIComponent('操作日志.xlsx')}`, 'x'),
    ).toBe('操作日志.xlsx');
  });
});
