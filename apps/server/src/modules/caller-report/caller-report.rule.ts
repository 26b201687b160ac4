import type { TDb } from '../../db/client.js';
import { callerReportErrors as errors } from './caller-report.errors.js';
import { callerReportRepository as repo } from './caller-report.repository.js';

/**
 * The numbers of a line the enterprise may call with now: while the platform's `data_audit` brand
 * switch is on (the default), only those whose report is approved; otherwise all of them.
 */
export const offeredCallerNumbers = async (
  tx: TDb,
  tenantId: number,
  lineId: number,
  numbers: readonly string[],
): Promise<string[]> => {
  if (numbers.length === 0 || !(await repo.isAuditOn(tx))) return [...numbers];
  const approved = new Set(await repo.approvedAmong(tx, tenantId, lineId, numbers));
  return numbers.filter((n) => approved.has(n));
};

/**
 * The 外显号码 a dial shows: the person's chosen number when it is the line's and may be used, else
 * the line's first that may. A chosen number not approved, or a line with numbers but none
 * approved, is refused with what to do; a line without numbers shows none, as before.
 */
export const pickCallerNumber = async (
  tx: TDb,
  q: { tenantId: number; lineId: number; numbers: readonly string[]; preferred: string | null },
): Promise<string> => {
  const offered = await offeredCallerNumbers(tx, q.tenantId, q.lineId, q.numbers);
  const isPreferredOnLine = q.preferred !== null && q.numbers.includes(q.preferred);
  if (isPreferredOnLine && !offered.includes(q.preferred!)) throw errors.numberNotApproved(q.preferred!);
  if (isPreferredOnLine) return q.preferred!;
  if (q.numbers.length > 0 && offered.length === 0) throw errors.noApprovedNumber();
  return offered[0] ?? '';
};

/**
 * 开通进度's reporting step: whether the platform requires reports at all (数据审核 on) and how
 * many of the enterprise's numbers are approved, counted up to `cap`.
 */
export const reportingProgress = async (tx: TDb, tenantId: number, cap: number) => {
  const isRequired = await repo.isAuditOn(tx);
  return { isRequired, approved: isRequired ? await repo.approvedCount(tx, tenantId, cap) : 0 };
};
