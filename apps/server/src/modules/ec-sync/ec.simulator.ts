import crypto from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import { ecSign, ecTime, fromEcTime, type TEcAccount } from './ec.client.js';

/** The account the development simulator knows (shown on the settings screen so it can be used). */
export const ecSimulatorAccount: TEcAccount = { corpId: '21299', appId: '1000001', appSecret: 'ec-sim-secret-8f3a' };

/** EC's staff in the simulator: the ids an administrator maps his people to. */
const simUsers = [
  { userId: 9001, userName: '模拟管理员', account: '13900009001' },
  { userId: 9002, userName: '模拟销售一', account: '13900009002' },
  { userId: 9003, userName: '模拟销售二', account: '13900009003' },
];

type TSimCustomer = { crmId: number; fields: Record<string, string>; modifiedAt: Date };

/** A timestamp further than this from the simulator's clock is refused, as EC refuses a replay. */
const clockSkewMs = 5 * 60_000;

/**
 * Tencent EC's open API v2 as a real HTTP server on its own port, for development and tests: it
 * checks the three signed headers exactly as EC does (a wrong secret is refused with EC's answer),
 * keeps what it is sent, and answers in EC's formats. `failNext` makes the next calls fail once
 * (an EC outage), so retries can be seen.
 */
export const createEcSimulator = () => {
  const app = Fastify({ logger: false });
  const customers = new Map<number, TSimCustomer>();
  const trajectories: Record<string, unknown>[] = [];
  const telRecords: Record<string, unknown>[] = [];
  let nextCrmId = 5_000_001;
  let failures = 0;

  const ok = (data: unknown) => ({ code: 200, msg: 'success', data });
  const refuse = (code: number, msg: string) => ({ code, msg, data: null });

  /** EC's check of `X-Ec-Cid`, `X-Ec-TimeStamp` and `X-Ec-Sign`; null when the call may go on. */
  const refusalOf = (req: FastifyRequest) => {
    const cid = String(req.headers['x-ec-cid'] ?? '');
    const ts = String(req.headers['x-ec-timestamp'] ?? '');
    const sign = String(req.headers['x-ec-sign'] ?? '');
    if (!cid || !ts || !sign) return refuse(40000, '缺少签名参数（X-Ec-Cid、X-Ec-TimeStamp、X-Ec-Sign）');
    if (cid !== ecSimulatorAccount.corpId) return refuse(40002, '企业ID（CorpId）不存在');
    if (!/^\d{13}$/.test(ts) || Math.abs(Date.now() - Number(ts)) > clockSkewMs)
      return refuse(40003, '时间戳无效或已过期');
    const expected = ecSign(ecSimulatorAccount.appId, ecSimulatorAccount.appSecret, ts);
    const isSame = sign.length === expected.length && crypto.timingSafeEqual(Buffer.from(sign), Buffer.from(expected));
    if (!isSame) return refuse(40001, '签名校验失败，请检查 AppId 和 AppSecret');
    if (failures > 0) {
      failures -= 1;
      return refuse(50000, '系统繁忙，请稍后再试');
    }
    return null;
  };

  app.addHook('preHandler', async (req, reply) => {
    const refusal = refusalOf(req);
    if (refusal) return reply.send(refusal);
  });

  const bodyOf = (req: FastifyRequest) => (req.body ?? {}) as Record<string, unknown>;
  const rowsOf = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  const crmIdsOf = (mobile: string) => [...customers.values()].filter((c) => c.fields.mobile === mobile);

  app.get('/v2/org/struct/info', async () => ok({ depts: [{ deptId: 1, deptName: '模拟企业' }], users: simUsers }));

  app.post('/v2/customer/queryExist', async (req) => {
    const mobiles = String(bodyOf(req).mobile ?? '')
      .split(',')
      .filter(Boolean);
    return ok(
      mobiles.map((mobile) => ({
        mobile,
        count: crmIdsOf(mobile).length,
        list: crmIdsOf(mobile)
          .slice(0, 1)
          .map((c) => ({ crmId: c.crmId })),
      })),
    );
  });

  app.post('/v2/customer/addCustomer', async (req) => {
    const b = bodyOf(req);
    if (!simUsers.some((u) => String(u.userId) === String(b.optUserId)))
      return refuse(41001, '操作人（optUserId）不存在');
    const successIdList: unknown[] = [];
    const failureList: unknown[] = [];
    for (const [index, item] of rowsOf(b.list).entries()) {
      const fields = Object.fromEntries(Object.entries(item).map(([k, v]) => [k, v == null ? '' : String(v)]));
      if (!fields.name) failureList.push({ index, code: 41002, msg: '客户姓名不能为空' });
      else if (fields.mobile && crmIdsOf(fields.mobile).length > 0)
        failureList.push({ index, code: 41003, msg: '客户手机号已存在' });
      else {
        const crmId = nextCrmId++;
        customers.set(crmId, { crmId, fields, modifiedAt: new Date() });
        successIdList.push({ index, crmId });
      }
    }
    return ok({ successIdList, failureList });
  });

  /** Follow-ups and call records: each row needs a customer EC has. */
  const keep = (rows: Record<string, unknown>[], into: Record<string, unknown>[], crmKey: string) => {
    const successIdList: unknown[] = [];
    const failureList: unknown[] = [];
    for (const [index, row] of rows.entries()) {
      const crmId = row[crmKey];
      if (crmId != null && crmId !== '' && !customers.has(Number(crmId))) {
        failureList.push({ index, code: 42001, msg: '客户不存在' });
        continue;
      }
      into.push(row);
      successIdList.push({ index, id: into.length });
    }
    return ok({ successIdList, failureList });
  };
  app.post('/v2/trajectory/saveUserTrajectory', async (req) => keep(rowsOf(req.body), trajectories, 'crmId'));
  app.post('/v2/record/addTelRecord', async (req) => keep(rowsOf(req.body), telRecords, 'f_crm_id'));

  app.post('/v2/customer/query', async (req) => {
    const b = bodyOf(req);
    const range = (b.modifyTime ?? {}) as { startTime?: string; endTime?: string };
    const from = fromEcTime(range.startTime ?? '') ?? new Date(0);
    const to = fromEcTime(range.endTime ?? '') ?? new Date();
    const page = (b.pageInfo ?? {}) as { pageNo?: number; pageSize?: number };
    const size = Math.min(Number(page.pageSize ?? 200), 200);
    const changed = [...customers.values()]
      .filter((c) => c.modifiedAt >= from && c.modifiedAt <= to)
      .sort((x, y) => x.modifiedAt.getTime() - y.modifiedAt.getTime());
    const list = changed
      .slice((Number(page.pageNo ?? 1) - 1) * size, Number(page.pageNo ?? 1) * size)
      .map((c) => ({ crmId: c.crmId, ...c.fields, modifyTime: ecTime(c.modifiedAt) }));
    return ok({ list, total: changed.length });
  });

  let listening: Promise<string> | null = null;

  return {
    /** Listens on 127.0.0.1 (port 0: any free one) once; answers EC's base address there. */
    baseUrl: () => {
      listening ??= app.listen({ host: '127.0.0.1', port: 0 }).then((address) => `${address}/v2`);
      return listening;
    },
    close: () => app.close(),
    /** What EC was sent: its customers by crmId, follow-ups and call records. */
    customers,
    trajectories,
    telRecords,
    /** The next `n` signed calls are refused as EC refuses when it is busy. */
    failNext: (n = 1) => {
      failures = n;
    },
    /** A change made in EC (a salesman edits a customer there): what 拉取 brings back. */
    editCustomer: (crmId: number, fields: Record<string, string>) => {
      const c = customers.get(crmId);
      if (c) Object.assign(c, { fields: { ...c.fields, ...fields }, modifiedAt: new Date() });
    },
  };
};

export type TEcSimulator = ReturnType<typeof createEcSimulator>;
