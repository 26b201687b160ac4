import { defineErrors } from '../../http/errors.js';

/** The system area's errors: notices, uploads, the operation log. */
export const systemErrors = defineErrors('system', {
  logMissing: ['notFound', '日志不存在'],
  noNoticeChosen: ['invalid', '请选择要标记的通知'],
  fileMissing: ['invalid', '请选择要上传的文件（字段：file）'],
  fileTooLarge: ['invalid', (maxMb: number) => `文件不能超过${maxMb}MB`],
  /** The name's problem, as file-type.ts `fileNameProblem` words it. */
  fileNameBad: ['invalid', (problem: string) => problem],
  fileEmpty: ['invalid', '文件内容为空'],
  fileTypeUnknown: ['invalid', '只支持 PNG、JPG、GIF、WEBP 图片或 PDF 文件'],
  /** A kind the particular upload does not take, as its caller words it (`TUploadAccept.refusal`). */
  fileTypeRefused: ['invalid', (refusal: string) => refusal],
  fileMissingOnDisk: ['notFound', '文件不存在'],
});
