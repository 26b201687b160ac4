import {
  beijingTime,
  companyBlacklistLimits,
  companyNameKey,
  looksLikeCreditCode,
  parseCompanyLine,
  type TCompanyBatchResult,
  type TCompanyBlackEntry,
  type TCompanyBlackHit,
  type TRouteInput,
  toPage,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { streamXlsx } from '../../http/download.js';
import { blacklistErrors as errors } from './blacklist.errors.js';
import {
  companyBlacklistRepository as repo,
  type TCompanyBlackInsert,
  type TCompanyBlackRow,
} from './blacklist-company.repository.js';

type TIn<K extends 'companyAdd' | 'companyAddBatch' | 'companyPage' | 'companyExport'> = TRouteInput<'blacklist', K>;

/** A company as the list and 企业线索 name it: a credit code, a name, or both. */
export type TNamedCompany = { creditCode: string; name: string };

const toEntry = (r: TCompanyBlackRow): TCompanyBlackEntry => ({
  id: r.id,
  creditCode: r.creditCode,
  name: r.name,
  remark: r.remark,
  createdBy: r.createdByName,
  createdAt: r.createdAt.getTime(),
});

/** How a refusal names the company: by the part the list holds already (null: written meanwhile). */
const listedAs = (wanted: TNamedCompany, listed: TCompanyBlackRow | null) =>
  wanted.creditCode && (!listed || wanted.creditCode === listed.creditCode)
    ? `统一社会信用代码${wanted.creditCode}`
    : `企业「${wanted.name || listed?.name}」`;

/**
 * Which entry, if any, names each of these companies (by credit code, else by name compared by
 * `companyNameKey`): one statement for them all. 企业线索 asks it for its search, detail, unlock,
 * convert and batch match.
 */
export const companyBlacklistLookup = async (tx: TDb, tenantId: number, companies: TNamedCompany[]) => {
  const rows = await repo.naming(
    tx,
    tenantId,
    companies.map((c) => c.creditCode.toUpperCase()),
    companies.map((c) => companyNameKey(c.name)),
  );
  const byCode = new Map(rows.filter((r) => r.creditCode).map((r) => [r.creditCode, r]));
  const byKey = new Map(rows.filter((r) => r.nameKey).map((r) => [r.nameKey, r]));
  return (c: TNamedCompany): TCompanyBlackRow | null =>
    byCode.get(c.creditCode.toUpperCase()) ?? byKey.get(companyNameKey(c.name)) ?? null;
};

const rowOf = (ctx: TRequestContext, c: TNamedCompany, remark: string): TCompanyBlackInsert => ({
  tenantId: ctx.auth.tenantId,
  creditCode: c.creditCode,
  name: c.name,
  nameKey: companyNameKey(c.name),
  remark,
  createdBy: ctx.auth.userId,
  createdByName: ctx.auth.realName,
});

/** Why a parsed line cannot be listed, or '' when it can. */
const lineProblem = (c: TNamedCompany) => {
  if (c.name.length > companyBlacklistLimits.nameMax) return `企业名称最多${companyBlacklistLimits.nameMax}个字`;
  // Digits and capitals only, yet no credit code: a code mistyped rather than a name.
  if (!c.creditCode && /^[0-9A-Z]{10,25}$/.test(c.name)) return '统一社会信用代码应为18位数字或大写字母';
  return '';
};

export type TCompanyBlacklist = ReturnType<typeof createCompanyBlacklist>;

/** 企业黑名单 of companies: the list, adding one or many, removing, the download and the query. */
export const createCompanyBlacklist = () => {
  const addOne = async (ctx: TRequestContext, input: TIn<'companyAdd'>) => {
    const wanted = { creditCode: input.creditCode, name: input.name };
    const listed = (await companyBlacklistLookup(ctx.tx, ctx.auth.tenantId, [wanted]))(wanted);
    if (listed) throw errors.companyListed(listedAs(wanted, listed));
    const row = await repo.insert(ctx.tx, rowOf(ctx, wanted, input.remark));
    // Added by another person between the look-up and the write.
    if (!row) throw errors.companyListed(listedAs(wanted, null));
    return toEntry(row);
  };

  /** Each line a company; bad, repeated and listed lines are skipped with their reason. */
  const addBatch = async (ctx: TRequestContext, input: TIn<'companyAddBatch'>): Promise<TCompanyBatchResult> => {
    const skipped: TCompanyBatchResult['skipped'] = [];
    const wanted: { line: string; company: TNamedCompany }[] = [];
    const seen = new Set<string>();
    for (const line of input.lines) {
      const company = parseCompanyLine(line);
      if (!company) continue;
      const problem = lineProblem(company);
      if (problem) {
        skipped.push({ line: line.trim(), reason: problem });
        continue;
      }
      const keys = [
        company.creditCode && `c:${company.creditCode}`,
        company.name && `n:${companyNameKey(company.name)}`,
      ];
      if (keys.some((k) => k && seen.has(k))) {
        skipped.push({ line: line.trim(), reason: '与前面的行重复' });
        continue;
      }
      for (const k of keys) if (k) seen.add(k);
      wanted.push({ line: line.trim(), company });
    }
    if (wanted.length === 0 && skipped.length === 0) throw errors.companyLinesEmpty();
    const lookup = await companyBlacklistLookup(
      ctx.tx,
      ctx.auth.tenantId,
      wanted.map((w) => w.company),
    );
    let added = 0;
    for (const w of wanted) {
      const listed = lookup(w.company);
      const row = listed ? null : await repo.insert(ctx.tx, rowOf(ctx, w.company, input.remark));
      if (row) {
        added++;
        continue;
      }
      skipped.push({ line: w.line, reason: errors.companyListed(listedAs(w.company, listed)).message });
    }
    return { added, skipped };
  };

  return {
    page: async ({ auth, tx }: TRequestContext, q: TIn<'companyPage'>) => {
      const { records, total } = await repo.page(tx, auth.tenantId, q);
      return toPage(records.map(toEntry), total, q);
    },

    addOne,
    addBatch,

    remove: async ({ auth, tx }: TRequestContext, ids: number[]) => {
      const deleted = await repo.remove(tx, auth.tenantId, ids);
      if (deleted === 0) throw errors.companyEntryMissing();
      return { deleted };
    },

    /** The list as xlsx (read in the request; a company list is short). */
    exportExcel: async ({ auth, tx }: TRequestContext, f: TIn<'companyExport'>) => {
      const rows = await repo.rows(tx, auth.tenantId, f, companyBlacklistLimits.maxExport);
      return streamXlsx<TCompanyBlackRow>(
        (sink) => sink(rows),
        [
          { header: '企业名称', width: 36, value: (r) => r.name },
          { header: '统一社会信用代码', width: 22, value: (r) => r.creditCode },
          { header: '备注', width: 30, value: (r) => r.remark },
          { header: '添加人', width: 12, value: (r) => r.createdByName },
          { header: '添加时间', value: (r) => beijingTime(r.createdAt) },
        ],
        `企业黑名单-企业名单_${beijingTime(new Date()).slice(0, 10)}.xlsx`,
        '企业黑名单',
      );
    },

    /** Each item a credit code or a name: is it listed, and by which entry. */
    query: async ({ auth, tx }: TRequestContext, items: string[]): Promise<{ records: TCompanyBlackHit[] }> => {
      const named = items.map((input) =>
        looksLikeCreditCode(input)
          ? { input, creditCode: input.trim().toUpperCase(), name: '' }
          : { input, creditCode: '', name: input.trim() },
      );
      const lookup = await companyBlacklistLookup(tx, auth.tenantId, named);
      return {
        records: named.map((n) => {
          const row = lookup(n);
          return { input: n.input, isBlacklisted: row !== null, entry: row ? toEntry(row) : null };
        }),
      };
    },
  };
};
