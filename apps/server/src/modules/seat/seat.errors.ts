import { defineErrors } from '../../http/errors.js';

/** The seat area's errors (坐席管理, 呼叫管理), each declared once. */
export const seatErrors = defineErrors('seat', {
  seatMissing: ['notFound', '坐席不存在或已删除，请刷新后重试'],
  staffMissing: ['notFound', '员工不存在或已停用，请刷新后重新选择'],
  lineMissing: ['notFound', '线路不存在或已停用，请刷新后重新选择'],
  alreadyOnLine: ['conflict', '该员工在此线路上已有坐席，无需重复分配'],
  chosenSeatTaken: ['conflict', '该坐席已被占用或已过期，请选择空闲坐席'],
  noFreeSeat: ['conflict', '该线路没有空闲坐席，请先释放或购买坐席'],
  seatNotAssignable: ['conflict', '坐席已过期或已停用，请先续费后再分配'],
  renewDisabled: ['conflict', '所选坐席中有已停用的坐席，停用的坐席不能续费'],
  notAssigned: ['conflict', '该坐席未分配给任何员工，无需释放'],
  seatInUse: ['conflict', '坐席正在使用中，请先释放坐席再删除'],
  seatTimeLeft: [
    'conflict',
    (expireAt: string) => `坐席有效期至${expireAt}，尚未到期，不能删除；如不再使用，请申请坐席退订`,
  ],
  seatCancelPending: ['conflict', '该坐席有退订申请在审核中，审核完成前不能删除'],
  seatRenewalUnpaid: ['conflict', '该坐席有待支付的续费订单，请完成支付或等订单关闭后再删除'],
  // 呼叫管理
  numberWithoutLine: ['invalid', '请先选择线路，再选择该线路的外显号码'],
  lineUnavailable: ['invalid', '所选线路不可用，请选择本企业已开通坐席的线路'],
  numberNotOnLine: ['invalid', '外显号码不属于所选线路，请重新选择'],
  hoursReversed: [
    'invalid',
    (realName: string) => `${realName}的允许呼叫时间将变为开始晚于结束，请同时修改开始和结束时间`,
  ],
});
