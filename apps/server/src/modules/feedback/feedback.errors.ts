import { defineErrors } from '../../http/errors.js';

/** 意见反馈's errors (sent by any user, answered and closed by the platform). */
export const feedbackErrors = defineErrors('feedback', {
  notFound: ['notFound', '意见反馈不存在或无权查看'],
  screenshotNotUploaded: ['invalid', '截图请通过上传获得（支持 PNG、JPG、GIF、WEBP 图片）'],
  screenshotTwice: ['invalid', '同一张截图只需上传一次'],
  closed: ['conflict', '该意见反馈已关闭，不能再回复或补充'],
  notRepliable: ['conflict', '该意见反馈已受理或已关闭'],
  platformNeedsNone: ['conflict', '平台运营方无需提交意见反馈'],
});
