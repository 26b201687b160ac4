import {
  followMethodLabel,
  followMethods,
  intentionLevelLabel,
  intentionLevels,
  phoneLabels,
  phoneLabelText,
  type TCustomField,
} from '@yunhu/contract';
import { normaliseImportMobile, parseChinaTime } from '../../import/cells.js';

export { parseChinaTime };

import type { TImportColumn } from '../../import/sheet.js';

/**
 * The columns of the customer and follow-up import templates and the parsing of each cell. The
 * reader finds columns by header text in any order ("*" and spaces ignored), so a user may
 * reorder, drop optional columns or add his own notes columns.
 */

export type TColumn = TImportColumn & { note: string };
export { findColumns } from '../../import/sheet.js';

export const customerColumns: TColumn[] = [
  {
    key: 'name',
    header: '客户名称',
    isRequired: true,
    note: '最多50个字',
    maxChars: 50,
    aliases: ['客户姓名', '姓名'],
  },
  {
    key: 'mobile',
    header: '手机号',
    isRequired: true,
    note: '11位手机号；可带+86、空格或横线；同一企业内不能重复',
    aliases: ['手机号码', '手机'],
  },
  { key: 'company', header: '公司', isRequired: false, note: '最多100个字', maxChars: 100, aliases: ['公司名称'] },
  { key: 'address', header: '地址', isRequired: false, note: '最多200个字', maxChars: 200 },
  { key: 'source', header: '来源', isRequired: false, note: '最多50个字', maxChars: 50, aliases: ['客户来源'] },
  {
    key: 'intentionLevel',
    header: '意向等级',
    isRequired: false,
    note: `A、B、C、D、E之一，不填为D。${intentionLevels.map((l) => intentionLevelLabel[l]).join('；')}`,
  },
  {
    key: 'phoneLabel',
    header: '电话标签',
    isRequired: false,
    note: `${phoneLabels.map((l) => phoneLabelText[l]).join('、')}之一，可不填`,
  },
  { key: 'tags', header: '标签', isRequired: false, note: '已有标签的名称，多个用逗号或顿号分隔，最多20个' },
  { key: 'remark', header: '备注', isRequired: false, note: '最多500个字', maxChars: 500 },
  {
    key: 'nextFollowAt',
    header: '下次跟进时间',
    isRequired: false,
    note: '如 2026-12-01 或 2026-12-01 14:30（北京时间）',
  },
];

export const followColumns: TColumn[] = [
  { key: 'mobile', header: '手机号', isRequired: true, note: '已有客户的手机号', aliases: ['手机号码', '手机'] },
  { key: 'content', header: '跟进内容', isRequired: true, note: '最多1000个字', maxChars: 1000 },
  {
    key: 'method',
    header: '跟进方式',
    isRequired: false,
    note: `${followMethods.map((m) => followMethodLabel[m]).join('、')}之一，不填为电话`,
  },
  { key: 'at', header: '跟进时间', isRequired: false, note: '如 2026-11-20 10:00，不填为导入时间；不能晚于现在' },
  { key: 'nextFollowAt', header: '下次跟进时间', isRequired: false, note: '如 2026-12-01 或 2026-12-01 14:30' },
];

export const customColumnKey = (fieldId: number) => `custom:${fieldId}`;

/** The custom fields as template columns, after the built-in ones. */
export const customFieldColumns = (fields: TCustomField[]): TColumn[] =>
  fields.map((f) => ({
    key: customColumnKey(f.id),
    header: f.name,
    isRequired: f.isRequired,
    note: customFieldNote(f),
  }));

const customFieldNote = (f: TCustomField) => {
  const must = f.isRequired ? '必填。' : '选填。';
  switch (f.type) {
    case 'number':
      return `${must}数字`;
    case 'date':
      return `${must}日期，如 2026-12-01`;
    case 'select':
      return `${must}以下之一：${f.options.join('、')}`;
    case 'multiselect':
      return `${must}以下的一个或多个，用逗号或顿号分隔：${f.options.join('、')}`;
    default:
      return `${must}文字，最多2000个字`;
  }
};

export const mobileRule = /^1[3-9]\d{9}$/;
export const cleanMobile = normaliseImportMobile;

/** Separators people use between several values in one cell. */
export const splitList = (text: string) =>
  [...new Set(text.split(/[,，、;；|\n]/).map((s) => s.trim()))].filter(Boolean);

/** A level as typed: "B", "b", the label "B 三个月内有需求" or only its words. */
const levelByText = new Map<string, string>(
  intentionLevels.flatMap((l) => [
    [l, l],
    [l.toLowerCase(), l],
    [intentionLevelLabel[l], l],
    [intentionLevelLabel[l].slice(2), l],
  ]),
);
export const parseLevel = (text: string): string | null => levelByText.get(text.trim().replace(/\s+/g, ' ')) ?? null;

const phoneLabelByText = new Map<string, string>([
  ...phoneLabels.map((l) => [l, l] as const),
  ...phoneLabels.map((l) => [phoneLabelText[l], l] as const),
]);
export const parsePhoneLabel = (text: string): string | null => phoneLabelByText.get(text.trim()) ?? null;

const methodByText = new Map<string, string>([
  ...followMethods.map((m) => [m, m] as const),
  ...followMethods.map((m) => [followMethodLabel[m], m] as const),
  ['电话跟进', 'phone'],
  ['微信跟进', 'wechat'],
  ['上门拜访', 'visit'],
]);
export const parseFollowMethod = (text: string): string | null => methodByText.get(text.trim()) ?? null;

export type TCustomValue = string | number | string[];

/** Checks one custom field cell against its definition; blank = no value. */
export const parseCustomValue = (
  field: TCustomField,
  text: string,
): { value: TCustomValue | null } | { reason: string } => {
  if (!text) return field.isRequired ? { reason: `${field.name}为空` } : { value: null };
  switch (field.type) {
    case 'number': {
      const n = Number(text.replace(/,/g, ''));
      return Number.isFinite(n) ? { value: n } : { reason: `${field.name}「${text}」不是数字` };
    }
    case 'date': {
      const at = parseChinaTime(text);
      return at === null ? { reason: `${field.name}「${text}」不是日期，请填写如 2026-12-01` } : { value: at };
    }
    case 'select':
      return field.options.includes(text)
        ? { value: text }
        : { reason: `${field.name}「${text}」不是可选项（${field.options.join('、')}）` };
    case 'multiselect': {
      const values = splitList(text);
      const bad = values.find((v) => !field.options.includes(v));
      return bad === undefined
        ? { value: values }
        : { reason: `${field.name}「${bad}」不是可选项（${field.options.join('、')}）` };
    }
    default:
      return text.length > 2000 ? { reason: `${field.name}最多2000个字` } : { value: text };
  }
};
