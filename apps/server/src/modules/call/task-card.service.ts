import {
  connectedResults,
  maskPhone,
  type TMyTaskCard,
  type TPage,
  type TParsedRequestOf,
  type TPhoneLabel,
  type TTaskCard,
  type TTaskFigures,
  type TTaskItem,
  type TTaskProgress,
  type TTaskResult,
  type TTaskStatus,
  type taskCardRoutes,
  taskMaxItems,
  taskResults,
  taskResultText,
  toPage,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { isInScope, type TDataScope } from '../../db/scope.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { targetStaff } from '../crm/index.js';
import { callRepository } from './call.repository.js';
import type { TCustomerAccess, TCustomerGuard, TIsMasked } from './dial.service.js';
import { taskCardErrors } from './task-card.errors.js';
import {
  openItemStatuses,
  taskCardRepository as repo,
  type TFigureRow,
  type TItemWithNames,
  type TTaskWithNames,
} from './task-card.repository.js';

type TIn<K extends keyof typeof taskCardRoutes> = TParsedRequestOf<(typeof taskCardRoutes)[K]>;
type TPick = { customerIds?: number[]; filter?: TIn<'create'>['filter'] };
type TAgents = { userIds: number[]; assign: 'even' | 'owner' };

/** What the calling tasks need of the CRM (app.ts hands its customer service's functions). */
export type TTaskCrm = {
  /** The customers he may put in a task: `ids` he sees, or his private pool's matching a filter. */
  pickable: (
    tx: TDb,
    auth: TAuth,
    scope: TDataScope,
    pick: { ids: readonly number[] } | { filter: NonNullable<TPick['filter']> },
  ) => Promise<{ id: number; name: string; ownerId: number | null }[]>;
  /** Writes a follow-up (and the phone label) on a customer the access reaches. */
  followIn: (
    tx: TDb,
    auth: TAuth,
    access: TCustomerAccess,
    input: {
      customerId: number;
      method: 'phone';
      content: string;
      nextFollowAt: null;
      phoneLabel?: TPhoneLabel;
    },
  ) => Promise<unknown>;
};

/** The phone label a result implies (CRM phone labels: 空号, 无人接听, 已接通). */
export const phoneLabelOf = (result: TTaskResult): TPhoneLabel | undefined =>
  result === 'invalid'
    ? 'invalid'
    : result === 'no_answer'
      ? 'no_answer'
      : connectedResults.includes(result)
        ? 'connected'
        : undefined;

/** An open item grants its agent exactly its customer (a public-pool one too), nothing more. */
const grantOf = (customerId: number): TCustomerAccess => ({ kind: 'granted', customerId });
const isOpenStatus = (status: string) => (openItemStatuses as readonly string[]).includes(status);

/** Sums the grouped counts into one set of figures. */
export const figuresOf = (rows: readonly TFigureRow[]): TTaskFigures => {
  const results = Object.fromEntries(taskResults.map((r) => [r, 0])) as TTaskFigures['results'];
  const f: TTaskFigures = { total: 0, dialled: 0, finished: 0, skipped: 0, connected: 0, deleted: 0, results };
  for (const r of rows) {
    f.total += r.n;
    // A worked customer keeps his result in the recycle bin; one not worked yet is passed over.
    if (r.isDeleted && isOpenStatus(r.status)) f.deleted += r.n;
    if (r.isDialled) f.dialled += r.n;
    if (r.status === 'done' || r.status === 'skipped') f.finished += r.n;
    if (r.status === 'skipped') f.skipped += r.n;
    const result = r.result as TTaskResult | null;
    if (r.status === 'done' && result) {
      results[result] += r.n;
      if (connectedResults.includes(result)) f.connected += r.n;
    }
  }
  return f;
};

/**
 * Spreads customers among agents (issue 6): evenly in turn (counts differ by one at most), or each
 * to his owner. Answers the agent of each customer, in the customers' order.
 */
export const spread = (
  picked: readonly { id: number; name: string; ownerId: number | null }[],
  agents: readonly number[],
  assign: 'even' | 'owner',
): number[] => {
  if (assign === 'even') return picked.map((_c, k) => agents[k % agents.length]!);
  return picked.map((c) => {
    if (c.ownerId === null) throw taskCardErrors.ownerlessCustomer(c.name);
    return c.ownerId;
  });
};

const toCard = (row: TTaskWithNames): TTaskCard => ({
  id: row.t.id,
  name: row.t.name,
  description: row.t.description,
  lineId: row.t.lineId,
  lineName: row.lineName,
  countdownSeconds: row.t.countdownSeconds,
  status: row.t.status as TTaskStatus,
  createdBy: row.t.createdBy,
  createdByName: row.createdByName,
  deptName: row.deptName,
  createdAt: row.t.createdAt.getTime(),
  closedAt: row.t.closedAt?.getTime() ?? null,
  total: Number(row.total),
  finished: Number(row.finished),
  deleted: Number(row.deleted),
});

const toItem = (row: TItemWithNames, isMasked: boolean): TTaskItem => ({
  id: row.i.id,
  taskId: row.i.taskId,
  customerId: row.i.customerId,
  customerName: row.customerName,
  mobile: isMasked ? maskPhone(row.mobile) : row.mobile,
  userId: row.i.userId,
  realName: row.realName,
  status: row.i.status as TTaskItem['status'],
  attempts: row.i.attempts,
  result: row.i.result as TTaskResult | null,
  note: row.i.note,
  finishedAt: row.i.finishedAt?.getTime() ?? null,
  callState: row.callState,
  isCustomerDeleted: row.isCustomerDeleted,
});

/**
 * 任务卡 (issue 6): managers create calling tasks from the customers they see and spread them among
 * the agents of their scope; each agent works his own customers of a task one after another (the
 * server keeps where he is, so a reload resumes at the same customer); each result is also a CRM
 * follow-up and sets the customer's phone label. Dialling itself is the dial flow's: the page ties
 * the bind id it returned to the item.
 */
export const createTaskCardService = (deps: { isMasked: TIsMasked; crm: TTaskCrm; now?: () => Date }) => {
  const now = deps.now ?? (() => new Date());

  /** A task of his scope (the manager's screens), or not found. */
  const visibleTask = async (tx: TDb, auth: TAuth, scope: TDataScope, id: number, lock = false) => {
    const row = await repo.findTask(tx, auth.tenantId, id, lock);
    if (!row || !isInScope(scope, { ownerId: row.t.createdBy, deptId: row.t.deptId }))
      throw taskCardErrors.taskMissing();
    return row;
  };

  const checkLine = async (tx: TDb, lineId: number | null) => {
    if (lineId !== null && !(await repo.lineExists(tx, lineId))) throw taskCardErrors.lineMissing();
  };

  /** The customers and their agents of a create or add request, checked against his scope. */
  const planItems = async (tx: TDb, auth: TAuth, scope: TDataScope, pick: TPick, agents: TAgents) => {
    const picked = pick.customerIds
      ? await deps.crm.pickable(tx, auth, scope, { ids: pick.customerIds })
      : await deps.crm.pickable(tx, auth, scope, { filter: pick.filter ?? {} });
    if (pick.customerIds && picked.length < pick.customerIds.length) {
      throw taskCardErrors.customersMissing(pick.customerIds.length - picked.length);
    }
    if (picked.length === 0) throw taskCardErrors.noCustomers();
    if (picked.length > taskMaxItems) {
      throw taskCardErrors.tooManyCustomers(picked.length, taskMaxItems);
    }
    if (agents.assign === 'even' && agents.userIds.length === 0) throw taskCardErrors.noAgents();
    const assigned = spread(picked, [...new Set(agents.userIds)], agents.assign);
    const staff = await targetStaff(tx, auth, scope, [...new Set(assigned)]).catch(() => {
      throw taskCardErrors.agentsMissing();
    });
    const deptOf = new Map(staff.map((u) => [u.id, u.deptId]));
    return picked.map((c, k) => ({ customer: c, userId: assigned[k]!, deptId: deptOf.get(assigned[k]!) ?? null }));
  };

  const writeItems = async (tx: TDb, auth: TAuth, taskId: number, plan: Awaited<ReturnType<typeof planItems>>) => {
    const start = await repo.maxSeq(tx, taskId);
    await repo.insertItems(
      tx,
      plan.map((p, k) => ({
        tenantId: auth.tenantId,
        taskId,
        customerId: p.customer.id,
        userId: p.userId,
        deptId: p.deptId,
        seq: start + k + 1,
      })),
    );
  };

  const requireOpen = (row: TTaskWithNames) => {
    if (row.t.status === 'closed') throw taskCardErrors.closedNoEdit();
  };

  // ---- the manager's screens ----

  const page = async ({ auth, tx, scope }: TRequestContext, q: TIn<'page'>): Promise<TPage<TTaskCard>> => {
    const { records, total } = await repo.taskPage(tx, {
      tenantId: auth.tenantId,
      scope,
      filter: { status: q.status, name: q.name },
      paging: q,
    });
    return toPage(records.map(toCard), total, q);
  };

  const create = async ({ auth, tx, scope }: TRequestContext, input: TIn<'create'>): Promise<TTaskCard> => {
    await checkLine(tx, input.lineId);
    const plan = await planItems(tx, auth, scope, input, input);
    const task = await repo.insertTask(tx, {
      tenantId: auth.tenantId,
      name: input.name,
      description: input.description,
      lineId: input.lineId,
      countdownSeconds: input.countdownSeconds,
      createdBy: auth.userId,
      deptId: auth.deptId,
    });
    await writeItems(tx, auth, task.id, plan);
    return toCard((await repo.findTask(tx, auth.tenantId, task.id))!);
  };

  const update = async ({ auth, tx, scope }: TRequestContext, input: TIn<'update'>): Promise<TTaskCard> => {
    requireOpen(await visibleTask(tx, auth, scope, input.id, true));
    await checkLine(tx, input.lineId);
    const { id, ...set } = input;
    await repo.updateTask(tx, auth.tenantId, id, set);
    return toCard((await repo.findTask(tx, auth.tenantId, id))!);
  };

  const setStatus = async ({ auth, tx, scope }: TRequestContext, input: TIn<'setStatus'>): Promise<TTaskCard> => {
    const row = await visibleTask(tx, auth, scope, input.id, true);
    if (row.t.status === 'closed') throw taskCardErrors.closedNoStatus();
    await repo.updateTask(tx, auth.tenantId, input.id, {
      status: input.status,
      ...(input.status === 'closed' ? { closedAt: now() } : {}),
    });
    return toCard((await repo.findTask(tx, auth.tenantId, input.id))!);
  };

  const addItems = async ({ auth, tx, scope }: TRequestContext, input: TIn<'addItems'>): Promise<TTaskCard> => {
    requireOpen(await visibleTask(tx, auth, scope, input.id, true));
    const plan = await planItems(tx, auth, scope, input, input);
    const already = new Set(
      await repo.customersInTask(
        tx,
        input.id,
        plan.map((p) => p.customer.id),
      ),
    );
    if (already.size > 0) {
      const names = plan.filter((p) => already.has(p.customer.id)).map((p) => p.customer.name);
      throw taskCardErrors.alreadyInTask(names);
    }
    await writeItems(tx, auth, input.id, plan);
    return toCard((await repo.findTask(tx, auth.tenantId, input.id))!);
  };

  const removeItems = async ({ auth, tx, scope }: TRequestContext, input: TIn<'removeItems'>): Promise<TTaskCard> => {
    requireOpen(await visibleTask(tx, auth, scope, input.id, true));
    const rows = await repo.itemsOfTask(tx, input.id, input.itemIds);
    if (rows.length < input.itemIds.length) throw taskCardErrors.itemsGone();
    if (rows.some((r) => r.status === 'done' || r.status === 'skipped')) {
      throw taskCardErrors.finishedNotRemovable();
    }
    await repo.deleteItems(tx, input.id, input.itemIds);
    return toCard((await repo.findTask(tx, auth.tenantId, input.id))!);
  };

  const progress = async ({ auth, tx, scope }: TRequestContext, id: number): Promise<TTaskProgress> => {
    const task = await visibleTask(tx, auth, scope, id);
    const rows = await repo.figureRows(tx, id);
    const byUser = new Map<number, TFigureRow[]>();
    for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
    const names = await repo.staffNames(tx, auth.tenantId, [...byUser.keys()]);
    return {
      task: toCard(task),
      figures: figuresOf(rows),
      agents: [...byUser.entries()]
        .map(([userId, list]) => ({ userId, realName: names.get(userId) ?? '', ...figuresOf(list) }))
        .sort((a, b) => a.userId - b.userId),
    };
  };

  const items = async ({ auth, tx, scope }: TRequestContext, q: TIn<'items'>): Promise<TPage<TTaskItem>> => {
    await visibleTask(tx, auth, scope, q.id);
    const { records, total } = await repo.itemPage(tx, {
      taskId: q.id,
      filter: { userId: q.userId, status: q.status },
      paging: q,
    });
    const isMasked = await deps.isMasked(tx, auth);
    return toPage(
      records.map((r) => toItem(r, isMasked)),
      total,
      q,
    );
  };

  // ---- the agent's work screen ----

  const myTasks = async ({ auth, tx }: TRequestContext): Promise<TTaskCard[]> =>
    (await repo.tasksOfAgent(tx, auth.tenantId, auth.userId)).map(toCard);

  const myCard = async ({ auth, tx }: TRequestContext, taskId: number): Promise<TMyTaskCard> => {
    const task = await repo.findTask(tx, auth.tenantId, taskId);
    const rows = task ? await repo.figureRows(tx, taskId, auth.userId) : [];
    if (!task || rows.length === 0) throw taskCardErrors.myTaskMissing();
    const isMasked = await deps.isMasked(tx, auth);
    // A closed task grants nothing more: his counts stay, his customers are no longer shown.
    const open = task.t.status === 'closed' ? [] : await repo.openItems(tx, taskId, auth.userId, 21);
    const mine = rows.reduce((n, r) => n + r.n, 0);
    const finished = rows.filter((r) => r.status === 'done' || r.status === 'skipped').reduce((n, r) => n + r.n, 0);
    return {
      // His own counts on the card (the task's totals are the manager's).
      task: { ...toCard(task), total: mine, finished },
      current: open[0] ? toItem(open[0], isMasked) : null,
      queue: open.slice(1).map((r) => toItem(r, isMasked)),
      figures: figuresOf(rows),
    };
  };

  /** His item, held for a write, with its task; refuses other people's items and closed tasks. */
  const myItem = async (tx: TDb, auth: TAuth, itemId: number, closed: () => AppError, lockTask = false) => {
    const item = await repo.lockItem(tx, auth.tenantId, itemId);
    if (!item || item.userId !== auth.userId) throw taskCardErrors.itemMissing();
    const task = (await repo.findTask(tx, auth.tenantId, item.taskId, lockTask))!;
    if (task.t.status === 'closed') throw closed();
    return { item, task };
  };
  const itemView = async (tx: TDb, auth: TAuth, itemId: number) =>
    toItem((await repo.findItem(tx, auth.tenantId, itemId))!, await deps.isMasked(tx, auth));

  /** His open item of a running task, locked with its task (a pause waits for the dial, or the dial sees it). */
  const dialableItem = async (tx: TDb, auth: TAuth, itemId: number) => {
    const { item, task } = await myItem(tx, auth, itemId, taskCardErrors.taskClosed, true);
    if (task.t.status === 'paused') throw taskCardErrors.taskPaused();
    if (item.status === 'done' || item.status === 'skipped') throw taskCardErrors.itemDoneDialNext();
    return item;
  };

  /** The dial request of 我的任务 names its item: refused unless dialableItem and for its customer. */
  const itemDialGuard = async (tx: TDb, auth: TAuth, itemId: number, customerId: number | undefined) => {
    const item = await dialableItem(tx, auth, itemId);
    if (item.customerId !== customerId) throw taskCardErrors.itemMismatch();
  };

  const itemDialled = async ({ auth, tx }: TRequestContext, input: TIn<'itemDialled'>): Promise<TTaskItem> => {
    const item = await dialableItem(tx, auth, input.itemId);
    const bind = await callRepository.findBind(tx, input.bindId);
    if (
      !bind ||
      bind.tenantId !== auth.tenantId ||
      bind.userId !== auth.userId ||
      bind.customerId !== item.customerId
    ) {
      throw taskCardErrors.itemMismatch();
    }
    await repo.updateItem(tx, item.id, { status: 'dialled', attempts: item.attempts + 1, lastBindId: bind.bindId });
    return itemView(tx, auth, item.id);
  };

  const itemResult = async ({ auth, tx }: TRequestContext, input: TIn<'itemResult'>): Promise<TTaskItem> => {
    const { item, task } = await myItem(tx, auth, input.itemId, taskCardErrors.closedNoResult);
    if (item.status === 'done' || item.status === 'skipped') throw taskCardErrors.resultRecorded();
    const at = now();
    await repo.updateItem(tx, item.id, { status: 'done', result: input.result, note: input.note, finishedAt: at });
    // The open item (checked above) grants him this customer, whoever owns him and though his
    // role may not see the public pool; the customer must still exist outside the recycle bin.
    await deps.crm.followIn(tx, auth, grantOf(item.customerId), {
      customerId: item.customerId,
      method: 'phone',
      content: `任务「${task.t.name}」：${taskResultText[input.result]}${input.note ? `，${input.note}` : ''}`,
      nextFollowAt: null,
      phoneLabel: phoneLabelOf(input.result),
    });
    return itemView(tx, auth, item.id);
  };

  const itemSkip = async ({ auth, tx }: TRequestContext, itemId: number): Promise<TTaskItem> => {
    const { item } = await myItem(tx, auth, itemId, taskCardErrors.closedNoSkip);
    if (item.status === 'done' || item.status === 'skipped') throw taskCardErrors.itemDone();
    await repo.updateItem(tx, item.id, { status: 'skipped', finishedAt: now() });
    return itemView(tx, auth, item.id);
  };

  /**
   * The dial flow's customer check (callee check and dial request) around the CRM's: an open item
   * of his for this customer in a running task grants him that customer. Otherwise his own access
   * decides; when it refuses a customer he has only through a paused or closed task, he is told
   * why, so the countdown of 我的任务 stops on a task the manager paused meanwhile.
   */
  const dialGuard =
    (guard: TCustomerGuard): TCustomerGuard =>
    async (tx, auth, access, customerId) => {
      const statuses = await repo.openItemTaskStatuses(tx, auth.tenantId, auth.userId, customerId);
      if (statuses.includes('running')) return guard(tx, auth, grantOf(customerId), customerId);
      try {
        return await guard(tx, auth, access, customerId);
      } catch (error) {
        if (statuses.length === 0 || !(error instanceof AppError)) throw error;
        throw statuses.includes('paused') ? taskCardErrors.taskPaused() : taskCardErrors.taskClosed();
      }
    };

  return {
    page,
    create,
    update,
    setStatus,
    addItems,
    removeItems,
    progress,
    items,
    myTasks,
    myCard,
    itemDialled,
    itemDialGuard,
    itemResult,
    itemSkip,
    dialGuard,
  };
};

export type TTaskCardService = ReturnType<typeof createTaskCardService>;
