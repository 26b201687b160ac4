import { describe, expect, it, vi } from 'vitest';
import { fileNameOf, resolvePath } from './api';
import { createHttp, HTTP_TIMEOUT, queryOf, type TTransport } from './client';
import { setToken } from './token';

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

/** A transport that records what it was asked and answers `answer`. */
const recording = (answer: () => Response | Promise<Response>) => {
  const seen: { url: string; init: RequestInit }[] = [];
  const transport: TTransport = async (url, init) => {
    seen.push({ url, init });
    return answer();
  };
  return { seen, transport };
};

describe('http client', () => {
  it('sends the CLOUD-TOKEN header, credentials, a JSON body and a timeout signal', async () => {
    setToken('tok-1');
    const { seen, transport } = recording(() => json({ code: 0, msg: 'success', data: { ok: true } }));
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const http = createHttp({ showError: vi.fn(), onExpired: vi.fn() }, transport);
    const res = await http.post('/base/x', { a: 1 });
    expect(res.data).toEqual({ ok: true });
    const init = seen[0]?.init;
    expect(new Headers(init?.headers).get('CLOUD-TOKEN')).toBe('tok-1');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(timeout).toHaveBeenCalledWith(HTTP_TIMEOUT);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    timeout.mockRestore();
  });

  it('writes GET parameters as axios did (no null or undefined, key[] per item)', async () => {
    expect(queryOf({ page: 1, name: 'a b', none: undefined, nil: null, ids: [1, 2] })).toBe(
      '?page=1&name=a+b&ids%5B%5D=1&ids%5B%5D=2',
    );
    expect(queryOf({})).toBe('');
    const { seen, transport } = recording(() => json({ code: 0, msg: 'success', data: [] }));
    await createHttp({ showError: vi.fn(), onExpired: vi.fn() }, transport).get('/base/y', { params: { page: 2 } });
    expect(seen[0]).toMatchObject({ url: '/base/y?page=2', init: { method: 'GET', body: undefined } });
  });

  it('rejects and ends the session on code 401', async () => {
    const deps = { showError: vi.fn(), onExpired: vi.fn() };
    const http = createHttp(deps, recording(() => json({ code: 401, msg: '登录已过期', data: null })).transport);
    await expect(http.post('/base/x', {})).rejects.toMatchObject({ code: 401 });
    expect(deps.onExpired).toHaveBeenCalledOnce();
  });

  it('shows 网络不稳定 when no answer comes (network failure or the timeout)', async () => {
    const deps = { showError: vi.fn(), onExpired: vi.fn() };
    const http = createHttp(deps, async () => {
      throw new DOMException('timed out', 'TimeoutError');
    });
    await expect(http.post('/base/x', {})).rejects.toMatchObject({ code: 0, message: '网络不稳定，请稍后重试' });
    expect(deps.showError).toHaveBeenCalledWith('网络不稳定，请稍后重试');
  });

  it('hands a file back as a blob and reads the envelope of a failed blob download', async () => {
    const deps = { showError: vi.fn(), onExpired: vi.fn() };
    const file = createHttp(
      deps,
      recording(() => new Response('xlsx', { headers: { 'content-disposition': 'attachment; filename="a.xlsx"' } }))
        .transport,
    );
    const res = await file.post('/base/x', {}, { responseType: 'blob' });
    expect(res.data).toBeInstanceOf(Blob);
    expect(res.headers.get('content-disposition')).toContain('a.xlsx');
    const http = createHttp(deps, recording(() => json({ code: 403, msg: '没有权限' })).transport);
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
