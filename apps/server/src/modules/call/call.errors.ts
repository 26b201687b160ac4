import type { TBlackLevel } from '@yunhu/contract';
import { defineErrors } from '../../http/errors.js';

/**
 * The call area's errors: the dial flow's refusals (spec section 4 Dial flow: each
 * says why and what to do) and the soft-phone's credentials.
 */
export const callErrors = defineErrors('call', {
  recordMissing: ['notFound', '通话记录不存在或不在您的数据权限内'],
  noCallbackSeat: ['conflict', '您没有可用的回拨线路坐席，请联系管理员分配'],
  notCallbackLine: ['invalid', '回拨只能使用回拨线路，请选择回拨线路'],
  internalNoCallBack: ['invalid', '内部通话没有客户号码，不能回拨'],
  noSeat: ['conflict', '您没有该线路的有效坐席，请选择其他线路或联系管理员分配坐席'],
  noCarrier: ['conflict', '该线路暂未接通运营商，请改用软电话线路或联系管理员'],
  blocked: ['conflict', (level: TBlackLevel) => `该号码在${level === 'platform' ? '平台' : '企业'}黑名单中，禁止拨打`],
  // Says who can change the hours: they are each person's calling settings, kept in 呼叫管理.
  outsideHours: [
    'conflict',
    (from: string, to: string) =>
      `当前不在允许的呼叫时段（${from}-${to}），呼叫时段由企业管理员在「呼叫中心 → 呼叫管理」中设置，如需调整请联系管理员`,
  ],
  perNumberLimit: ['conflict', (limit: number) => `该号码今天已呼叫${limit}次，达到单号码每日呼叫上限，请明天再拨`],
  dailyLimit: ['conflict', (limit: number) => `您今天已呼叫${limit}次，达到每日呼叫上限，请明天再拨`],
  noSuchDial: ['notFound', '拨号记录不存在'],
  alreadyPlaced: ['conflict', '该呼叫已发出，无法撤销'],
  /** A masked number that is not the customer's as this person sees it. */
  numberMismatch: ['invalid', '号码与客户不一致，请刷新页面后重试'],
  noSoftphoneSeat: ['conflict', '您没有可用的软电话坐席，请联系管理员分配'],
  /** Spec section 4 Dial flow, step 1: while a call is active a second dial does nothing. */
  callInProgress: ['conflict', '您有一通电话正在进行中，请等这通电话结束后再拨打'],
});
