import { defineErrors } from '../../http/errors.js';

/** 企业线索's errors: the companies, the quota, unlocking and converting. */
export const clueErrors = defineErrors('clue', {
  companyMissing: ['notFound', '企业不存在或已从企业库移除'],
  quotaEmpty: ['conflict', '线索额度不足，请先领取试用额度或购买线索套餐'],
  dailyLimitReached: [
    'conflict',
    (limit: number) => `今日解锁已达上限（每人每天${limit}家），请明天再试或联系管理员调整`,
  ],
  trialTaken: ['conflict', '试用额度已领取过，每个企业只能领取一次'],
  notUnlocked: ['invalid', '请先解锁该企业的联系方式，再转为客户'],
  alreadyConverted: ['conflict', '该企业已转为客户'],
  /** On the enterprise's company black-list: its contacts are neither unlocked nor converted. */
  companyBlacklisted: [
    'conflict',
    (name: string) => `「${name}」在企业黑名单中，不能解锁联系方式或转为客户（如需解除请到 黑名单 > 企业黑名单 移出）`,
  ],
  noMobile: ['invalid', '该企业没有手机号，无法转为客户'],
  customerRefused: ['invalid', '客户资料不符合要求'],
  packageMissing: ['notFound', '线索包不存在或已下架，请刷新后重试'],
  sourceFailed: ['busy', (why: string) => `企业数据服务暂不可用：${why}，请稍后重试`],
});
