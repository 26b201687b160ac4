import { defineErrors } from '../../http/errors.js';

/** The platform operator's errors (enterprises, contracts, notices, brand settings). */
export const platformErrors = defineErrors('platform', {
  reasonMissing: ['conflict', '驳回时请填写原因'],
  notAllPending: ['conflict', '所选企业中有不在待审核状态的，请刷新后重试'],
  enterpriseMissing: ['notFound', '企业不存在'],
  accountTaken: ['conflict', '该账号或手机号已被使用，请换一个'],
  onlyActiveCloses: ['conflict', '只有正常的企业可以停用'],
  onlyClosedOpens: ['conflict', '只有已停用的企业可以开通'],
  contractNoTaken: ['conflict', '合同编号已被其他企业使用'],
  enterprisesMissing: ['invalid', (ids: string) => `所选企业不存在：${ids}`],
  noticesGone: ['conflict', '所选通知中有已删除的，请刷新后重试'],
  brandMissing: ['notFound', '该域名没有品牌设置'],
});
