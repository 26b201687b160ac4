import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { t } from '../../locales/zh-CN/signIn';
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

const isJsonBlob = (res: AxiosResponse): res is AxiosResponse<Blob> =>
  res.data instanceof Blob && String(res.headers['content-type'] ?? '').includes('application/json');

/** Reads the envelope of a response; a blob request that failed carries its envelope as JSON text. */
const envelopeOf = async (res: AxiosResponse): Promise<TEnvelopeLike | null> => {
  if (isJsonBlob(res)) return JSON.parse(await res.data.text()) as TEnvelopeLike;
  if (res.data instanceof Blob) return null;
  return (res.data ?? null) as TEnvelopeLike | null;
};

/**
 * The one axios instance of the console (spec section 7): same-origin base path, 10 s timeout,
 * credentials, CLOUD-TOKEN header; every envelope goes through `handleEnvelope` (section 8).
 */
export const createHttp = (deps: THandleDeps = defaultDeps): AxiosInstance => {
  // Same origin, path '': the server (or Vite's proxy in development) answers /base and /sso.
  const http = axios.create({ baseURL: '', timeout: HTTP_TIMEOUT, withCredentials: true, validateStatus: () => true });
  http.interceptors.request.use((config) => {
    const token = getToken();
    if (token) config.headers.set('CLOUD-TOKEN', token);
    return config;
  });
  http.interceptors.response.use(
    async (res) => {
      const isFile = res.status === 200 && res.data instanceof Blob && !isJsonBlob(res);
      if (isFile) return res;
      const data = handleEnvelope(res.status, await envelopeOf(res), deps);
      return { ...res, data };
    },
    (error: unknown) => {
      if (error instanceof ApiError) throw error;
      // No response at all: timeout or the network is down.
      const text = t.app.networkUnstable;
      deps.showError(text);
      throw new ApiError(0, text);
    },
  );
  return http;
};

export const http = createHttp();
