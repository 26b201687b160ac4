import { z } from 'zod';
import { ZCustomerFilter } from './crm-customer.js';
import { ZPageQuery, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { menuButton, menuPage, menuScreen, type TMenuNode } from './menu.js';
import { zId, zIds } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';
import { defaultCountdownSeconds, taskItemStatuses, taskResults, taskStatuses } from './task-card-labels.js';

export {
  defaultCountdownSeconds,
  taskItemStatuses,
  taskItemStatusText,
  taskResults,
  taskResultText,
  taskStatuses,
  taskStatusText,
} from './task-card-labels.js';

const route = routesOf('call');

export type TTaskStatus = (typeof taskStatuses)[number];

export type TTaskItemStatus = (typeof taskItemStatuses)[number];

export type TTaskResult = (typeof taskResults)[number];
/** Results where the customer was spoken to: they count as connected and label the phone 已接通. */
export const connectedResults: readonly TTaskResult[] = ['interested', 'not_interested', 'call_later'];

/** At most this many customers in one task (one allocation batch of the CRM). */
export const taskMaxItems = 1000;

/** How customers are spread among the agents: evenly in turn, or each to his owner. */
export const taskAssignModes = ['even', 'owner'] as const;
export const ZTaskAssign = z.enum(taskAssignModes, { error: '分配方式只能是平均分配或按负责人分配' });

const ZTaskName = z.string({ error: '请输入任务名称' }).trim().min(1, '请输入任务名称').max(50, '任务名称最多50个字');
const ZTaskFields = z.object({
  name: ZTaskName,
  description: z.string().trim().max(500, '任务说明最多500个字').default(''),
  /** The line to call on; null = the line the agent has chosen (his seat, as the dial flow does). */
  lineId: zId('线路').nullable().default(null),
  /** The task's own 话术 (a script of the library), shown first to its agents while calling. */
  scriptId: zId('话术').nullable().default(null),
  countdownSeconds: z
    .number({ error: '自动拨号倒计时请输入秒数' })
    .int('自动拨号倒计时请输入整数秒')
    .min(1, '自动拨号倒计时至少1秒')
    .max(60, '自动拨号倒计时最多60秒')
    .default(defaultCountdownSeconds),
});

/** Which customers: chosen ids, or every customer of his private pool matching a CRM filter. */
const ZTaskCustomers = z.object({
  customerIds: zIds('客户', taskMaxItems).optional(),
  filter: ZCustomerFilter.optional(),
});
const ZTaskAgents = z.object({
  /** The agents to spread among (mode even); ignored for mode owner (each customer's owner works it). */
  userIds: z.array(zId('坐席')).max(200, '坐席最多选择200人').default([]),
  assign: ZTaskAssign.default('even'),
});
const customersChosen = (v: { customerIds?: number[]; filter?: unknown }) =>
  v.customerIds !== undefined || v.filter !== undefined;

export const ZTaskCreate = ZTaskFields.extend(ZTaskCustomers.shape)
  .extend(ZTaskAgents.shape)
  .refine(customersChosen, { message: '请选择客户', path: ['customerIds'] });
export type TTaskCreate = z.input<typeof ZTaskCreate>;

export const ZTaskCard = z.object({
  id: zInt,
  name: zString,
  description: zString,
  lineId: zInt.nullable(),
  lineName: zString.nullable(),
  scriptId: zInt.nullable(),
  scriptTitle: zString.nullable(),
  countdownSeconds: zInt,
  status: z.enum(taskStatuses),
  createdBy: zInt,
  createdByName: zString,
  deptName: zString,
  createdAt: ZTime,
  closedAt: ZTime.nullable(),
  total: zInt,
  finished: zInt,
  /** Open items whose customer is in the recycle bin (see ZTaskFigures.deleted). */
  deleted: zInt,
});
export type TTaskCard = z.infer<typeof ZTaskCard>;

/** Figures of a task or of one agent in it. */
export const ZTaskFigures = z.object({
  total: zInt,
  /** Items dialled at least once. */
  dialled: zInt,
  /** Items with a result (done) or skipped. */
  finished: zInt,
  skipped: zInt,
  /** Items whose result says the customer was spoken to. */
  connected: zInt,
  /**
   * Items not worked yet whose customer is in the recycle bin: passed over, neither finished nor
   * waiting; they wait again once he is recovered.
   */
  deleted: zInt,
  results: z.record(z.enum(taskResults), zInt),
});
export type TTaskFigures = z.infer<typeof ZTaskFigures>;

export const ZTaskProgress = z.object({
  task: ZTaskCard,
  figures: ZTaskFigures,
  agents: z.array(ZTaskFigures.extend({ userId: zInt, realName: zString })),
});
export type TTaskProgress = z.infer<typeof ZTaskProgress>;

/** One customer of a task as the manager's list and the agent's card show it. */
export const ZTaskItem = z.object({
  id: zInt,
  taskId: zInt,
  customerId: zInt,
  customerName: zString,
  /** Masked per the CRM privacy rule for people who may not see full numbers. */
  mobile: zString,
  userId: zInt,
  realName: zString,
  status: z.enum(taskItemStatuses),
  attempts: zInt,
  result: z.enum(taskResults).nullable(),
  note: zString,
  finishedAt: ZTime.nullable(),
  /** The state of the last dial request (created, ringing, talking, finished, failed); null before a dial. */
  callState: zString.nullable(),
  /** The customer is in the recycle bin: the agent's card passes over him until he is recovered. */
  isCustomerDeleted: zBoolean,
});
export type TTaskItem = z.infer<typeof ZTaskItem>;

/** The agent's work screen (myTaskCard): the task, the current customer, the queue, his figures. */
export const ZMyTaskCard = z.object({
  task: ZTaskCard,
  current: ZTaskItem.nullable(),
  /** The customers after the current one, in order (at most 20). */
  queue: z.array(ZTaskItem),
  figures: ZTaskFigures,
});
export type TMyTaskCard = z.infer<typeof ZMyTaskCard>;

const ZTaskId = z.object({ id: zId('任务') });
const ZItemId = z.object({ itemId: zId('任务客户') });

export const taskCardRoutes = {
  /** 任务卡 (taskCard): the tasks of his department and below. */
  page: route({
    method: 'POST',
    path: '/base/task-card/page',
    readOnly: true,
    request: ZPageQuery.extend({
      name: z.string().trim().max(50).optional(),
      status: z.enum(taskStatuses, { error: '任务状态不正确' }).optional(),
    }),
    response: zPage(ZTaskCard),
    permission: Perm.taskCardList,
    summary: '任务卡列表',
  }),
  /** taskCard/Info: one task's figures, overall and per agent. */
  progress: route({
    method: 'POST',
    path: '/base/task-card/progress',
    readOnly: true,
    request: ZTaskId,
    response: ZTaskProgress,
    permission: Perm.taskCardList,
    summary: '任务进度',
  }),
  /** taskCard/Info: the task's customers, filtered by agent and status. */
  items: route({
    method: 'POST',
    path: '/base/task-card/items',
    readOnly: true,
    request: ZPageQuery.extend({
      id: zId('任务'),
      userId: zId('坐席').optional(),
      status: z.enum(taskItemStatuses, { error: '客户状态不正确' }).optional(),
    }),
    response: zPage(ZTaskItem),
    permission: Perm.taskCardList,
    summary: '任务客户',
  }),
  /** taskCard/Attribute: a new task from chosen customers, spread among agents. */
  create: route({
    method: 'POST',
    path: '/base/task-card/save',
    request: ZTaskCreate,
    response: ZTaskCard,
    permission: Perm.taskCardManage,
    audited: true,
    summary: '新建任务',
  }),
  /** taskCard/Attribute: name, description, line and countdown of a task. */
  update: route({
    method: 'POST',
    path: '/base/task-card/update',
    request: ZTaskFields.extend({ id: zId('任务') }),
    response: ZTaskCard,
    permission: Perm.taskCardManage,
    audited: true,
    summary: '修改任务',
  }),
  /** Pause, resume or close (a closed task takes no more calls or results). */
  setStatus: route({
    method: 'POST',
    path: '/base/task-card/status',
    request: z.object({ id: zId('任务'), status: z.enum(taskStatuses, { error: '任务状态不正确' }) }),
    response: ZTaskCard,
    permission: Perm.taskCardManage,
    audited: true,
    summary: '任务状态',
  }),
  addItems: route({
    method: 'POST',
    path: '/base/task-card/add-items',
    request: ZTaskCustomers.extend(ZTaskAgents.shape)
      .extend({ id: zId('任务') })
      .refine(customersChosen, { message: '请选择客户', path: ['customerIds'] }),
    response: ZTaskCard,
    permission: Perm.taskCardManage,
    audited: true,
    summary: '添加任务客户',
  }),
  /** Removes customers not worked yet (pending or dialled without a result). */
  removeItems: route({
    method: 'POST',
    path: '/base/task-card/remove-items',
    request: z.object({ id: zId('任务'), itemIds: zIds('任务客户', taskMaxItems) }),
    response: ZTaskCard,
    permission: Perm.taskCardManage,
    audited: true,
    summary: '移除任务客户',
  }),
  /** myTaskCard: the tasks he has customers in (running or paused). */
  myTasks: route({
    method: 'POST',
    path: '/base/task-card/my-tasks',
    request: z.object({}),
    response: z.array(ZTaskCard),
    permission: Perm.taskCardWork,
    summary: '我的任务',
  }),
  /** myTaskCard: where he is in one task (the server keeps it, so a reload resumes here). */
  myCard: route({
    method: 'POST',
    path: '/base/task-card/my-card',
    request: ZTaskId,
    response: ZMyTaskCard,
    permission: Perm.taskCardWork,
    summary: '我的任务进度',
  }),
  /** Ties the dial request the dial flow returned to his customer (one more attempt). */
  itemDialled: route({
    method: 'POST',
    path: '/base/task-card/item-dialled',
    request: ZItemId.extend({ bindId: z.string({ error: '呼叫编号不正确' }).trim().min(1, '呼叫编号不正确').max(64) }),
    response: ZTaskItem,
    permission: Perm.taskCardWork,
    summary: '任务客户已拨打',
  }),
  /** The result of his customer: the item, a CRM follow-up and the phone label it implies. */
  itemResult: route({
    method: 'POST',
    path: '/base/task-card/item-result',
    request: ZItemId.extend({
      result: z.enum(taskResults, { error: '请选择通话结果' }),
      note: z.string().trim().max(500, '备注最多500个字').default(''),
    }),
    response: ZTaskItem,
    permission: Perm.taskCardWork,
    summary: '记录通话结果',
  }),
  itemSkip: route({
    method: 'POST',
    path: '/base/task-card/item-skip',
    request: ZItemId,
    response: ZTaskItem,
    permission: Perm.taskCardWork,
    summary: '跳过任务客户',
  }),
} as const;

/** 任务卡 with its pages and 我的任务 (in the 呼叫中心 folder). */
export const taskCardMenuNodes: TMenuNode[] = [
  menuScreen('3080', '任务卡', 'taskCard', 'ScheduleOutlined', Perm.taskCardList, [
    menuButton('308001', '管理任务', Perm.taskCardManage),
    menuPage('308002', '任务详情', 'taskCard/Info', Perm.taskCardList),
    menuPage('308003', '任务设置', 'taskCard/Attribute', Perm.taskCardManage),
  ]),
  menuScreen('3090', '我的任务', 'myTaskCard', 'CarryOutOutlined', Perm.taskCardWork),
];
