import type { TRequestOf, TResponseOf, TRouteDef } from '@yunhu/contract';
import { http as defaultHttp, type THttp } from './client';

type TInputArgs<R> = undefined extends TRequestOf<R> ? [input?: TRequestOf<R>] : [input: TRequestOf<R>];

/** Fills `:name` path parameters from the input and returns the path and the remaining fields. */
export const resolvePath = (path: string, input: unknown): { url: string; rest: Record<string, unknown> } => {
  const rest: Record<string, unknown> = { ...((input as Record<string, unknown> | undefined) ?? {}) };
  const url = path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { url, rest };
};

const request = <R extends TRouteDef>(client: THttp, route: R, input: unknown, blob: boolean) => {
  const { url, rest } = resolvePath(route.path, input);
  const responseType = blob ? 'blob' : 'json';
  return route.method === 'GET'
    ? client.get(url, { params: rest, responseType })
    : client.post(url, input === undefined ? {} : rest, { responseType });
};

/** Calls a contract route: GET sends query parameters, POST a JSON body; resolves the envelope's data. */
export const call = async <R extends TRouteDef>(route: R, ...args: TInputArgs<R>): Promise<TResponseOf<R>> => {
  const res = await request(defaultHttp, route, args[0], false);
  return res.data as TResponseOf<R>;
};

/** File name from `Content-Disposition` (RFC 5987 `filename*=UTF-8''…` first, then `filename=`). */
export const fileNameOf = (disposition: string | undefined, fallback: string): string => {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1].trim());
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
};

/** Saves what `href` addresses (a blob, or a signed address of our own server) under `name`. */
export const saveHref = (href: string, name: string): void => {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
};

const saveBlob = (blob: Blob, name: string): void => {
  const href = URL.createObjectURL(blob);
  saveHref(href, name);
  setTimeout(() => URL.revokeObjectURL(href), 1000);
};

/** Downloads a blob route and saves the file under the server's (Chinese) file name. */
export const download = async <R extends TRouteDef>(
  route: R,
  input: TRequestOf<R>,
  fallbackName: string,
): Promise<string> => {
  const res = await request(defaultHttp, route, input, true);
  const name = fileNameOf(res.headers.get('content-disposition') ?? undefined, fallbackName);
  saveBlob(res.data as Blob, name);
  return name;
};

/** Uploads one file as multipart field `file` (plus extra text fields) to a multipart route. */
export const upload = async <R extends TRouteDef>(
  route: R,
  file: File,
  fields: Record<string, string> = {},
): Promise<TResponseOf<R>> => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', file);
  const res = await defaultHttp.post(route.path, form);
  return res.data as TResponseOf<R>;
};
