import crypto from 'node:crypto';
import { beijingOffsetMs } from '@yunhu/contract';

/**
 * Tencent EC's open API v2 (open.workec.com/v2): every call a JSON POST (GET for reads without a
 * body) signed in three headers, answered `{ code, msg, data }` with code 200 for success.
 */

/** `X-Ec-Sign`: the upper-case MD5 of `appId=…&appSecret=…&timeStamp=…` (timeStamp in ms). */
export const ecSign = (appId: string, appSecret: string, timeStamp: number | string): string =>
  crypto
    .createHash('md5')
    .update(`appId=${appId}&appSecret=${appSecret}&timeStamp=${timeStamp}`)
    .digest('hex')
    .toUpperCase();

export type TEcAccount = { corpId: string; appId: string; appSecret: string };

export type TEcAnswer = { code: number; msg: string; data: unknown };

/** EC refused or could not be reached: the message a person reads in the sync log. */
export class EcError extends Error {
  constructor(
    message: string,
    readonly ecCode: number | null,
  ) {
    super(message);
    this.name = 'EcError';
  }
}

/** EC's own times: `yyyy-MM-dd HH:mm:ss` in Beijing time. */
export const ecTime = (at: Date): string =>
  new Date(at.getTime() + beijingOffsetMs).toISOString().slice(0, 19).replace('T', ' ');

/** The instant of an EC time (Beijing). */
export const fromEcTime = (text: string): Date | null => {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(text.trim());
  return m ? new Date(`${m[1]}T${m[2]}+08:00`) : null;
};

export const signedHeaders = (account: TEcAccount, now: number): Record<string, string> => ({
  'content-type': 'application/json; charset=utf-8',
  'X-Ec-Cid': account.corpId,
  'X-Ec-TimeStamp': String(now),
  'X-Ec-Sign': ecSign(account.appId, account.appSecret, now),
});

const isAnswer = (v: unknown): v is TEcAnswer =>
  typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';

/** One item EC took (index in the request, the id it gave) or refused (index, EC's reason). */
export type TEcBatch = {
  succeeded: { index: number; id: string }[];
  failed: { index: number; code: number | null; msg: string }[];
};

const asList = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : [];

/** A batch answer's `successIdList` and `failureList` (addCustomer, saveUserTrajectory, addTelRecord). */
export const parseBatch = (data: unknown): TEcBatch => {
  const d = (data ?? {}) as Record<string, unknown>;
  return {
    succeeded: asList(d.successIdList).map((s) => ({
      index: Number(s.index ?? 0),
      id: String(s.crmId ?? s.id ?? ''),
    })),
    failed: asList(d.failureList).map((f) => ({
      index: Number(f.index ?? 0),
      code: typeof f.code === 'number' ? f.code : null,
      msg: String(f.msg ?? f.message ?? '未知原因'),
    })),
  };
};

/** A customer as EC's query by update time lists him: his crmId and his fields by EC's names. */
export type TEcCustomer = { crmId: string; fields: Record<string, string> };

export type TEcClient = ReturnType<typeof createEcClient>;

/** The client of one enterprise's EC account against `baseUrl` (EC's, or the simulator's). */
export const createEcClient = (opts: {
  baseUrl: string;
  account: TEcAccount;
  timeoutMs: number;
  now?: () => number;
}) => {
  const now = opts.now ?? Date.now;

  const call = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl.replace(/\/$/, '')}/${path}`, {
        method,
        headers: signedHeaders(opts.account, now()),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs),
        redirect: 'manual',
      });
    } catch (error) {
      const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new EcError(
        isTimeout ? `腾讯EC 超时未响应（${Math.round(opts.timeoutMs / 1000)}秒）` : '无法连接腾讯EC',
        null,
      );
    }
    const text = await res.text().catch(() => '');
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new EcError(`腾讯EC 返回 HTTP ${res.status}，内容无法识别`, null);
    }
    if (!isAnswer(answer)) throw new EcError(`腾讯EC 返回 HTTP ${res.status}，内容无法识别`, null);
    if (answer.code !== 200)
      throw new EcError(`腾讯EC：${answer.msg || '未知错误'}（错误码 ${answer.code}）`, answer.code);
    return answer.data;
  };

  return {
    /** 获取架构信息: the connection check; answers how many staff EC has. */
    structure: async () => {
      const data = (await call('GET', 'org/struct/info')) as Record<string, unknown> | null;
      return {
        users: asList(data?.users).map((u) => ({ userId: String(u.userId ?? ''), name: String(u.userName ?? '') })),
      };
    },

    /** 手机查询客户(判重): the crmIds of the customers EC has with this mobile. */
    queryExist: async (mobile: string): Promise<string[]> => {
      const data = await call('POST', 'customer/queryExist', { mobile, maxNumsPreMobile: 1, includes: [] });
      return asList(data).flatMap((row) =>
        asList(row.list)
          .map((c) => String(c.crmId ?? ''))
          .filter(Boolean),
      );
    },

    /** 创建客户: one customer; his crmId, or EC's reason. */
    addCustomer: async (optUserId: string, item: Record<string, unknown>) =>
      parseBatch(await call('POST', 'customer/addCustomer', { optUserId, list: [item], notify: false, repeat: false })),

    /** 批量添加跟进记录. */
    saveUserTrajectory: async (rows: { userId: string; crmId: string; content: string; contactTime: string }[]) =>
      parseBatch(await call('POST', 'trajectory/saveUserTrajectory', rows)),

    /** 批量添加电话记录 (the f_ fields as EC names them). */
    addTelRecord: async (rows: TEcTelRecord[]) => parseBatch(await call('POST', 'record/addTelRecord', rows)),

    /** 分页查询客户信息 by 动态时间 (modifyTime): the customers changed between two EC times. */
    queryChanged: async (from: Date, to: Date, pageNo: number, pageSize: number) => {
      const data = (await call('POST', 'customer/query', {
        modifyTime: { startTime: ecTime(from), endTime: ecTime(to) },
        orderBy: { sortField: 'modifytime', sortType: 'asc' },
        pageInfo: { pageNo, pageSize },
      })) as Record<string, unknown> | null;
      const list: TEcCustomer[] = asList(data?.list).map((c) => ({
        crmId: String(c.crmId ?? ''),
        fields: Object.fromEntries(
          Object.entries(c)
            .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
            .map(([k, v]) => [k, String(v)]),
        ),
      }));
      return { list, total: Number(data?.total ?? list.length) };
    },
  };
};

export type TEcTelRecord = {
  f_user_id: string;
  f_crm_id?: string;
  f_starttime: string;
  f_endtime: string;
  /** 1: 呼出, 2: 呼入. */
  f_in_out_type: 1 | 2;
  f_calltime: number;
  f_callno: string;
  f_calltono: string;
  f_path: string;
};
