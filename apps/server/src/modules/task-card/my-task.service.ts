import { type TMyTaskCard, type TRouteInput, type TTaskCard, type TTaskItem, taskResultText } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import type { TCustomerGuard, TIsMasked } from '../call/index.js';
import { taskCardErrors } from './task-card.errors.js';
import { taskCardRepository as repo } from './task-card.repository.js';
import type { TTaskCrm } from './task-card.service.js';
import { figuresOf, grantOf, phoneLabelOf, toCard, toItem } from './task-card.view.js';

/**
 * 我的任务, the agents' side of 任务卡: each agent works his own customers of a task one after
 * another (the server keeps where he is, so a reload resumes at the same customer); each result is
 * also a CRM follow-up and sets the customer's phone label. Dialling itself is the dial flow's: the
 * page ties the bind id it returned to the item, and the dial flow asks the guards below whether an
 * item's customer may be dialled.
 */
export const createMyTaskService = (deps: {
  isMasked: TIsMasked;
  crm: Pick<TTaskCrm, 'followIn'>;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());

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

  const itemDialled = async (
    { auth, tx }: TRequestContext,
    input: TRouteInput<'taskCard', 'itemDialled'>,
  ): Promise<TTaskItem> => {
    const item = await dialableItem(tx, auth, input.itemId);
    const bind = await repo.findBind(tx, input.bindId);
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

  const itemResult = async (
    { auth, tx }: TRequestContext,
    input: TRouteInput<'taskCard', 'itemResult'>,
  ): Promise<TTaskItem> => {
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

  return { myTasks, myCard, itemDialled, itemDialGuard, itemResult, itemSkip, dialGuard };
};

export type TMyTaskService = ReturnType<typeof createMyTaskService>;
