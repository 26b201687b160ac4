import { defineErrors } from '../../http/errors.js';

/** 应用中心's errors. */
export const appCentreErrors = defineErrors('appCentre', {
  notListed: ['notFound', '该应用未上架或不存在'],
  notBuilt: ['conflict', '该应用即将上线，暂不能开通'],
  platformNeedsNone: ['conflict', '平台运营方无需开通应用'],
});
