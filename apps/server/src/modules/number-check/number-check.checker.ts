import type { TNumberCheckResult } from '@yunhu/contract';

/**
 * The checker behind 空号检测: a provider asked per number (the real one's HTTP API) or the
 * development simulator. Answers each number's result; a provider's refusal throws.
 */
export type TNumberChecker = {
  name: string;
  isSimulator: boolean;
  check: (mobiles: readonly string[]) => Promise<Map<string, TNumberCheckResult>>;
};

/** The simulator's answer by the number's last digit, so tests and demos know it in advance. */
const byLastDigit: Record<string, TNumberCheckResult> = {
  '0': 'empty',
  '1': 'stopped',
  '2': 'unknown',
  '3': 'silent',
  '4': 'risk',
};

/** 模拟检测（开发用）: really runs, asks no one, and says what it is on every screen. */
export const devNumberChecker: TNumberChecker = {
  name: '模拟检测（开发用）',
  isSimulator: true,
  check: async (mobiles) => new Map(mobiles.map((m) => [m, byLastDigit[m.slice(-1)] ?? 'real'])),
};
