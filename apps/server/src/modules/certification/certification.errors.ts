import { defineErrors } from '../../http/errors.js';

/** Enterprise authentication's errors (submitted by an enterprise, examined by the platform). */
export const certificationErrors = defineErrors('certification', {
  reasonMissing: ['invalid', '驳回时请填写驳回原因'],
  notAllPending: ['conflict', '所选认证中有已审核或不存在的，请刷新后重试'],
  platformNeedsNone: ['conflict', '平台运营方无需提交企业认证'],
  licenseNotUploaded: ['invalid', '营业执照请通过上传获得（支持 PNG、JPG、GIF、WEBP 图片）'],
  alreadyCertified: ['conflict', (stateLabel: string) => `企业已完成${stateLabel}，无需重复提交`],
  pendingExists: ['conflict', '已有待审核的认证，请等待平台审核结果'],
});

/** What the licence upload tells a user whose file is not an image. */
export const licenseRefusal = '营业执照请上传图片（PNG、JPG、GIF、WEBP）';
