import { defineErrors } from '../../http/errors.js';

/** 应用中心's errors. */
export const appCentreErrors = defineErrors('appCentre', {
  notListed: ['notFound', '该应用未上架或不存在'],
  notBuilt: ['conflict', '该应用即将上线，暂不能开通'],
  platformNeedsNone: ['conflict', '平台运营方无需开通应用'],
  needsTrialOrOrder: ['conflict', '该应用为付费应用，请先试用或购买后开通'],
  noTrial: ['conflict', '该应用不提供试用'],
  trialUsed: ['conflict', '该应用已试用过，每个企业只能试用一次'],
  alreadyOn: ['conflict', '该应用已开通，无需试用'],
  free: ['conflict', '该应用免费，直接开通即可'],
});
