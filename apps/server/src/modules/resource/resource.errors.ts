import { defineErrors } from '../../http/errors.js';

/** 资料库's errors: items, folders, files and who may read them. */
export const resourceErrors = defineErrors('resource', {
  itemMissing: ['notFound', '资料不存在或已删除'],
  folderMissing: ['notFound', '文件夹不存在或已删除'],
  folderNameTaken: ['conflict', (name: string) => `文件夹“${name}”已存在`],
  folderNotEmpty: ['conflict', (count: number) => `文件夹中还有${count}条资料，请先移走或删除后再删除文件夹`],
  tooManyFolders: ['conflict', (max: number) => `文件夹最多${max}个`],
  kindFixed: ['invalid', '资料类型不能修改，请新建一条资料'],
  fileMissing: ['invalid', '文件不存在或未上传成功，请重新上传'],
  notAFile: ['invalid', '该资料不是文件'],
  /** A task's or a line's 话术: one of the enterprise's scripts that the person choosing may read. */
  scriptMissing: ['invalid', '所选话术不存在或您无权查看，请重新选择'],
  deptMissing: ['invalid', '所选部门不存在或已删除，请重新选择'],
  roleMissing: ['invalid', '所选角色不存在或已删除，请重新选择'],
  linkExpired: ['forbidden', '文件链接已过期（5分钟内有效），请回到资料库重新打开'],
  linkTampered: ['forbidden', '文件链接无效，请回到资料库重新打开'],
});

/** What the upload tells a person whose file is of another kind. */
export const fileRefusal = '资料文件请上传图片（PNG、JPG、GIF、WEBP）、PDF 或 Word（DOC、DOCX）文件，不超过5MB';
