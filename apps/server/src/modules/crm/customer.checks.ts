import type { crmRoutes, TParsedRequestOf } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth } from '../../http/context.js';
import { isUniqueViolation } from '../org/index.js';
import { tagMap } from './crm.context.js';
import { crmErrors } from './crm.errors.js';
import type { crmRepository } from './crm.repository.js';
import { customerRepository as repo } from './customer.repository.js';

type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;
type TCustomField = Awaited<ReturnType<typeof crmRepository.customFields>>[number];
export type TCustomValues = TReq<'customerCreate'>['customValues'];

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

export const checkTags = async (tx: TDb, tenantId: number, tagIds: readonly number[]) => {
  if (tagIds.length === 0) return;
  const tags = await tagMap(tx, tenantId);
  if (tagIds.some((id) => !tags.has(id))) throw crmErrors.tagUnknown();
};

/** Where this mobile already is, for the duplicate message (getExistOther). */
export const existOf = async (tx: TDb, auth: TAuth, mobile: string, excludeId?: number) => {
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
export const withUniqueMobile = async <T>(
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
