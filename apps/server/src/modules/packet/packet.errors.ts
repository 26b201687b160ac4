import { defineErrors } from '../../http/errors.js';

/** The packet area's errors (套餐), each declared once. */
export const packetErrors = defineErrors('packet', {
  productMissing: ['notFound', '套餐不存在或已删除，请刷新后重试'],
  lineMissing: ['notFound', '线路不存在或已停用，请重新选择'],
  // Package sharing.
  packetMissing: ['notFound', '套餐不存在或已删除，请刷新后重试'],
  packetNotLive: ['conflict', '该套餐已用完、已过期或已转出/退订，不能再设置共享'],
  shareUserMissing: ['invalid', '所选员工不存在或已停用，请刷新后重新选择'],
  userMissing: ['notFound', '员工不存在或已删除'],
});
