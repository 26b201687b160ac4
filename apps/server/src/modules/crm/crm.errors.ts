import { defineErrors } from '../../http/errors.js';

/** The maxOwned message: how many he has, the maximum and how many more he can take. */
export const overMaxMessage = (name: string, owned: number, adding: number, max: number) =>
  `${name}已有${owned}个客户，再增加${adding}个将超过上限${max}个（还可以增加${Math.max(0, max - owned)}个）`;

/** Every error of the CRM area: a stable key `crm.<name>`, its kind and its Chinese message. */
export const crmErrors = defineErrors('crm', {
  customerMissing: ['notFound', '客户不存在或已删除'],
  staffOutOfScope: ['notFound', '员工不存在、已停用或不在您的数据范围内'],
  formerOwnerOutOfScope: ['notFound', '原负责人不存在或不在您的数据范围内'],
  /** Two kinds on purpose: a form (invalid) and a batch action (not found) name the same state. */
  tagUnknown: ['invalid', '标签不存在或已删除，请刷新后重新选择'],
  tagGone: ['notFound', '标签不存在或已删除，请刷新后重新选择'],
  customFieldUnknown: ['invalid', (key: string) => `自定义字段（编号${key}）不存在或已删除，请刷新页面`],
  /** A custom value that does not fit its field: the field's name, then what is wrong. */
  customValueBad: ['invalid', (field: string, what: string) => `「${field}」${what}`],
  customValueRequired: ['invalid', (field: string) => `请填写「${field}」`],
  nextFollowPast: ['invalid', '下次跟进时间必须晚于现在'],
  /** The customer left the pool the edit was sent for (claimed or released meanwhile). */
  poolChanged: [
    'conflict',
    (isInPool: boolean) => (isInPool ? '该客户已在公海中，请刷新后重试' : '该客户已被领取，请刷新后重试'),
  ],
  /** 正在拨打: another person holds the customer's call claim. */
  beingCalled: ['conflict', (name: string) => `${name}正在拨打该客户，请稍后再试`],
  /** Where the mobile already is (the message of existOther). */
  mobileTaken: ['conflict', (where: string) => where || '该手机号已存在'],
  overMax: [
    'conflict',
    (name: string, owned: number, adding: number, max: number) => overMaxMessage(name, owned, adding, max),
  ],
  allocationRefused: ['conflict', (problems: readonly string[]) => `分配未执行：${problems.join('；')}`],
  transferOverMax: [
    'conflict',
    (name: string, owned: number, adding: number, max: number) =>
      `转移未执行：${overMaxMessage(name, owned, adding, max)}`,
  ],
  dailyClaimReached: ['conflict', (limit: number) => `今天的领取数量已达上限${limit}个，请明天再领取`],
  dailyClaimOver: [
    'conflict',
    (limit: number, left: number, chosen: number) =>
      `每天最多领取${limit}个客户，今天还可以领取${left}个，您选择了${chosen}个`,
  ],
});

/** Why one customer of a batch was left out (TBatchResult.refused): said per row, not thrown. */
export const crmRefusals = {
  outOfReach: '客户不存在或不在您的数据范围内',
  missing: '客户不存在或已删除',
  alreadyMine: '已是您的客户',
  taken: '已被他人领取',
  inPool: '已在公海中',
  notInPool: '不在公海中',
  inPoolUseAllocate: '在公海中，请使用分配',
  notFormerOwners: '不是原负责人的客户',
  notInRecycleBin: '客户不在回收站中或不在您的数据范围内',
  tooManyTags: '一个客户最多20个标签',
  ownerOf: (name: string) => `已是${name}的客户`,
  reclaimBlocked: (days: number, free: string) => `离开您不满${days}天，${free}后才能重新领取`,
  someOutOfReach: (n: number) => `有${n}个客户不存在或不在您的数据范围内，请刷新后重新选择`,
  ownerLeft: (name: string) => `原负责人${name}已不在职，已恢复到公海`,
  ownerFull: (name: string, max: number) => `原负责人${name}的客户已达上限${max}个，已恢复到公海`,
  ownerDeleted: '原负责人已删除，已恢复到公海',
} as const;
