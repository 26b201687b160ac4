import { Perm, type TCustomField } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { isInScope, type TDataScope } from '../../db/scope.js';
import type { TAuth } from '../../http/context.js';
import { isScientific } from '../../import/cells.js';
import { pinyinOf } from '../org/index.js';
import {
  cleanMobile,
  customColumnKey,
  customerColumns,
  customFieldColumns,
  followColumns,
  mobileRule,
  parseChinaTime,
  parseCustomValue,
  parseFollowMethod,
  parseLevel,
  parsePhoneLabel,
  splitList,
  type TColumn,
  type TCustomValue,
} from './crm-import.columns.js';
import { importRepository as repo, type TExisting } from './crm-import.repository.js';

/** A row after the checks of its own cells: what will be staged, and why it is refused if it is. */
export type TCheckedRow = {
  rowNo: number;
  /** For the preview and the report: the customer's name (as typed, or the existing customer's for follow-ups). */
  name: string;
  /** Normalised when valid, as typed otherwise. */
  mobile: string;
  data: Record<string, unknown>;
  reasons: string[];
  existing?: TExisting;
};

/**
 * One kind of import (customers or follow-ups): its columns and its checks. The staging engine in
 * import.service.ts reads the file, asks `checkCells` for each row and `checkChunk` for every few
 * hundred rows (the checks that need the database), and stages the outcome.
 */
export type TImportKind = {
  columns: TColumn[];
  /** The same mobile twice in one file is an error (customers) or normal (several follow-ups). */
  isMobileUniqueInFile: boolean;
  /** The what of 文件中没有…，请按模板填写后再导入. */
  noData: string;
  checkCells: (cell: (key: string) => string, rowNo: number) => TCheckedRow;
  checkChunk: (tx: TDb, rows: TCheckedRow[]) => Promise<void>;
};

/** Where an existing customer is, in the words of the preview: 已是张三的客户 / 已在公海 / 在回收站. */
export const whereText = (e: TExisting, auth: TAuth) => {
  if (e.isDeleted) return '在回收站';
  if (e.ownerId === null) return '已在公海';
  if (e.ownerId === auth.userId) return '已是您的客户';
  return `已是${e.ownerName ?? '其他人'}的客户`;
};

/** Whether the importer may see (and so update or follow up) an existing customer. */
export const maySee = (auth: TAuth, scope: TDataScope, e: TExisting) =>
  !e.isDeleted &&
  (e.ownerId === null
    ? auth.isAdmin || auth.isSuper || auth.permissions.has(Perm.poolList)
    : isInScope(scope, { ownerId: e.ownerId, deptId: e.deptId }));

/**
 * Mobiles refused whatever the file says, with the reason (a blacklist). The black-list area
 * passes its look-up here through the service's deps (app.ts: blacklist.service `blockedMobiles`,
 * 号码在黑名单中（企业黑名单/平台黑名单）); without it no mobile is refused for this reason.
 */
export type TBlockedMobiles = (tx: TDb, tenantId: number, mobiles: string[]) => Promise<Map<string, string>>;

/** Excel shows long numbers as 1.39E+10 and saves them so in CSV: the digits are lost, say how to keep them. */
const badMobile = (typed: string) =>
  isScientific(typed)
    ? `手机号「${typed}」被Excel存成了科学计数法，请把手机号列设为文本格式后重新填写`
    : `手机号「${typed}」格式不正确`;

const text = (cell: string, label: string, max: number, reasons: string[]) => {
  if (cell.length > max) reasons.push(`${label}最多${max}个字`);
  return cell;
};

/** The customer import: built-in fields plus the tenant's custom fields. */
export const customerKind = (ctx: {
  auth: TAuth;
  fields: TCustomField[];
  tagIdByName: Map<string, number>;
  blockedMobiles?: TBlockedMobiles;
}): TImportKind => ({
  columns: [...customerColumns, ...customFieldColumns(ctx.fields)],
  isMobileUniqueInFile: true,
  noData: '客户数据',
  checkCells: (cell, rowNo) => {
    const reasons: string[] = [];
    const data: Record<string, unknown> = {};
    const name = text(cell('name'), '客户名称', 50, reasons);
    const typed = cell('mobile');
    const mobile = cleanMobile(typed);
    if (!name) reasons.push('客户名称为空');
    if (!typed) reasons.push('手机号为空');
    else if (!mobileRule.test(mobile)) reasons.push(badMobile(typed));
    data.name = name;
    data.mobile = mobile;
    for (const [key, label, max] of [
      ['company', '公司', 100],
      ['address', '地址', 200],
      ['source', '来源', 50],
      ['remark', '备注', 500],
    ] as const) {
      const v = text(cell(key), label, max, reasons);
      if (v) data[key] = v;
    }
    const level = cell('intentionLevel');
    if (level) {
      const parsed = parseLevel(level);
      if (parsed) data.intentionLevel = parsed;
      else reasons.push(`意向等级「${level}」不正确，只能是A、B、C、D、E`);
    }
    const label = cell('phoneLabel');
    if (label) {
      const parsed = parsePhoneLabel(label);
      if (parsed) data.phoneLabel = parsed;
      else reasons.push(`电话标签「${label}」不正确`);
    }
    const tags = splitList(cell('tags'));
    if (tags.length > 20) reasons.push('一个客户最多20个标签');
    const unknown = tags.filter((t) => !ctx.tagIdByName.has(t));
    if (unknown.length) reasons.push(`标签「${unknown.join('、')}」不存在，请先在标签管理中添加`);
    else if (tags.length) data.tagIds = tags.map((t) => ctx.tagIdByName.get(t)!);
    const next = cell('nextFollowAt');
    if (next) {
      const at = parseChinaTime(next);
      if (at === null) reasons.push(`下次跟进时间「${next}」不是时间，请填写如 2026-12-01 14:30`);
      else data.nextFollowAt = at;
    }
    const custom: Record<string, TCustomValue> = {};
    for (const f of ctx.fields) {
      const parsed = parseCustomValue(f, cell(customColumnKey(f.id)));
      if ('reason' in parsed) reasons.push(parsed.reason);
      else if (parsed.value !== null) custom[String(f.id)] = parsed.value;
    }
    if (Object.keys(custom).length) data.custom = custom;
    // The pinyin staged with the row: the confirm inserts from the staging table in SQL.
    if (reasons.length === 0) Object.assign(data, pinyinOf(name));
    return { rowNo, name, mobile: reasons.some((r) => r.startsWith('手机号')) ? typed : mobile, data, reasons };
  },
  checkChunk: async (tx, rows) => {
    const mobiles = rows.filter((r) => r.reasons.length === 0).map((r) => r.mobile);
    const existing = await repo.existingByMobile(tx, ctx.auth.tenantId, mobiles);
    const blocked = ctx.blockedMobiles ? await ctx.blockedMobiles(tx, ctx.auth.tenantId, mobiles) : new Map();
    for (const r of rows) {
      if (r.reasons.length) continue;
      const why = blocked.get(r.mobile);
      if (why) r.reasons.push(why);
      r.existing = existing.get(r.mobile);
    }
  },
});

/** The follow-up import: records attached to existing customers the importer may see. */
export const followKind = (ctx: { auth: TAuth; scope: TDataScope; now: number }): TImportKind => ({
  columns: followColumns,
  isMobileUniqueInFile: false,
  noData: '跟进记录',
  checkCells: (cell, rowNo) => {
    const reasons: string[] = [];
    const data: Record<string, unknown> = {};
    const typed = cell('mobile');
    const mobile = cleanMobile(typed);
    if (!typed) reasons.push('手机号为空');
    else if (!mobileRule.test(mobile)) reasons.push(badMobile(typed));
    const content = text(cell('content'), '跟进内容', 1000, reasons);
    if (!content) reasons.push('跟进内容为空');
    data.content = content;
    const method = cell('method');
    data.method = method ? parseFollowMethod(method) : 'phone';
    if (!data.method) reasons.push(`跟进方式「${method}」不正确，只能是电话、微信、拜访或其他`);
    const atText = cell('at');
    const at = atText ? parseChinaTime(atText) : ctx.now;
    if (at === null) reasons.push(`跟进时间「${atText}」不是时间，请填写如 2026-11-20 10:00`);
    else if (at > ctx.now + 60_000) reasons.push('跟进时间不能晚于现在');
    data.at = at;
    const nextText = cell('nextFollowAt');
    const nextAt = nextText ? parseChinaTime(nextText) : null;
    if (nextText && nextAt === null) reasons.push(`下次跟进时间「${nextText}」不是时间，请填写如 2026-12-01 14:30`);
    data.nextAt = nextAt;
    return { rowNo, name: '', mobile: reasons.some((r) => r.startsWith('手机号')) ? typed : mobile, data, reasons };
  },
  checkChunk: async (tx, rows) => {
    const mobiles = [...new Set(rows.filter((r) => r.reasons.length === 0).map((r) => r.mobile))];
    const existing = await repo.existingByMobile(tx, ctx.auth.tenantId, mobiles);
    for (const r of rows) {
      if (r.reasons.length) continue;
      const e = existing.get(r.mobile);
      if (!e) r.reasons.push(`没有手机号为${r.mobile}的客户`);
      else if (e.isDeleted) r.reasons.push(`客户「${e.name}」在回收站，请先恢复`);
      else if (!maySee(ctx.auth, ctx.scope, e)) r.reasons.push(`客户「${e.name}」不在您的数据权限范围内`);
      else {
        r.name = e.name;
        r.data.customerId = e.id;
      }
    }
  },
});
