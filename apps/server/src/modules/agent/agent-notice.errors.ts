import { defineErrors } from '../../http/errors.js';

/** An agent's notices: the errors of the 公告 screen, each declared once. */
export const agentNoticeErrors = defineErrors('agent', {
  noEnterprises: ['conflict', '您名下还没有企业，暂时无法发布公告'],
  enterpriseNotYours: ['invalid', '所选企业中有不属于您的企业，请刷新后重新选择'],
  noticeMissing: ['notFound', '公告不存在，请刷新后重试'],
});
