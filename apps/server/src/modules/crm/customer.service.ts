import {
  type crmRoutes,
  followMethodLabel,
  type TCustomer,
  type TParsedRequestOf,
  type TTimelineItem,
  timelineKinds,
  toPage,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { isUniqueViolation, pinyinOf } from '../org/index.js';
import {
  canSeePool,
  isVisible,
  pageViewContext,
  type TCustomerAccess,
  tagMap,
  targetStaff,
  viewContext,
} from './crm.context.js';
import { crmErrors } from './crm.errors.js';
import { crmRepository } from './crm.repository.js';
import { readCrmSettings } from './crm.rules.js';
import { diffCustomer, type TViewContext, toCustomerView } from './crm.view.js';
import { customerRepository as repo, type TCustomerRow, type TFilter, type TPool } from './customer.repository.js';
import { buildTimeline } from './timeline.js';

type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;
export type TListQuery = TReq<'customerPage'>;
type TCustomField = Awaited<ReturnType<typeof crmRepository.customFields>>[number];
type TCustomValues = TReq<'customerCreate'>['customValues'];
/** A follow-up as written by a person or by a calling task (which passes the phone label its call showed). */
type TFollowInput = TReq<'followAdd'>;

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Custom values against the tenant's definitions (sys-customer-field): known field, right type,
 * choices among the options, required ones filled. `merged` is the whole set after the change.
 */
export const checkCustomValues = (fields: TCustomField[], input: TCustomValues, merged: TCustomValues) => {
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  for (const [key, value] of Object.entries(input)) {
    const f = byId.get(key);
    if (!f) throw crmErrors.customFieldUnknown(key);
    if (isEmpty(value)) continue;
    const bad = (what: string) => crmErrors.customValueBad(f.name, what);
    switch (f.type) {
      case 'text':
      case 'textarea':
        if (typeof value !== 'string') throw bad('请填写文字');
        if (f.type === 'text' && value.length > 200) throw bad('最多200个字');
        break;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) throw bad('请填写数字');
        break;
      case 'date':
        if (typeof value !== 'number' || !Number.isInteger(value)) throw bad('请选择日期');
        break;
      case 'select':
        if (typeof value !== 'string' || !f.options.includes(value)) throw bad(`只能选择：${f.options.join('、')}`);
        break;
      case 'multiselect': {
        if (!Array.isArray(value)) throw bad('请选择选项');
        const wrong = value.find((v) => !f.options.includes(v));
        if (wrong !== undefined) throw bad(`没有选项「${wrong}」，可选：${f.options.join('、')}`);
        break;
      }
      default:
        throw bad('的类型不受支持');
    }
  }
  for (const f of fields) {
    if (f.isRequired && isEmpty(merged[String(f.id)])) throw crmErrors.customValueRequired(f.name);
  }
};

const checkTags = async (tx: TDb, tenantId: number, tagIds: readonly number[]) => {
  if (tagIds.length === 0) return;
  const tags = await tagMap(tx, tenantId);
  if (tagIds.some((id) => !tags.has(id))) throw crmErrors.tagUnknown();
};

/** Where this mobile already is, for the duplicate message (getExistOther). */
const existOf = async (tx: TDb, auth: TAuth, mobile: string, excludeId?: number) => {
  const found = await repo.findByMobile(tx, auth.tenantId, mobile);
  if (!found || found.id === excludeId) {
    return { isExist: false, customerId: null, where: null, ownerName: null, message: '' } as const;
  }
  const where =
    found.deletedAt !== null
      ? 'recycle'
      : found.ownerId === null
        ? 'pool'
        : found.ownerId === auth.userId
          ? 'mine'
          : 'other';
  const message = {
    recycle: '该手机号已在回收站中，可从回收站恢复',
    pool: '该手机号已在公海中，可直接领取',
    mine: '该手机号已是您的客户',
    other: `该手机号已是${found.ownerName ?? '其他同事'}的客户`,
  }[where];
  return { isExist: true, customerId: found.id, where, ownerName: found.ownerName, message } as const;
};

/**
 * Writes the mobile inside a savepoint: of two people saving the same mobile at once the unique
 * index decides, and the request's transaction, rolled back to before the write, reads who won.
 */
const withUniqueMobile = async <T>(
  tx: TDb,
  auth: TAuth,
  mobile: string | undefined,
  excludeId: number | undefined,
  fn: (tx: TDb) => Promise<T>,
) => {
  try {
    return await tx.transaction((sp) => fn(sp as unknown as TDb));
  } catch (error) {
    if (isUniqueViolation(error) && mobile) {
      throw crmErrors.mobileTaken((await existOf(tx, auth, mobile, excludeId)).message);
    }
    throw error;
  }
};

export const createCustomerService = () => {
  /** A customer this person may see and act on, or not found (also for another tenant's id). */
  const visible = async (tx: TDb, auth: TAuth, access: TCustomerAccess, id: number, lock = false) => {
    const row = lock
      ? (await repo.lockMany(tx, auth.tenantId, [id]))[0]
      : (await repo.findFull(tx, auth.tenantId, id))?.c;
    if (!row || !isVisible(auth, access, row)) throw crmErrors.customerMissing();
    return row;
  };

  const view = async (tx: TDb, id: number, auth: TAuth, vc?: TViewContext) => {
    const full = await repo.findFull(tx, auth.tenantId, id);
    if (!full) throw crmErrors.customerMissing();
    return toCustomerView(full, vc ?? (await viewContext(tx, auth)));
  };

  const page = async ({ auth, tx, scope }: TRequestContext, pool: TPool, q: TListQuery) => {
    const { records, total, rules } = await repo.page(tx, {
      tenantId: auth.tenantId,
      pool,
      scope,
      filter: q,
      sort: { field: q.sortField, order: q.sortOrder },
      paging: q,
    });
    const vc = pageViewContext(auth, rules, records);
    return toPage(
      records.map((r) => toCustomerView(r, vc)),
      total,
      q,
    );
  };

  const detail = async ({ auth, tx, scope }: TRequestContext, id: number, pool: TPool): Promise<TCustomer> => {
    const row = await visible(tx, auth, scope, id);
    if ((pool === 'public') !== (row.ownerId === null)) throw crmErrors.customerMissing();
    return view(tx, id, auth);
  };

  const create = async ({ auth, tx, scope }: TRequestContext, input: TReq<'customerCreate'>): Promise<TCustomer> => {
    const dup = await existOf(tx, auth, input.mobile);
    if (dup.isExist) throw crmErrors.mobileTaken(dup.message);
    const settings = await readCrmSettings(tx, auth.tenantId);
    const ownerId = input.ownerId === undefined ? auth.userId : input.ownerId;
    let owner: { id: number; realName: string; deptId: number | null } | null = null;
    if (ownerId !== null) {
      owner =
        ownerId === auth.userId
          ? { id: auth.userId, realName: '您', deptId: auth.deptId }
          : (await targetStaff(tx, auth, scope, [ownerId]))[0]!;
      if (settings.maxOwned > 0) {
        const owned = (await repo.ownedCounts(tx, auth.tenantId, [ownerId])).get(ownerId) ?? 0;
        if (owned + 1 > settings.maxOwned) throw crmErrors.overMax(owner.realName, owned, 1, settings.maxOwned);
      }
    }
    await checkTags(tx, auth.tenantId, input.tagIds);
    const fields = await crmRepository.customFields(tx, auth.tenantId);
    checkCustomValues(fields, input.customValues, input.customValues);
    if (input.nextFollowAt !== null && input.nextFollowAt <= Date.now()) throw crmErrors.nextFollowPast();
    const now = new Date();
    const id = await withUniqueMobile(tx, auth, input.mobile, undefined, (sp) =>
      repo.insert(sp, {
        tenantId: auth.tenantId,
        name: input.name,
        ...pinyinOf(input.name),
        mobile: input.mobile,
        company: input.company,
        address: input.address,
        remark: input.remark,
        source: input.source,
        intentionLevel: input.intentionLevel,
        isDeal: input.isDeal,
        dealAt: input.isDeal ? now : null,
        phoneLabel: input.phoneLabel,
        tagIds: [...new Set(input.tagIds)],
        isProtected: input.isProtected,
        nextFollowAt: input.nextFollowAt === null ? null : new Date(input.nextFollowAt),
        customValues: input.customValues,
        ownerId: owner?.id ?? null,
        deptId: owner?.deptId ?? null,
        ownedAt: owner ? now : null,
        poolAt: owner ? null : now,
        createdBy: auth.userId,
      }),
    );
    await crmRepository.insertOwnerLogs(tx, [
      {
        tenantId: auth.tenantId,
        customerId: id,
        action: 'create',
        toUserId: owner?.id ?? null,
        operatorId: auth.userId,
      },
    ]);
    return view(tx, id, auth);
  };

  const update = async ({ auth, tx, scope }: TRequestContext, input: TReq<'customerUpdate'>): Promise<TCustomer> => {
    const before = await visible(tx, auth, scope, input.id, true);
    if (input.mobile !== undefined && input.mobile !== before.mobile) {
      const dup = await existOf(tx, auth, input.mobile, before.id);
      if (dup.isExist) throw crmErrors.mobileTaken(dup.message);
    }
    if (input.tagIds) await checkTags(tx, auth.tenantId, input.tagIds);
    const fields = await crmRepository.customFields(tx, auth.tenantId);
    let customValues: TCustomValues | undefined;
    if (input.customValues) {
      customValues = { ...before.customValues, ...input.customValues };
      checkCustomValues(fields, input.customValues, customValues);
    }
    if (
      input.nextFollowAt != null &&
      input.nextFollowAt <= Date.now() &&
      input.nextFollowAt !== before.nextFollowAt?.getTime()
    ) {
      throw crmErrors.nextFollowPast();
    }
    const set: Partial<TCustomerRow> = {};
    const copy = [
      'name',
      'mobile',
      'company',
      'address',
      'remark',
      'source',
      'intentionLevel',
      'isDeal',
      'phoneLabel',
      'isProtected',
    ] as const;
    for (const k of copy) if (input[k] !== undefined) (set as Record<string, unknown>)[k] = input[k];
    if (input.tagIds) set.tagIds = [...new Set(input.tagIds)];
    if (input.nextFollowAt !== undefined)
      set.nextFollowAt = input.nextFollowAt === null ? null : new Date(input.nextFollowAt);
    if (input.name !== undefined) Object.assign(set, pinyinOf(input.name));
    if (input.isDeal !== undefined && input.isDeal !== before.isDeal) set.dealAt = input.isDeal ? new Date() : null;
    const tags = await tagMap(tx, auth.tenantId);
    const changes = diffCustomer(
      before,
      { ...set, ...(input.customValues ? { customValues: input.customValues } : {}) },
      tags,
      new Map(fields.map((f) => [String(f.id), { name: f.name, type: f.type }])),
    );
    if (customValues) set.customValues = customValues;
    if (changes.length > 0) {
      await withUniqueMobile(tx, auth, input.mobile, input.id, (sp) =>
        repo.update(sp, auth.tenantId, [before.id], set),
      );
      await crmRepository.insertChangeLogs(tx, [
        { tenantId: auth.tenantId, customerId: before.id, userId: auth.userId, changes },
      ]);
    }
    return view(tx, before.id, auth);
  };

  const timelineOf = async (tx: TDb, auth: TAuth, customerId: number, kinds?: readonly string[]) => {
    const vc = await viewContext(tx, auth);
    return buildTimeline(tx, auth.tenantId, customerId, new Set(kinds ?? timelineKinds), vc);
  };

  /**
   * Writes a follow-up (and the phone label a call showed) inside the caller's transaction. Calling
   * tasks pass the grant of their open item; others pass their own scope.
   */
  const followIn = async (
    tx: TDb,
    auth: TAuth,
    access: TCustomerAccess,
    input: TFollowInput,
  ): Promise<TTimelineItem> => {
    const before = await visible(tx, auth, access, input.customerId, true);
    const next = input.nextFollowAt === null ? null : new Date(input.nextFollowAt);
    const r = await crmRepository.insertFollow(tx, {
      tenantId: auth.tenantId,
      customerId: input.customerId,
      userId: auth.userId,
      method: input.method,
      content: input.content,
      nextFollowAt: next,
    });
    const label = input.phoneLabel !== undefined && input.phoneLabel !== before.phoneLabel ? input.phoneLabel : null;
    await repo.update(tx, auth.tenantId, [input.customerId], {
      lastFollowAt: r.createdAt,
      lastFollowContent: input.content,
      nextFollowAt: next,
      releaseRemindedAt: null,
      ...(label ? { phoneLabel: label } : {}),
    });
    if (label) {
      const changes = diffCustomer(before, { phoneLabel: label }, new Map(), new Map());
      await crmRepository.insertChangeLogs(tx, [
        { tenantId: auth.tenantId, customerId: before.id, userId: auth.userId, changes },
      ]);
    }
    return {
      kind: 'follow',
      id: r.id,
      at: r.createdAt.getTime(),
      userName: auth.realName,
      content: r.content,
      detail: {
        method: r.method,
        methodLabel: followMethodLabel[input.method],
        nextFollowAt: next?.getTime() ?? null,
      },
    };
  };

  return {
    page,
    detail,
    visible,
    timelineOf,
    existOther: ({ auth, tx }: TRequestContext, mobile: string, excludeId?: number) =>
      existOf(tx, auth, mobile, excludeId),
    create,
    update,

    timeline: async (
      { auth, tx, scope }: TRequestContext,
      customerId: number,
      kinds?: readonly string[],
    ): Promise<TTimelineItem[]> => {
      await visible(tx, auth, scope, customerId);
      return timelineOf(tx, auth, customerId, kinds);
    },

    /** A follow-up restarts the no-follow-up clock of the automatic release (and its reminder). */
    followAdd: async ({ auth, tx, scope }: TRequestContext, input: TFollowInput): Promise<TTimelineItem> => {
      if (input.nextFollowAt !== null && input.nextFollowAt <= Date.now()) throw crmErrors.nextFollowPast();
      return followIn(tx, auth, scope, input);
    },

    followIn,

    /**
     * The customers a calling task may take, inside the caller's transaction: those among
     * `ids` he may act on, or every customer of his private pool matching a CRM filter.
     */
    pickable: (tx: TDb, auth: TAuth, scope: TDataScope, pick: { ids: readonly number[] } | { filter: TFilter }) =>
      repo.cards(
        tx,
        'ids' in pick
          ? { tenantId: auth.tenantId, scope, withPool: canSeePool(auth), ids: pick.ids }
          : { tenantId: auth.tenantId, scope, filter: pick.filter },
      ),

    commentAdd: async ({ auth, tx, scope }: TRequestContext, input: TReq<'commentAdd'>): Promise<TTimelineItem> => {
      await visible(tx, auth, scope, input.customerId);
      const r = await crmRepository.insertComment(tx, {
        tenantId: auth.tenantId,
        customerId: input.customerId,
        userId: auth.userId,
        content: input.content,
      });
      return {
        kind: 'comment',
        id: r.id,
        at: r.createdAt.getTime(),
        userName: auth.realName,
        content: r.content,
        detail: {},
      };
    },
  };
};

export type TCustomerService = ReturnType<typeof createCustomerService>;
