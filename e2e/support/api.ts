import {
  authRoutes,
  seatRoutes,
  type TEnvelope,
  type TRequestOf,
  type TResponseOf,
  type TRouteDef,
} from '@yunhu/contract';
import { baseUrl } from './base-url.js';

/** A refusal of the server: its envelope's code, message and stable reason, and the route asked. */
export class ApiError extends Error {
  constructor(
    readonly path: string,
    readonly code: number,
    readonly msg: string,
    readonly reason?: string,
  ) {
    super(`${path}: ${code} ${msg}`);
  }
}

type TInputArgs<R> =
  undefined extends TRequestOf<R> ? [input?: TRequestOf<R>, token?: string] : [input: TRequestOf<R>, token?: string];

/** Query string as the web client writes it: null and undefined left out, `key[]` per array item. */
const queryOf = (params: Record<string, unknown>): string => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) query.append(`${key}[]`, String(item));
    else query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const s = query.toString();
  return s ? `?${s}` : '';
};

/** The route's address with its `:name` parameters filled from the input, and the input left over. */
const addressOf = (route: TRouteDef, input: unknown): { url: string; rest: Record<string, unknown> } => {
  const rest: Record<string, unknown> = { ...((input as Record<string, unknown> | undefined) ?? {}) };
  const url = route.path.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { url, rest };
};

/**
 * The whole envelope of a contract route's answer, whatever its code: for a test about a refusal.
 * GET sends the input as the query, POST as a JSON body; `token` is the session (`cloud-token`).
 */
export const send = async <R extends TRouteDef>(
  route: R,
  ...[input, token]: TInputArgs<R>
): Promise<TEnvelope<TResponseOf<R>>> => {
  const { url, rest } = addressOf(route, input);
  const headers: Record<string, string> = token ? { 'cloud-token': token } : {};
  const res =
    route.method === 'GET'
      ? await fetch(`${baseUrl()}${url}${queryOf(rest)}`, { headers })
      : await fetch(`${baseUrl()}${url}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(rest),
        });
  const text = await res.text();
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    throw new Error(`${route.path}: HTTP ${res.status}, not an envelope: ${text.slice(0, 200)}`);
  }
  const e = envelope as Partial<TEnvelope<unknown>>;
  if (typeof e?.code !== 'number' || typeof e.msg !== 'string' || !('data' in e)) {
    throw new Error(`${route.path}: HTTP ${res.status}, not an envelope: ${text.slice(0, 200)}`);
  }
  return envelope as TEnvelope<TResponseOf<R>>;
};

/**
 * Calls a contract route the way the web client does, for set-up a test is not about (or the
 * expectations its screens must meet): resolves the envelope's data; a refusal throws an ApiError.
 */
export const call = async <R extends TRouteDef>(route: R, ...args: TInputArgs<R>): Promise<TResponseOf<R>> => {
  const envelope = await send(route, ...args);
  if (envelope.code !== 0) throw new ApiError(route.path, envelope.code, envelope.msg, envelope.reason);
  return envelope.data;
};

/** A session token of the account. */
export const login = async (username: string, password: string): Promise<string> =>
  (await call(authRoutes.login, { username, password })).token;

/**
 * 呼叫管理 for one agent, set by the administrator: any hour, generous limits, recording on — so a
 * dialing test does not depend on the clock or on what other tests dialled.
 */
export const allowCallingAnyHour = async (adminToken: string, username: string): Promise<void> => {
  const rows = await call(seatRoutes.callingList, { page: 1, limit: 20, userName: username }, adminToken);
  const person = rows.records.find((r) => r.username === username);
  if (!person) throw new Error(`呼叫管理中没有 ${username}`);
  await call(
    seatRoutes.callingSave,
    {
      userId: person.userId,
      lineId: null,
      callerNumber: null,
      allowedFrom: '00:00',
      allowedTo: '23:59',
      perNumberDailyLimit: 50,
      dailyLimit: 5000,
      recording: true,
    },
    adminToken,
  );
};
