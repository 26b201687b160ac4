import { describe, expect, it } from 'vitest';
import { devNumberChecker } from './number-check.checker.js';
import { type TFormFetch, tianapiChecker } from './number-check.tianapi.js';

// Answers in the format 天行数据 documents for 手机空号检测 (emptymobile/index): `{ code, msg, result }`,
// code 200 with result.status 0 空号 … 5 风险号, other codes the platform's refusal.
const answer = (status: number) => ({
  code: 200,
  msg: 'success',
  result: { isp: '中国移动 GSM', area: '湖北-武汉', status },
});

const fakeFetch = (reply: (mobile: string) => object, seen: { url: string; body: string; type: string }[] = []) =>
  (async (url, init) => {
    seen.push({ url, body: init.body, type: init.headers['content-type'] ?? '' });
    const mobile = new URLSearchParams(init.body).get('mobile') ?? '';
    return new Response(JSON.stringify(reply(mobile)), { headers: { 'content-type': 'application/json' } });
  }) satisfies TFormFetch;

describe('天行数据 手机空号检测', () => {
  it('posts the key and the mobile as a form to emptymobile/index and reads each documented status', async () => {
    const seen: { url: string; body: string; type: string }[] = [];
    const checker = tianapiChecker(
      { key: 'K123', baseUrl: 'https://apis.tianapi.com' },
      fakeFetch((m) => answer(Number(m.slice(-1))), seen),
    );
    const mobiles = ['13800000000', '13800000001', '13800000002', '13800000003', '13800000004', '13800000005'];
    const found = await checker.check(mobiles);
    expect([...found.values()]).toEqual(['empty', 'real', 'stopped', 'unknown', 'silent', 'risk']);
    expect(seen[0]).toEqual({
      url: 'https://apis.tianapi.com/emptymobile/index',
      body: 'key=K123&mobile=13800000000',
      type: 'application/x-www-form-urlencoded',
    });
    expect(seen).toHaveLength(6);
    expect(checker.isSimulator).toBe(false);
  });

  it('turns the platform’s refusal and an unknown status into a clear Chinese error', async () => {
    const short = tianapiChecker(
      { key: 'K', baseUrl: 'http://x' },
      fakeFetch(() => ({ code: 150, msg: 'API可用次数不足' })),
    );
    await expect(short.check(['13800000000'])).rejects.toThrow('空号检测服务暂不可用：API可用次数不足，请稍后重试');
    const odd = tianapiChecker(
      { key: 'K', baseUrl: 'http://x' },
      fakeFetch(() => answer(9)),
    );
    await expect(odd.check(['13800000000'])).rejects.toThrow('无法识别的检测状态（9）');
    const down = tianapiChecker({ key: 'K', baseUrl: 'http://x' }, async () => new Response('busy', { status: 502 }));
    await expect(down.check(['13800000000'])).rejects.toThrow('HTTP 502');
  });

  it('has a development checker that says it is one and answers by the last digit', async () => {
    expect(devNumberChecker.name).toBe('模拟检测（开发用）');
    const found = await devNumberChecker.check(['13900000010', '13900000011', '13900000019']);
    expect([...found.values()]).toEqual(['empty', 'stopped', 'real']);
  });
});
