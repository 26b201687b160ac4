import { defineErrors } from '../../http/errors.js';

/**
 * The errors of 客户设置 and 业务规则. They keep the `crm.` keys the web already branches on: the
 * settings left the core CRM area, their reasons did not change.
 */
export const crmSettingsErrors = defineErrors('crm', {
  tagMissing: ['notFound', '标签不存在或已删除'],
  fieldMissing: ['notFound', '自定义字段不存在或已删除'],
  quickMissing: ['notFound', '快捷回复不存在或已删除'],
  tagNameTaken: ['conflict', '标签名称已存在'],
  fieldNameTaken: ['conflict', '字段名称已存在'],
  tagLimit: ['conflict', (max: number) => `最多只能添加${max}个标签`],
  fieldLimit: ['conflict', (max: number) => `最多只能添加${max}个自定义字段`],
  quickLimit: ['conflict', (isShared: boolean, max: number) => `${isShared ? '共享' : '个人'}快捷回复最多${max}条`],
  fieldTypeFixed: [
    'conflict',
    (name: string, n: number) => `「${name}」已有${n}个客户填写了值，不能修改字段类型；如需其他类型，请新建一个字段`,
  ],
  optionsInUse: [
    'conflict',
    (list: string, name: string) => `选项${list}正在使用，不能删除；请先修改这些客户的「${name}」`,
  ],
  sharedQuickEdit: ['forbidden', '共享的快捷回复只有具备客户设置权限的人员可以修改'],
  sharedQuickSave: ['forbidden', '设为共享快捷回复需要客户设置权限'],
  remindWithoutRelease: ['invalid', '请先设置未跟进或未成交自动回收天数，再设置回收前提醒天数'],
  remindTooLate: ['invalid', (first: number) => `回收前提醒天数须小于自动回收天数（${first}天）`],
  filterNameRepeated: ['invalid', '筛选名称不能重复'],
});
