import type { TDb } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import type { customers } from '../../db/schema.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth } from '../../http/context.js';
import { importRepository as staging } from '../../import/import.repository.js';
import { readCrmSettings } from '../crm/index.js';
import { pinyinOf } from '../org/index.js';
import { maySee, whereText } from './crm-import.check.js';
import { importRepository as repo, type TOutcome, type TStagedRow } from './crm-import.repository.js';

/** What a chunk writer needs to know about the batch being confirmed. */
export type TWriteContext = {
  auth: TAuth;
  scope: TDataScope;
  target: 'private' | 'public';
  duplicateMode: 'skip' | 'update';
};

type TCustomerData = {
  name: string;
  mobile: string;
  company?: string;
  address?: string;
  source?: string;
  remark?: string;
  intentionLevel?: string;
  phoneLabel?: string;
  tagIds?: number[];
  nextFollowAt?: number;
  custom?: Record<string, string | number | string[]>;
};

/** The filled cells of a row as customer columns (blank cells are absent from the staged data). */
const fieldsOf = (d: TCustomerData) => ({
  name: d.name,
  ...(d.company !== undefined && { company: d.company }),
  ...(d.address !== undefined && { address: d.address }),
  ...(d.source !== undefined && { source: d.source }),
  ...(d.remark !== undefined && { remark: d.remark }),
  ...(d.intentionLevel !== undefined && { intentionLevel: d.intentionLevel }),
  ...(d.phoneLabel !== undefined && { phoneLabel: d.phoneLabel }),
  ...(d.nextFollowAt !== undefined && { nextFollowAt: new Date(d.nextFollowAt) }),
});

type TSkip = (rowNo: number, reason: string) => void;

/**
 * The chunk's new customers: counted against the owner's limit now, not at preview, as others may
 * have added meanwhile; a mobile entered since the preview is skipped.
 */
const insertFresh = async (tx: TDb, ctx: TWriteContext, fresh: TStagedRow[], outcomes: TOutcome[], skip: TSkip) => {
  const { auth } = ctx;
  const now = new Date();
  let room = Number.POSITIVE_INFINITY;
  let deptId: number | null = null;
  if (ctx.target === 'private' && fresh.length) {
    const { maxOwned } = await readCrmSettings(tx, auth.tenantId);
    if (maxOwned > 0) room = Math.max(0, maxOwned - (await repo.ownedCount(tx, auth.tenantId, auth.userId)));
    deptId = await repo.deptOf(tx, auth.tenantId, auth.userId);
  }
  const toInsert: TStagedRow[] = [];
  for (const r of fresh) {
    if (toInsert.length >= room) {
      const { maxOwned } = await readCrmSettings(tx, auth.tenantId);
      skip(r.rowNo, `超过每人最多客户数（${maxOwned}），未导入；可导入到公海后再分配`);
    } else toInsert.push(r);
  }
  const isPrivate = ctx.target === 'private';
  const inserted = await repo.insertCustomers(
    tx,
    toInsert.map((r) => {
      const d = r.data as TCustomerData;
      return {
        tenantId: auth.tenantId,
        ...fieldsOf(d),
        ...pinyinOf(d.name),
        mobile: d.mobile,
        tagIds: d.tagIds ?? [],
        customValues: d.custom ?? {},
        ownerId: isPrivate ? auth.userId : null,
        deptId: isPrivate ? deptId : null,
        ownedAt: isPrivate ? now : null,
        poolAt: isPrivate ? null : now,
        createdBy: auth.userId,
      } satisfies typeof customers.$inferInsert;
    }),
  );
  const idOf = new Map(inserted.map((c) => [c.mobile, c.id]));
  await repo.insertOwnerLogs(
    tx,
    inserted.map((c) => ({
      tenantId: auth.tenantId,
      customerId: c.id,
      action: 'import',
      toUserId: isPrivate ? auth.userId : null,
      operatorId: auth.userId,
      reason: isPrivate ? '导入到我的客户' : '导入到公海',
    })),
  );
  for (const r of toInsert) {
    if (idOf.has((r.data as TCustomerData).mobile)) outcomes.push({ rowNo: r.rowNo, outcome: 'inserted', reason: '' });
    else skip(r.rowNo, '手机号在预览后已被录入为客户，未导入');
  }
};

/** The chunk's rows whose mobile was already a customer at preview: skipped or updated, as asked. */
const updateExisting = async (tx: TDb, ctx: TWriteContext, dups: TStagedRow[], outcomes: TOutcome[], skip: TSkip) => {
  const { auth } = ctx;
  const current = await repo.customersByIds(
    tx,
    auth.tenantId,
    dups.map((r) => r.existingId!),
  );
  for (const r of dups) {
    if (ctx.duplicateMode === 'skip') {
      const e = current.get(r.existingId!);
      skip(r.rowNo, e ? `客户${whereText(e, auth)}，按设置跳过` : '客户已存在，按设置跳过');
      continue;
    }
    const e = current.get(r.existingId!);
    if (!e) skip(r.rowNo, '原有客户已被彻底删除，未更新；请重新导入该行');
    else if (e.isDeleted) skip(r.rowNo, '客户在回收站，未更新；请先恢复');
    else if (!maySee(auth, ctx.scope, e)) skip(r.rowNo, `客户${whereText(e, auth)}，不在您的数据权限范围内，未更新`);
    else {
      const d = r.data as TCustomerData;
      await repo.updateCustomer(
        tx,
        auth.tenantId,
        e.id,
        { ...fieldsOf(d), ...pinyinOf(d.name) },
        d.tagIds ?? [],
        d.custom ?? {},
      );
      outcomes.push({ rowNo: r.rowNo, outcome: 'updated', reason: '' });
    }
  }
};

/**
 * Writes one chunk of a customer import in the caller's transaction: new customers (within the
 * importer's 每人最多客户数 for private imports), updates of existing ones the importer may see,
 * and the outcome of every row.
 */
export const writeCustomerChunk = async (tx: TDb, ctx: TWriteContext, rows: TStagedRow[]): Promise<TOutcome[]> => {
  const outcomes: TOutcome[] = [];
  const skip: TSkip = (rowNo, reason) => outcomes.push({ rowNo, outcome: 'skipped', reason });
  await insertFresh(
    tx,
    ctx,
    rows.filter((r) => r.existingId === null),
    outcomes,
    skip,
  );
  await updateExisting(
    tx,
    ctx,
    rows.filter((r) => r.existingId !== null),
    outcomes,
    skip,
  );
  return outcomes;
};

/**
 * Writes one chunk of a customer import set-based, in the caller's transaction: the new
 * customers straight from the staging table in one statement (import.repository.ts insertStaged),
 * then the rows whose mobile was a customer at preview (a chunk's few) one by one as before, each
 * settled with its checkpoint. The rules are writeCustomerChunk's.
 */
export const writeCustomerRange = async (
  tx: TDb,
  ctx: TWriteContext & { importId: string },
  range: { after: number; upto: number },
): Promise<{ inserted: number; updated: number; skipped: number }> => {
  const { auth } = ctx;
  const isPrivate = ctx.target === 'private';
  // New customers: counted against the owner's limit now, not at preview, as others may have added meanwhile.
  let room: number | null = null;
  let maxOwned = 0;
  let deptId: number | null = null;
  if (isPrivate) {
    maxOwned = (await readCrmSettings(tx, auth.tenantId)).maxOwned;
    if (maxOwned > 0) {
      // Chunks written at once (import.runner.ts writeChunks) of one owner count and insert one at
      // a time: a chunk beside this one would not see this one's rows before it commits.
      await lockForTransaction(tx, 'crm_import_owner', auth.userId);
      room = Math.max(0, maxOwned - (await repo.ownedCount(tx, auth.tenantId, auth.userId)));
    }
    deptId = await repo.deptOf(tx, auth.tenantId, auth.userId);
  }
  const fresh = await repo.insertStaged(tx, {
    tenantId: auth.tenantId,
    importId: ctx.importId,
    ...range,
    room,
    userId: auth.userId,
    isPrivate,
    deptId,
    logReason: isPrivate ? '导入到我的客户' : '导入到公海',
    overReason: `超过每人最多客户数（${maxOwned}），未导入；可导入到公海后再分配`,
    takenReason: '手机号在预览后已被录入为客户，未导入',
  });
  const dups = await repo.stagedExisting(tx, auth.tenantId, ctx.importId, range.after, range.upto);
  const outcomes = dups.length ? await writeCustomerChunk(tx, ctx, dups) : [];
  await staging.setOutcomes(tx, auth.tenantId, ctx.importId, outcomes);
  const n = (o: string) => outcomes.filter((x) => x.outcome === o).length;
  return { inserted: fresh.inserted, updated: n('updated'), skipped: fresh.skipped + n('skipped') };
};

type TFollowData = { customerId: number; content: string; method: string; at: number; nextAt: number | null };

/** Writes one chunk of a follow-up import: the records, then each customer's last follow-up when newer. */
export const writeFollowChunk = async (tx: TDb, ctx: TWriteContext, rows: TStagedRow[]): Promise<TOutcome[]> => {
  const { auth } = ctx;
  const data = rows.map((r) => ({ rowNo: r.rowNo, ...(r.data as TFollowData) }));
  // The customer may have been deleted or moved out of the importer's sight since the preview.
  const current = await repo.customersByIds(tx, auth.tenantId, [...new Set(data.map((d) => d.customerId))]);
  const outcomes: TOutcome[] = [];
  const ok: typeof data = [];
  for (const d of data) {
    const e = current.get(d.customerId);
    if (!e) outcomes.push({ rowNo: d.rowNo, outcome: 'skipped', reason: '客户已被彻底删除' });
    else if (e.isDeleted) outcomes.push({ rowNo: d.rowNo, outcome: 'skipped', reason: '客户在预览后被删除到回收站' });
    else if (!maySee(auth, ctx.scope, e))
      outcomes.push({ rowNo: d.rowNo, outcome: 'skipped', reason: '客户在预览后已不在您的数据权限范围内' });
    else {
      ok.push(d);
      outcomes.push({ rowNo: d.rowNo, outcome: 'inserted', reason: '' });
    }
  }
  await repo.insertFollows(
    tx,
    ok.map((d) => ({
      tenantId: auth.tenantId,
      customerId: d.customerId,
      userId: auth.userId,
      method: d.method,
      content: d.content,
      nextFollowAt: d.nextAt === null ? null : new Date(d.nextAt),
      createdAt: new Date(d.at),
    })),
  );
  await repo.refreshLastFollow(
    tx,
    auth.tenantId,
    ok.map((d) => ({ customerId: d.customerId, at: d.at, content: d.content, nextAt: d.nextAt })),
  );
  return outcomes;
};
