import {
  type TPage,
  type TPhoneLabel,
  type TRouteInput,
  type TTaskCard,
  type TTaskItem,
  type TTaskProgress,
  taskMaxItems,
  toPage,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { isInScope, type TDataScope } from '../../db/scope.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import type { TIsMasked } from '../call/index.js';
import { type TCustomerAccess, targetStaff } from '../crm/index.js';
import { requireLinkableScript } from '../resource/index.js';
import { taskCardErrors } from './task-card.errors.js';
import { taskCardRepository as repo, type TFigureRow, type TTaskWithNames } from './task-card.repository.js';
import { figuresOf, toCard, toItem } from './task-card.view.js';

type TPick = { customerIds?: number[]; filter?: TRouteInput<'taskCard', 'create'>['filter'] };
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

/**
 * Spreads customers among agents: evenly in turn (counts differ by one at most), or each
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

/** The script and the line of a task in which the agent has customers (the side panel's task script), or null. */
export const taskScriptLinks = (tx: TDb, auth: TAuth, taskId: number) =>
  repo.agentTaskLinks(tx, auth.tenantId, auth.userId, taskId);

/**
 * 任务卡, the managers' side: they create calling tasks from the customers they see and spread them
 * among the agents of their scope, change, pause or close them, add and remove customers, and follow
 * each task's progress per agent. The agents' side is my-task.service.ts.
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

  /** The line, when one is named, exists; the script, when one is named, is one he may read. */
  const checkLinks = async (tx: TDb, auth: TAuth, input: { lineId: number | null; scriptId: number | null }) => {
    if (input.lineId !== null && !(await repo.lineExists(tx, input.lineId))) throw taskCardErrors.lineMissing();
    if (input.scriptId !== null) await requireLinkableScript(tx, auth, input.scriptId);
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

  const page = async (
    { auth, tx, scope }: TRequestContext,
    q: TRouteInput<'taskCard', 'page'>,
  ): Promise<TPage<TTaskCard>> => {
    const { records, total } = await repo.taskPage(tx, {
      tenantId: auth.tenantId,
      scope,
      filter: { status: q.status, name: q.name },
      paging: q,
    });
    return toPage(records.map(toCard), total, q);
  };

  const create = async (
    { auth, tx, scope }: TRequestContext,
    input: TRouteInput<'taskCard', 'create'>,
  ): Promise<TTaskCard> => {
    await checkLinks(tx, auth, input);
    const plan = await planItems(tx, auth, scope, input, input);
    const task = await repo.insertTask(tx, {
      tenantId: auth.tenantId,
      name: input.name,
      description: input.description,
      lineId: input.lineId,
      scriptId: input.scriptId,
      countdownSeconds: input.countdownSeconds,
      createdBy: auth.userId,
      deptId: auth.deptId,
    });
    await writeItems(tx, auth, task.id, plan);
    return toCard((await repo.findTask(tx, auth.tenantId, task.id))!);
  };

  const update = async (
    { auth, tx, scope }: TRequestContext,
    input: TRouteInput<'taskCard', 'update'>,
  ): Promise<TTaskCard> => {
    requireOpen(await visibleTask(tx, auth, scope, input.id, true));
    await checkLinks(tx, auth, input);
    const { id, ...set } = input;
    await repo.updateTask(tx, auth.tenantId, id, set);
    return toCard((await repo.findTask(tx, auth.tenantId, id))!);
  };

  const setStatus = async (
    { auth, tx, scope }: TRequestContext,
    input: TRouteInput<'taskCard', 'setStatus'>,
  ): Promise<TTaskCard> => {
    const row = await visibleTask(tx, auth, scope, input.id, true);
    if (row.t.status === 'closed') throw taskCardErrors.closedNoStatus();
    await repo.updateTask(tx, auth.tenantId, input.id, {
      status: input.status,
      ...(input.status === 'closed' ? { closedAt: now() } : {}),
    });
    return toCard((await repo.findTask(tx, auth.tenantId, input.id))!);
  };

  const addItems = async (
    { auth, tx, scope }: TRequestContext,
    input: TRouteInput<'taskCard', 'addItems'>,
  ): Promise<TTaskCard> => {
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

  const removeItems = async (
    { auth, tx, scope }: TRequestContext,
    input: TRouteInput<'taskCard', 'removeItems'>,
  ): Promise<TTaskCard> => {
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

  const items = async (
    { auth, tx, scope }: TRequestContext,
    q: TRouteInput<'taskCard', 'items'>,
  ): Promise<TPage<TTaskItem>> => {
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

  return { page, create, update, setStatus, addItems, removeItems, progress, items };
};

export type TTaskCardService = ReturnType<typeof createTaskCardService>;
