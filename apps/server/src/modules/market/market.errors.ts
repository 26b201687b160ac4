import { defineErrors } from '../../http/errors.js';

/** 第三方市场's errors. */
export const marketErrors = defineErrors('market', {
  itemMissing: ['notFound', '该应用不存在或已下架'],
  requestOpen: ['conflict', '您已申请过该应用，平台正在处理，请勿重复申请'],
  requestMissing: ['notFound', '该申请不存在'],
  badMove: ['conflict', (state: string) => `该申请当前为「${state}」，不能改为此状态`],
  platformNeedsNone: ['conflict', '平台运营方无需申请应用'],
});
