import { defineErrors } from '../../http/errors.js';

/** The line area's errors (号码池, 移动工作号, 外显号码), each declared once. */
export const lineErrors = defineErrors('line', {
  numberMissing: ['notFound', '号码不存在或已删除，请刷新后重试'],
  workNumberMissing: ['notFound', '工作号不存在，请刷新后重试'],
  staffMissing: ['notFound', '员工不存在或已停用，请刷新后重新选择'],
  lineNotHeld: ['invalid', '请选择本企业已开通坐席的线路'],
  lineOwnNumber: ['conflict', '该号码是线路自带的外显号码，无需添加'],
  numberTaken: ['conflict', '该号码已存在，请勿重复添加'],
  numberInUse: ['conflict', '该号码正被员工用作外显号码，请先在呼叫管理中更换后再操作'],
  workNumberTaken: ['conflict', '该工作号已绑定其他员工，请先解绑'],
  staffHasWorkNumber: ['conflict', '该员工已绑定工作号，请先解绑原工作号'],
  workNumberFree: ['conflict', '该工作号未绑定员工，无需解绑'],
});
