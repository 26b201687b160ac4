import type { TRequestOf, TResponseOf, TRouteDef } from '@yunhu/contract';
import { resolvePath } from '../http/api';
import { createHttp } from '../http/client';
import { expireSession } from '../session';

/**
 * The import dialog keeps a failure in the dialog, where it stays until the next try:
 * its requests go through an http client that shows no toast (an expired session still signs out).
 */
const quietHttp = createHttp({ showError: () => undefined, onExpired: expireSession });

export const importApi = {
  /** One file as multipart field `file`, after the text fields. */
  upload: async <R extends TRouteDef>(route: R, file: File, fields: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', file);
    return (await quietHttp.post(route.path, form)).data as TResponseOf<R>;
  },
  call: async <R extends TRouteDef>(route: R, input: TRequestOf<R>) => {
    const { url, rest } = resolvePath(route.path, input);
    const res = route.method === 'GET' ? await quietHttp.get(url, { params: rest }) : await quietHttp.post(url, rest);
    return res.data as TResponseOf<R>;
  },
};
