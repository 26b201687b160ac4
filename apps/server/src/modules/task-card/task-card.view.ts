import {
  connectedResults,
  maskPhone,
  type TPhoneLabel,
  type TTaskCard,
  type TTaskFigures,
  type TTaskItem,
  type TTaskResult,
  type TTaskStatus,
  taskResults,
} from '@yunhu/contract';
import type { TCustomerAccess } from '../crm/index.js';
import { openItemStatuses, type TFigureRow, type TItemWithNames, type TTaskWithNames } from './task-card.repository.js';

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
export const grantOf = (customerId: number): TCustomerAccess => ({ kind: 'granted', customerId });
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

export const toCard = (row: TTaskWithNames): TTaskCard => ({
  id: row.t.id,
  name: row.t.name,
  description: row.t.description,
  lineId: row.t.lineId,
  lineName: row.lineName,
  scriptId: row.t.scriptId,
  scriptTitle: row.scriptTitle,
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

export const toItem = (row: TItemWithNames, isMasked: boolean): TTaskItem => ({
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
