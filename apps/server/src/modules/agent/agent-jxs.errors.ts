import { defineErrors } from '../../http/errors.js';

/** 经销商's errors (decision 0020 "Distributors"), each declared once. */
export const agentJxsErrors = defineErrors('agentJxs', {
  /** The data wall: a distributor's login reaches only its own screens. */
  notForDistributor: ['forbidden', '经销商账号不能使用该功能'],
  agentOnly: ['forbidden', '只有代理商可以管理经销商'],
  distributorOnly: ['forbidden', '只有经销商账号可以添加解锁名单'],
  distributorDisabled: ['forbidden', '该经销商已停用'],
  distributorMissing: ['notFound', '经销商不存在，请刷新后重新选择'],
  nameTaken: ['conflict', '该经销商名称已存在，请换一个'],
  leadTaken: ['conflict', '该手机号已在您的解锁名单中'],
  leadsMissing: ['notFound', '所选线索不存在或已删除，请刷新后重新选择'],
  enterpriseMissing: ['notFound', '该企业不存在或不是您名下的企业，请刷新后重新选择'],
  enterpriseInactive: ['invalid', '该企业尚未通过审核或已停用，不能转入客户'],
});
