import type { TBlackLevel } from '@yunhu/contract';
import { defineErrors } from '../../http/errors.js';

/**
 * The call area's errors (issue 12): the dial flow's refusals (spec section 4 Dial flow, issue 5:
 * say why and what to do), call records and the soft-phone's credentials.
 */
export const callErrors = defineErrors('call', {
  noSeat: ['conflict', '您没有该线路的有效坐席，请选择其他线路或联系管理员分配坐席'],
  noCarrier: ['conflict', '该线路暂未接通运营商，请改用软电话线路或联系管理员'],
  blocked: ['conflict', (level: TBlackLevel) => `该号码在${level === 'platform' ? '平台' : '企业'}黑名单中，禁止拨打`],
  outsideHours: ['conflict', (from: string, to: string) => `当前不在允许的呼叫时段（${from}-${to}）`],
  perNumberLimit: ['conflict', (limit: number) => `该号码今天已呼叫${limit}次，达到单号码每日呼叫上限，请明天再拨`],
  dailyLimit: ['conflict', (limit: number) => `您今天已呼叫${limit}次，达到每日呼叫上限，请明天再拨`],
  noSuchDial: ['notFound', '拨号记录不存在'],
  alreadyPlaced: ['conflict', '该呼叫已发出，无法撤销'],
  /** A masked number that is not the customer's as this person sees it. */
  numberMismatch: ['invalid', '号码与客户不一致，请刷新页面后重试'],
  noSoftphoneSeat: ['conflict', '您没有可用的软电话坐席，请联系管理员分配'],
  /** Spec section 4 Dial flow, step 1: while a call is active a second dial does nothing (issue 17). */
  callInProgress: ['conflict', '您有一通电话正在进行中，请等这通电话结束后再拨打'],
  /** 监听 (issue 14 step 7). */
  listenNoCall: ['conflict', '该员工当前没有进行中的通话，或不在您的数据范围内'],
  listenSelf: ['invalid', '不能监听自己的通话'],
  listenNoGateway: ['conflict', '未启用媒体网关，无法监听'],
  listenFailed: ['conflict', '媒体网关未能建立监听，请稍后重试'],
  listenGone: ['notFound', '监听已结束，请重新点击监听'],
  listenBadAnswer: ['invalid', '监听应答与媒体网关的提议不符，请重新点击监听'],
  /** 耳语 / 强插 (issue 14 step 7). */
  whisperSelf: ['invalid', '不能对自己的通话耳语或强插'],
  whisperBusy: ['conflict', '已有其他主管正在对该员工耳语或强插，请稍后再试'],
  whisperFailed: ['conflict', '媒体网关未能接入您的声音，请检查麦克风后重试'],
  whisperGone: ['notFound', '耳语或强插已结束'],
  whisperBadAnswer: ['invalid', '耳语应答与媒体网关的提议不符，请稍后重试'],
});
