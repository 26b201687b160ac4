import { defineErrors } from '../../http/errors.js';

/** The packet area's errors (套餐), each declared once (issue 15). */
export const packetErrors = defineErrors('packet', {
  productMissing: ['notFound', '套餐不存在或已删除，请刷新后重试'],
  lineMissing: ['notFound', '线路不存在或已停用，请重新选择'],
});
