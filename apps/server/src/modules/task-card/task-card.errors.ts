import { defineErrors } from '../../http/errors.js';

/** 任务卡 and 我的任务: the managers' and the agents' refusals. */
export const taskCardErrors = defineErrors('taskCard', {
  taskMissing: ['notFound', '任务不存在或不在您的数据范围内'],
  itemMissing: ['notFound', '任务客户不存在或不是您的客户'],
  /** Why a customer of his task may not be dialled now (the dial flow and the item's own dial). */
  taskPaused: ['conflict', '任务已暂停，请等待主管恢复后再拨打'],
  taskClosed: ['conflict', '任务已结束，不能再拨打'],
  closedNoResult: ['conflict', '任务已结束，不能再记录结果'],
  closedNoSkip: ['conflict', '任务已结束，不能再跳过客户'],
  ownerlessCustomer: ['invalid', (name: string) => `客户「${name}」在公海中，没有负责人，请使用平均分配`],
  lineMissing: ['invalid', '线路不存在，请重新选择'],
  customersMissing: ['notFound', (n: number) => `有${n}个客户不存在或不在您的数据范围内，请刷新后重新选择`],
  noCustomers: ['invalid', '任务中没有客户，请选择客户'],
  tooManyCustomers: [
    'invalid',
    (found: number, max: number) => `符合条件的客户有${found}个，一个任务最多${max}个，请缩小筛选范围`,
  ],
  noAgents: ['invalid', '请选择坐席'],
  agentsMissing: ['notFound', '坐席不存在、已停用或不在您的数据范围内'],
  closedNoEdit: ['conflict', '任务已完成，不能再修改'],
  closedNoStatus: ['conflict', '任务已完成，不能再暂停或启动'],
  alreadyInTask: [
    'conflict',
    (names: string[]) =>
      `客户「${names.slice(0, 3).join('、')}」${names.length > 3 ? `等${names.length}个` : ''}已在任务中`,
  ],
  itemsGone: ['notFound', '任务客户不存在或已移除，请刷新'],
  finishedNotRemovable: ['conflict', '已完成或已跳过的客户不能移除'],
  myTaskMissing: ['notFound', '任务不存在或没有分配给您的客户'],
  itemDoneDialNext: ['conflict', '该客户已完成，请刷新后拨打下一位'],
  itemMismatch: ['invalid', '呼叫编号与任务客户不一致，请刷新后重试'],
  resultRecorded: ['conflict', '该客户已记录结果，请刷新'],
  itemDone: ['conflict', '该客户已完成，请刷新'],
});
