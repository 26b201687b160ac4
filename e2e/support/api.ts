import { baseUrl } from './browser.js';

type TEnvelope<T> = { code: number; msg: string; data: T };

/**
 * Calls the server's API the way the web client does, for set-up a test is not about (or the
 * expectations its screens must meet); a refusal throws with its code and message.
 */
export const api = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'cloud-token': token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as TEnvelope<T>;
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
};

/** A session token of the account. */
export const login = async (username: string, password: string): Promise<string> =>
  (await api<{ token: string }>('/sso/login', { username, password })).token;

/**
 * 呼叫管理 for one agent, set by the administrator: any hour, generous limits, recording on — so a
 * dialing test does not depend on the clock or on what other tests dialled.
 */
export const allowCallingAnyHour = async (adminToken: string, username: string): Promise<void> => {
  const rows = await api<{ records: { userId: number; username: string }[] }>(
    '/base/calling/list',
    { page: 1, limit: 20, userName: username },
    adminToken,
  );
  const person = rows.records.find((r) => r.username === username);
  if (!person) throw new Error(`呼叫管理中没有 ${username}`);
  await api(
    '/base/calling/save',
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
