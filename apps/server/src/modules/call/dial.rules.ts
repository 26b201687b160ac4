import type { TBlockLevel } from '../blacklist/blacklist.service.js';

/** The dial flow's refusals (spec section 4 Dial flow, issue 5): say why and what to do. */
export const dialMessages = {
  noSeat: '您没有该线路的有效坐席，请选择其他线路或联系管理员分配坐席',
  noCarrier: '该线路暂未接通运营商，请改用软电话线路或联系管理员',
  blocked: (level: TBlockLevel) => `该号码在${level === 'platform' ? '平台' : '企业'}黑名单中，禁止拨打`,
  outsideHours: (from: string, to: string) => `当前不在允许的呼叫时段（${from}-${to}）`,
  perNumberLimit: (limit: number) => `该号码今天已呼叫${limit}次，达到单号码每日呼叫上限，请明天再拨`,
  dailyLimit: (limit: number) => `您今天已呼叫${limit}次，达到每日呼叫上限，请明天再拨`,
  noSuchDial: '拨号记录不存在',
  alreadyPlaced: '该呼叫已发出，无法撤销',
} as const;

const dayMs = 86_400_000;
const shanghaiOffsetMs = 8 * 3_600_000;

/** Midnight of the Asia/Shanghai day holding `at`: the daily limits count from there. */
export const shanghaiDayStart = (at: Date): Date =>
  new Date(Math.floor((at.getTime() + shanghaiOffsetMs) / dayMs) * dayMs - shanghaiOffsetMs);

/** 'HH:mm' of `at` in Asia/Shanghai. */
export const shanghaiClock = (at: Date): string =>
  new Date(at.getTime() + shanghaiOffsetMs).toISOString().slice(11, 16);

/**
 * Whether `clock` lies in [from, to) ('HH:mm', zero-padded so strings compare like times); a window
 * that passes midnight (22:00-06:00) wraps.
 */
export const isWithinHours = (clock: string, from: string, to: string): boolean =>
  from <= to ? clock >= from && clock < to : clock >= from || clock < to;

/** A dial request's id: random, unguessable, safe in a SIP header. */
export const newBindId = (random: () => string) => `b${random().replace(/-/g, '')}`;
