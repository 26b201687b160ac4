import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEcClient, EcError, ecSign, ecTime, fromEcTime, parseBatch } from './ec.client.js';
import { createEcSimulator, ecSimulatorAccount } from './ec.simulator.js';

/** A stand-in for EC that keeps each request and answers what the test sets, as EC's documentation shows. */
const recorder = async () => {
  const app = Fastify({ logger: false });
  const seen: { method: string; url: string; headers: Record<string, unknown>; body: unknown }[] = [];
  let answer: unknown = { code: 200, msg: 'success', data: null };
  app.all('/v2/*', async (req) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: req.body });
    return answer;
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: `${address}/v2`,
    seen,
    answer: (a: unknown) => {
      answer = a;
    },
    close: () => app.close(),
  };
};

describe('腾讯EC client (open API v2)', () => {
  let ec: Awaited<ReturnType<typeof recorder>>;
  const account = { corpId: '21299', appId: '1000001', appSecret: 'ec-sim-secret-8f3a' };
  const at = 1_764_720_000_000;
  const client = () => createEcClient({ baseUrl: ec.baseUrl, account, timeoutMs: 2000, now: () => at });

  beforeAll(async () => {
    ec = await recorder();
  });
  afterAll(() => ec.close());

  it('signs as EC documents: upper-case MD5 of appId=…&appSecret=…&timeStamp=… in milliseconds', () => {
    // md5("appId=1000001&appSecret=ec-sim-secret-8f3a&timeStamp=1764720000000"), computed apart.
    expect(ecSign('1000001', 'ec-sim-secret-8f3a', at)).toBe('CC6D1A6DA08FF003544FB75E31A7BA07');
  });

  it('sends the three headers and a JSON body to customer/addCustomer, and reads successIdList', async () => {
    ec.answer({ code: 200, msg: 'success', data: { successIdList: [{ index: 0, crmId: 5000123 }], failureList: [] } });
    const batch = await client().addCustomer('9001', { name: '张三', mobile: '13800138000', followUserId: 9002 });
    expect(batch).toEqual({ succeeded: [{ index: 0, id: '5000123' }], failed: [] });
    const req = ec.seen.at(-1)!;
    expect(req).toMatchObject({ method: 'POST', url: '/v2/customer/addCustomer' });
    expect(req.headers).toMatchObject({
      'x-ec-cid': '21299',
      'x-ec-timestamp': String(at),
      'x-ec-sign': 'CC6D1A6DA08FF003544FB75E31A7BA07',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(req.body).toEqual({
      optUserId: '9001',
      list: [{ name: '张三', mobile: '13800138000', followUserId: 9002 }],
      notify: false,
      repeat: false,
    });
  });

  it('reads a refused item from failureList with EC’s reason', () => {
    expect(
      parseBatch({ successIdList: [], failureList: [{ index: 0, code: 41003, msg: '客户手机号已存在' }] }),
    ).toEqual({
      succeeded: [],
      failed: [{ index: 0, code: 41003, msg: '客户手机号已存在' }],
    });
  });

  it('asks customer/queryExist by mobile and reads the crmIds found', async () => {
    ec.answer({ code: 200, msg: 'success', data: [{ mobile: '13800138000', count: 1, list: [{ crmId: 88 }] }] });
    expect(await client().queryExist('13800138000')).toEqual(['88']);
    expect(ec.seen.at(-1)!.body).toEqual({ mobile: '13800138000', maxNumsPreMobile: 1, includes: [] });
  });

  it('posts follow-ups and call records as arrays, with EC’s f_ fields and times', async () => {
    ec.answer({ code: 200, msg: 'success', data: { successIdList: [{ index: 0, id: 1 }], failureList: [] } });
    const start = new Date('2026-12-03T02:00:00Z');
    await client().saveUserTrajectory([{ userId: '9001', crmId: '88', content: '已沟通', contactTime: ecTime(start) }]);
    expect(ec.seen.at(-1)).toMatchObject({
      url: '/v2/trajectory/saveUserTrajectory',
      body: [{ userId: '9001', crmId: '88', content: '已沟通', contactTime: '2026-12-03 10:00:00' }],
    });
    const tel = {
      f_user_id: '9001',
      f_crm_id: '88',
      f_starttime: '2026-12-03 10:00:00',
      f_endtime: '2026-12-03 10:01:05',
      f_in_out_type: 1 as const,
      f_calltime: 60,
      f_callno: '02566660001',
      f_calltono: '13800138000',
      f_path: 'https://yunhu.example.com/base/call/recording/1/2?exp=1&sig=ab',
    };
    await client().addTelRecord([tel]);
    expect(ec.seen.at(-1)).toMatchObject({ url: '/v2/record/addTelRecord', body: [tel] });
  });

  it('queries customers by update time and reads their fields', async () => {
    ec.answer({
      code: 200,
      msg: 'success',
      data: { list: [{ crmId: 88, name: '张三', mobile: '13800138000', memo: '改过' }], total: 1 },
    });
    const from = new Date('2026-12-01T00:00:00Z');
    const to = new Date('2026-12-03T00:00:00Z');
    expect(await client().queryChanged(from, to, 1, 200)).toEqual({
      list: [{ crmId: '88', fields: { crmId: '88', name: '张三', mobile: '13800138000', memo: '改过' } }],
      total: 1,
    });
    expect(ec.seen.at(-1)!.body).toEqual({
      modifyTime: { startTime: '2026-12-01 08:00:00', endTime: '2026-12-03 08:00:00' },
      orderBy: { sortField: 'modifytime', sortType: 'asc' },
      pageInfo: { pageNo: 1, pageSize: 200 },
    });
  });

  it('turns a code other than 200 into EC’s own message, and nonsense into a plain one', async () => {
    ec.answer({ code: 40001, msg: '签名校验失败', data: null });
    await expect(client().structure()).rejects.toEqual(new EcError('腾讯EC：签名校验失败（错误码 40001）', 40001));
    ec.answer('<html>bad gateway</html>');
    await expect(client().structure()).rejects.toThrow('腾讯EC 返回 HTTP 200，内容无法识别');
    const gone = createEcClient({ baseUrl: 'http://127.0.0.1:9/v2', account, timeoutMs: 500 });
    await expect(gone.structure()).rejects.toThrow('无法连接腾讯EC');
  });

  it('writes and reads EC’s Beijing times', () => {
    expect(ecTime(new Date('2026-12-03T16:30:05Z'))).toBe('2026-12-04 00:30:05');
    expect(fromEcTime('2026-12-04 00:30:05')?.toISOString()).toBe('2026-12-03T16:30:05.000Z');
    expect(fromEcTime('昨天')).toBeNull();
  });
});

describe('EC simulator', () => {
  const sim = createEcSimulator();
  afterAll(() => sim.close());
  const client = async (appSecret = ecSimulatorAccount.appSecret, now?: () => number) =>
    createEcClient({
      baseUrl: await sim.baseUrl(),
      account: { ...ecSimulatorAccount, appSecret },
      timeoutMs: 2000,
      now,
    });

  it('refuses a wrong secret, an unknown corp and a stale timestamp as EC does', async () => {
    await expect((await client('wrong')).structure()).rejects.toMatchObject({ ecCode: 40001 });
    const stranger = createEcClient({
      baseUrl: await sim.baseUrl(),
      account: { ...ecSimulatorAccount, corpId: '1' },
      timeoutMs: 2000,
    });
    await expect(stranger.structure()).rejects.toMatchObject({ ecCode: 40002 });
    await expect((await client(undefined, () => Date.now() - 3_600_000)).structure()).rejects.toMatchObject({
      ecCode: 40003,
    });
  });

  it('keeps a customer, refuses his duplicate, finds him by mobile, and fails once on demand', async () => {
    const c = await client();
    const added = await c.addCustomer('9001', { name: '李四', mobile: '13900001111' });
    const crmId = added.succeeded[0]!.id;
    expect(sim.customers.get(Number(crmId))?.fields).toMatchObject({ name: '李四', mobile: '13900001111' });
    expect((await c.addCustomer('9001', { name: '李四', mobile: '13900001111' })).failed[0]).toMatchObject({
      msg: '客户手机号已存在',
    });
    expect(await c.queryExist('13900001111')).toEqual([crmId]);
    expect(
      (await c.saveUserTrajectory([{ userId: '9001', crmId: '999', content: 'x', contactTime: '' }])).failed[0],
    ).toMatchObject({
      msg: '客户不存在',
    });
    sim.failNext(1);
    await expect(c.structure()).rejects.toMatchObject({ ecCode: 50000 });
    expect((await c.structure()).users).toHaveLength(3);
  });
});
