// The benchmarks' HTTP client: one kept-alive connection per server, as a browser
// holds one, through node:http. fetch's own cost inside a bench process that also runs the raw
// statements and parses their rows read as the server's (page 1 of 我的客户 measured 8.9 ms through
// fetch in the bench against 3.4–4.6 ms from a process of its own, the server unchanged).
import http from 'node:http';

const agents = new Map<string, http.Agent>();
const agentOf = (origin: string) => {
  let agent = agents.get(origin);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    agents.set(origin, agent);
  }
  return agent;
};

/** POSTs `body` as JSON with the CLOUD-TOKEN header; resolves the parsed envelope `{code,msg,data}`. */
export const postJson = <T = unknown>(url: string, token: string, body: unknown) => send<T>('POST', url, token, body);

/** GETs `url` (its query already in it) with the CLOUD-TOKEN header; resolves the parsed envelope. */
export const getJson = <T = unknown>(url: string, token: string) => send<T>('GET', url, token);

const send = <T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
  new Promise<{ code: number; msg: string; data: T }>((resolve, reject) => {
    const text = method === 'POST' ? JSON.stringify(body ?? {}) : '';
    const target = new URL(url);
    const req = http.request(
      target,
      {
        method,
        agent: agentOf(target.origin),
        headers: {
          'cloud-token': token,
          ...(method === 'POST'
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (e) {
            reject(e);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text || undefined);
  });
