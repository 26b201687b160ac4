import { defineErrors } from '../../http/errors.js';

/** 实时监控's refusals: 监听, 耳语 and 强插 of a colleague's call through the media gateway. */
export const wallboardErrors = defineErrors('wallboard', {
  // 监听
  listenNoCall: ['conflict', '该员工当前没有进行中的通话，或不在您的数据范围内'],
  listenSelf: ['invalid', '不能监听自己的通话'],
  listenNoGateway: ['conflict', '未启用媒体网关，无法监听'],
  listenFailed: ['conflict', '媒体网关未能建立监听，请稍后重试'],
  listenGone: ['notFound', '监听已结束，请重新点击监听'],
  listenBadAnswer: ['invalid', '监听应答与媒体网关的提议不符，请重新点击监听'],
  // 耳语 / 强插
  whisperSelf: ['invalid', '不能对自己的通话耳语或强插'],
  whisperBusy: ['conflict', '已有其他主管正在对该员工耳语或强插，请稍后再试'],
  whisperFailed: ['conflict', '媒体网关未能接入您的声音，请检查麦克风后重试'],
  whisperGone: ['notFound', '耳语或强插已结束'],
  whisperBadAnswer: ['invalid', '耳语应答与媒体网关的提议不符，请稍后重试'],
});
