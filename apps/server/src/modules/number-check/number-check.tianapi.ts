import type { TNumberCheckResult } from '@yunhu/contract';
import { z } from 'zod';
import type { TNumberChecker } from './number-check.checker.js';
import { numberCheckErrors } from './number-check.errors.js';

/**
 * 天行数据 (tianapi.com) 手机空号检测 by its documented HTTP API: POST /emptymobile/index with the
 * form fields `key` and `mobile`, one number a request; the answer `{ code, msg, result }` with
 * code 200 for a checked number and `result.status` 0 空号, 1 实号, 2 停机, 3 库无 (无记录), 4 沉默号,
 * 5 风险号; any other code is the platform's refusal (150 可用次数不足, 130 频率超限 …) with its `msg`.
 */
export type TTianapiConfig = { key: string; baseUrl: string };
export type TFormFetch = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<Response>;

export const ZTianapiAnswer = z.object({
  code: z.number(),
  msg: z.string().default(''),
  result: z
    .object({ status: z.coerce.number().int(), isp: z.string().nullish(), area: z.string().nullish() })
    .nullish(),
});

const statusOf: Record<number, TNumberCheckResult> = {
  0: 'empty',
  1: 'real',
  2: 'stopped',
  3: 'unknown',
  4: 'silent',
  5: 'risk',
};

/** Requests at once: the platform limits each key's calls per second. */
const parallel = 4;
const timeoutMs = 8_000;

export const tianapiChecker = (config: TTianapiConfig, fetchFn: TFormFetch = fetch): TNumberChecker => {
  const one = async (mobile: string): Promise<TNumberCheckResult> => {
    let answer: z.infer<typeof ZTianapiAnswer>;
    try {
      const res = await fetchFn(`${config.baseUrl}/emptymobile/index`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ key: config.key, mobile }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      answer = ZTianapiAnswer.parse(await res.json());
    } catch (error) {
      throw numberCheckErrors.checkerFailed(error instanceof Error ? error.message : '未知错误');
    }
    if (answer.code !== 200) throw numberCheckErrors.checkerFailed(answer.msg || `错误码${answer.code}`);
    const result = answer.result ? statusOf[answer.result.status] : undefined;
    if (!result) throw numberCheckErrors.checkerFailed(`无法识别的检测状态（${answer.result?.status ?? '空'}）`);
    return result;
  };
  return {
    name: '天行数据 手机空号检测',
    isSimulator: false,
    check: async (mobiles) => {
      const out = new Map<string, TNumberCheckResult>();
      for (let i = 0; i < mobiles.length; i += parallel) {
        const part = mobiles.slice(i, i + parallel);
        const results = await Promise.all(part.map(one));
        for (const [k, m] of part.entries()) out.set(m, results[k]!);
      }
      return out;
    },
  };
};
