import * as t from '../../locales/zh-CN/signIn';
import { feedback } from '../feedback';
import { expireSession } from '../session';
import { ApiError, handleEnvelope, type TEnvelopeLike, type THandleDeps } from './handle';
import { getToken } from './token';

/** Spec section 9: HTTP timeout 10000 ms. */
export const HTTP_TIMEOUT = 10000;

const defaultDeps: THandleDeps = {
  showError: (text) => {
    feedback.message.error(text);
  },
  onExpired: expireSession,
};

export type THttpResponse<T = unknown> = { data: T; status: number; headers: Headers };
export type TRequestOptions = { params?: Record<string, unknown>; responseType?: 'json' | 'blob' };
export type THttp = {
  get: (url: string, options?: TRequestOptions) => Promise<THttpResponse>;
  post: (url: string, body?: unknown, options?: TRequestOptions) => Promise<THttpResponse>;
};
/** What sends a request: `fetch` in the browser; tests hand in their own. */
export type TTransport = (url: string, init: RequestInit) => Promise<Response>;

/** Query string as axios wrote it: null and undefined left out, `key[]` per array item, dates in ISO. */
export const queryOf = (params: Record<string, unknown> | undefined): string => {
  const query = new URLSearchParams();
  const text = (v: unknown) =>
    v instanceof Date ? v.toISOString() : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) query.append(`${key}[]`, text(item));
    } else query.append(key, text(value));
  }
  const s = query.toString();
  return s ? `?${s}` : '';
};

const isJsonType = (headers: Headers) => (headers.get('content-type') ?? '').includes('application/json');

/** The body as axios gave it: a blob when asked for one, else the JSON, or the text when it is none. */
const bodyOf = async (res: Response, responseType: TRequestOptions['responseType']): Promise<unknown> => {
  if (responseType === 'blob') return res.blob();
  const text = await res.text();
  if (!text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Reads the envelope of a response; a blob request that failed carries its envelope as JSON text. */
const envelopeOf = async (data: unknown, headers: Headers): Promise<TEnvelopeLike | null> => {
  if (data instanceof Blob) return isJsonType(headers) ? (JSON.parse(await data.text()) as TEnvelopeLike) : null;
  return (data ?? null) as TEnvelopeLike | null;
};

/**
 * The console's HTTP client (spec section 7) on `fetch` (decision 0013: axios was a fifth of the
 * sign-in page's first load): same-origin paths, 10 s timeout, credentials, CLOUD-TOKEN header;
 * every envelope goes through `handleEnvelope` (section 8); a file comes back as a blob.
 */
export const createHttp = (
  deps: THandleDeps = defaultDeps,
  transport: TTransport = (url, init) => fetch(url, init),
): THttp => {
  const send = async (method: 'GET' | 'POST', url: string, body: unknown, options: TRequestOptions = {}) => {
    const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
    const token = getToken();
    if (token) headers.set('CLOUD-TOKEN', token);
    let payload: BodyInit | undefined;
    if (body instanceof FormData || body instanceof Blob) payload = body;
    else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
    let res: THttpResponse;
    try {
      const answer = await transport(url + queryOf(options.params), {
        method,
        headers,
        body: payload,
        credentials: 'include',
        signal: AbortSignal.timeout(HTTP_TIMEOUT),
      });
      res = { status: answer.status, headers: answer.headers, data: await bodyOf(answer, options.responseType) };
    } catch {
      // No answer (network, timeout): spec section 8's 网络不稳定.
      const text = t.app.networkUnstable;
      deps.showError(text);
      throw new ApiError(0, text);
    }
    const isFile = res.status === 200 && res.data instanceof Blob && !isJsonType(res.headers);
    if (isFile) return res;
    return { ...res, data: handleEnvelope(res.status, await envelopeOf(res.data, res.headers), deps) };
  };
  return {
    get: (url, options) => send('GET', url, undefined, options),
    post: (url, body, options) => send('POST', url, body, options),
  };
};

export const http = createHttp();
