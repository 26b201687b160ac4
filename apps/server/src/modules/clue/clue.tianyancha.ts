import { clueStaffBands, shanghaiDay } from '@yunhu/contract';
import { z } from 'zod';
import type { TDatabase } from '../../db/client.js';
import { clueErrors } from './clue.errors.js';
import { clueRepository as repo, type TCompanyInsert } from './clue.repository.js';
import type { TStoredContact } from './clue.schema.js';
import type { TClueSource } from './clue.source.js';

/**
 * 天眼查开放平台 (open.tianyancha.com) as the company source, by its documented HTTP API: the token in
 * the Authorization header, every answer `{ error_code, reason, result }` (0 = found, 300000 = 无数据).
 * 搜索 (search/2.0, word + pageNum/pageSize) caches the keyword's companies; 企业基本信息（含联系方式）
 * (ic/baseinfoV2/2.0, keyword = name or credit code) gives the scope, place, staff and the phone when
 * a company is unlocked.
 */
export type TTianyanchaConfig = { token: string; baseUrl: string };
export type TFetch = (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<Response>;

const ZAnswer = z.object({ error_code: z.number(), reason: z.string().default(''), result: z.unknown().optional() });

export const ZSearchResult = z.object({
  total: z.number().default(0),
  items: z
    .array(
      z.object({
        id: z.number(),
        name: z.string(),
        creditCode: z.string().nullish(),
        regStatus: z.string().nullish(),
        /** "2013-01-15 00:00:00.0" */
        estiblishTime: z.string().nullish(),
        /** "100万人民币" */
        regCapital: z.string().nullish(),
        legalPersonName: z.string().nullish(),
        /** Province by its short code: "bj", "gd" … */
        base: z.string().nullish(),
      }),
    )
    .default([]),
});

export const ZBaseInfo = z.object({
  name: z.string(),
  creditCode: z.string().nullish(),
  regStatus: z.string().nullish(),
  /** Epoch milliseconds. */
  estiblishTime: z.number().nullish(),
  regCapital: z.string().nullish(),
  legalPersonName: z.string().nullish(),
  companyOrgType: z.string().nullish(),
  businessScope: z.string().nullish(),
  industry: z.string().nullish(),
  regLocation: z.string().nullish(),
  base: z.string().nullish(),
  city: z.string().nullish(),
  district: z.string().nullish(),
  /** "小于50人", "50-99人" … */
  staffNumRange: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  email: z.string().nullish(),
});

const provinces: Record<string, string> = {
  bj: '北京市',
  sh: '上海市',
  tj: '天津市',
  cq: '重庆市',
  gd: '广东省',
  zj: '浙江省',
  js: '江苏省',
  sd: '山东省',
  sc: '四川省',
  hub: '湖北省',
  hun: '湖南省',
  han: '河南省',
  heb: '河北省',
  fj: '福建省',
  ah: '安徽省',
  snx: '陕西省',
  ln: '辽宁省',
  jx: '江西省',
  yn: '云南省',
  gx: '广西壮族自治区',
  sx: '山西省',
  hlj: '黑龙江省',
  jl: '吉林省',
  gz: '贵州省',
  han1: '海南省',
  gs: '甘肃省',
  nmg: '内蒙古自治区',
  xj: '新疆维吾尔自治区',
  nx: '宁夏回族自治区',
  qh: '青海省',
  xz: '西藏自治区',
};

/** "100万人民币" → 100, "1.5亿人民币" → 15000, "" → 0 (万元, whole). */
export const capitalWanOf = (text: string | null | undefined): number => {
  const m = /([\d.]+)\s*(万|亿)?/.exec(text ?? '');
  if (!m) return 0;
  const n = Number(m[1]) * (m[2] === '亿' ? 10_000 : m[2] === '万' ? 1 : 1 / 10_000);
  return Number.isFinite(n) ? Math.round(n) : 0;
};

const dayOf = (ms: number | null | undefined, text?: string | null) =>
  text ? text.slice(0, 10) : ms ? shanghaiDay(ms) : '1900-01-01';

const staffBandOf = (range: string | null | undefined) => {
  const i = clueStaffBands.indexOf(range as (typeof clueStaffBands)[number]);
  return Math.max(i, 0);
};

const statusOf = (s: string | null | undefined) => {
  const found = ['存续', '注销', '吊销', '撤销', '迁出', '设立中', '清算中', '停业'].find((x) => s?.includes(x));
  return found ?? (s?.includes('在业') || s?.includes('开业') ? '存续' : (s ?? ''));
};

export const searchRows = (r: z.infer<typeof ZSearchResult>): TCompanyInsert[] =>
  r.items
    .filter((i) => i.creditCode)
    .map((i) => ({
      creditCode: i.creditCode!,
      name: i.name.replace(/<\/?em>/g, ''),
      legalPerson: i.legalPersonName ?? '',
      capitalWan: capitalWanOf(i.regCapital),
      province: provinces[i.base ?? ''] ?? '',
      status: statusOf(i.regStatus),
      foundedOn: dayOf(null, i.estiblishTime),
      source: 'tianyancha',
    }));

export const baseInfoRow = (b: z.infer<typeof ZBaseInfo>): TCompanyInsert => ({
  creditCode: b.creditCode ?? '',
  name: b.name,
  kind: b.companyOrgType ?? '',
  legalPerson: b.legalPersonName ?? '',
  capitalWan: capitalWanOf(b.regCapital),
  province: provinces[b.base ?? ''] ?? '',
  city: b.city ?? '',
  district: b.district ?? '',
  address: b.regLocation ?? '',
  industry: b.industry ?? '',
  scope: b.businessScope ?? '',
  status: statusOf(b.regStatus),
  foundedOn: dayOf(b.estiblishTime),
  staffBand: staffBandOf(b.staffNumRange),
  hasMobile: /^1\d{10}$/.test(b.phoneNumber ?? ''),
  source: 'tianyancha',
});

/** The published phone (mobile or landline) as the company's one contact, under its legal person. */
export const baseInfoContacts = (b: z.infer<typeof ZBaseInfo>): TStoredContact[] => {
  const phone = (b.phoneNumber ?? '').trim();
  if (!phone) return [];
  const isMobile = /^1\d{10}$/.test(phone);
  return [
    {
      name: b.legalPersonName ?? '',
      role: '企业公示电话',
      mobile: isMobile ? phone : '',
      phone: isMobile ? '' : phone,
    },
  ];
};

export const tianyanchaSource = (
  config: TTianyanchaConfig,
  database: Pick<TDatabase, 'db'>,
  fetcher: TFetch = fetch,
): TClueSource => {
  const get = async <T>(path: string, params: Record<string, string>, schema: z.ZodType<T>): Promise<T | null> => {
    const url = `${config.baseUrl}${path}?${new URLSearchParams(params)}`;
    let body: unknown;
    try {
      const res = await fetcher(url, { headers: { Authorization: config.token }, signal: AbortSignal.timeout(10_000) });
      body = await res.json();
    } catch {
      throw clueErrors.sourceFailed('连接天眼查失败');
    }
    const answer = ZAnswer.safeParse(body);
    if (!answer.success) throw clueErrors.sourceFailed('天眼查的应答无法识别');
    if (answer.data.error_code === 300000) return null;
    if (answer.data.error_code !== 0)
      throw clueErrors.sourceFailed(answer.data.reason || `错误码${answer.data.error_code}`);
    const parsed = schema.safeParse(answer.data.result);
    if (!parsed.success) throw clueErrors.sourceFailed('天眼查的应答无法识别');
    return parsed.data;
  };
  return {
    name: 'tianyancha',
    prepare: async (keyword, page) => {
      if (!keyword) return;
      const found = await get(
        '/services/open/search/2.0',
        { word: keyword, pageSize: '20', pageNum: String(Math.min(page, 250)) },
        ZSearchResult,
      );
      if (found) await repo.upsertCompanies(database.db, searchRows(found));
    },
    contacts: async (db, company) => {
      const info = await get('/services/open/ic/baseinfoV2/2.0', { keyword: company.creditCode }, ZBaseInfo);
      if (!info) return [];
      const contacts = baseInfoContacts(info);
      await repo.upsertCompanies(db, [{ ...baseInfoRow(info), creditCode: company.creditCode }]);
      await repo.replaceContacts(db, company.id, contacts);
      return contacts;
    },
  };
};
