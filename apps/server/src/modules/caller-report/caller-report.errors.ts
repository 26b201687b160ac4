import { defineErrors } from '../../http/errors.js';

/** 号码报备 and 数据审核's errors: an enterprise's materials and reports, the platform's review. */
export const callerReportErrors = defineErrors('callerReport', {
  platformNeedsNone: ['conflict', '平台运营方无需提交报备资料'],
  keyMissing: ['conflict', '服务器未配置证件加密密钥（DATA_ENCRYPTION_KEY），暂不能提交资料，请联系平台'],
  documentNotUploaded: ['invalid', '资料文件请通过上传获得'],
  documentKindWrong: ['invalid', (label: string) => `${label}的文件类型不正确，请重新上传`],
  imageTooSmall: ['invalid', (minKb: number) => `图片不能小于${minKb}KB，请上传清晰的原图`],
  documentMissing: ['notFound', '文件不存在'],
  linkExpired: ['forbidden', '资料链接已过期（5分钟内有效），请回到页面重新点击查看'],
  linkTampered: ['forbidden', '资料链接无效，请回到页面重新点击查看'],
  versionMissing: ['notFound', '该版本的资料不存在'],
  materialsMissing: ['conflict', '请先在资料提交中提交报备资料，再提交号码报备'],
  reportMissing: ['notFound', '报备不存在或已删除'],
  numberNotOffered: ['invalid', '该号码不是本企业在此线路上可用的外显号码'],
  numberReported: ['conflict', '该号码已有报备，请在报备记录中修改后重新提交'],
  notEditable: ['conflict', (stateLabel: string) => `${stateLabel}的报备不能修改`],
  notSubmittable: ['conflict', (stateLabel: string) => `${stateLabel}的报备不能提交`],
  notWithdrawable: ['conflict', (stateLabel: string) => `${stateLabel}的报备无需撤回`],
  reasonMissing: ['invalid', '驳回时请填写驳回原因'],
  alreadyReviewed: ['conflict', '该报备已审核或不在待审核状态，请刷新后重试'],
  agentReviewOff: ['forbidden', '平台尚未允许贵司审核号码报备，如需开通请联系平台'],
  numberNotApproved: [
    'conflict',
    (number: string) => `外显号码 ${number} 的报备未审核通过，不能用于外呼，请在号码报备中提交并等待审核通过`,
  ],
  noApprovedNumber: ['conflict', '该线路没有报备审核通过的外显号码，请先在号码报备中提交并等待审核通过'],
});

/** What the image upload tells a user whose file is not a JPG or PNG image. */
export const imageRefusal = '请上传 JPG 或 PNG 图片（50KB～5MB）';
/** What the script upload tells a user whose file is not a Word or PDF document. */
export const scriptRefusal = '话术文件请上传 DOC、DOCX 或 PDF 文件（不超过5MB）';
