import { shanghaiDayStart } from '@yunhu/contract';

const day = 86_400_000;

/**
 * The lists' and cards' default 近7天: the last seven Beijing days, today included, whatever zone the
 * machine running the tests is in (the product counts days in Beijing time).
 */
export const lastBeijingWeek = (now = new Date()): [number, number] => {
  const todayStart = shanghaiDayStart(now).getTime();
  return [todayStart - 6 * day, todayStart + day - 1];
};
