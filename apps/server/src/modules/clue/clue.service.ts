import {
  clueAgeBands,
  clueCapitalBands,
  clueLimits,
  type clueRoutes,
  clueSourceLabel,
  clueStaffBands,
  maskPhone,
  shanghaiDayStart,
  type TClueCompany,
  type TClueQuota,
  type TClueRow,
  type TParsedRequestOf,
  toPage,
} from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { companyBlacklistLookup } from '../blacklist/index.js';
import { convertCompanies, type TConvertDeps } from './clue.convert.js';
import { clueErrors as errors } from './clue.errors.js';
import { clueRepository as repo, type TCompanyFilter, type TCompanyRow } from './clue.repository.js';
import type { clueUnlocks, TStoredContact } from './clue.schema.js';
import type { TClueSource } from './clue.source.js';
import { unlockCompany } from './clue.unlock.js';
import { creditQuota, quotaSums } from './clue-package.js';

type TIn<K extends keyof typeof clueRoutes> = TParsedRequestOf<(typeof clueRoutes)[K]>;
type TUnlock = typeof clueUnlocks.$inferSelect;

export type TClueDeps = TConvertDeps & { database: TDatabase; source: TClueSource };

const yearsAgo = (years: number, now: Date) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

/** The query's bands as bounds: capital in 万元, ages as founding dates. */
export const filterOf = (q: TIn<'companyPage'>, now = new Date()): TCompanyFilter => {
  const capital = q.capitalBand === undefined ? null : clueCapitalBands[q.capitalBand]!;
  const age = q.ageBand === undefined ? null : clueAgeBands[q.ageBand]!;
  return {
    keyword: q.keyword ? q.keyword.replace(/\s+/g, '') : undefined,
    industry: q.industry,
    province: q.province,
    city: q.city,
    district: q.district,
    capitalFrom: capital?.from,
    capitalTo: capital?.to,
    // Founded between `to` and `from` years ago.
    foundedAfter: age?.to ? yearsAgo(age.to, now) : null,
    foundedUpTo: age?.from ? yearsAgo(age.from, now) : null,
    status: q.status,
    staffBand: q.staffBand,
    hasMobile: q.hasMobile,
  };
};

const rowOf = (
  c: TCompanyRow,
  unlock: TUnlock | undefined,
  customerNames: Set<string>,
  isBlacklisted: boolean,
): TClueRow => {
  const { scope: _scope, address: _address, ...facts } = c;
  return {
    ...facts,
    staffBand: clueStaffBands[c.staffBand] ?? clueStaffBands[0],
    isUnlocked: unlock !== undefined,
    isCustomer: customerNames.has(c.name),
    isBlacklisted,
  };
};

/** Until unlocked a contact shows its role and masked numbers, the name's first character. */
const masked = (x: TStoredContact): TStoredContact => ({
  name: x.name ? `${x.name.slice(0, 1)}**` : '',
  role: x.role,
  mobile: maskPhone(x.mobile),
  phone: maskPhone(x.phone),
});

export const createClueService = (deps: TClueDeps) => {
  const sourceLabel = clueSourceLabel[deps.source.name] ?? deps.source.name;

  const detail = async ({ auth, tx }: TRequestContext, id: number): Promise<TClueCompany> => {
    const company = await repo.company(tx, id);
    if (!company) throw errors.companyMissing();
    const [unlock] = await repo.unlocksOf(tx, auth.tenantId, [id]);
    const customers = await repo.customerCompanies(tx, auth.tenantId, [company.name]);
    const listed = (await companyBlacklistLookup(tx, auth.tenantId, [company]))(company);
    const contacts = unlock ? unlock.contacts : (await repo.contacts(tx, id)).map(masked);
    return {
      ...rowOf(company, unlock, customers, listed !== null),
      scope: company.scope,
      address: company.address,
      contacts,
      unlockedAt: unlock ? unlock.createdAt.getTime() : null,
      unlockedBy: unlock?.userName ?? null,
      customerId: unlock?.customerId ?? null,
    };
  };

  const quota = async ({ auth, tx }: TRequestContext): Promise<TClueQuota> => {
    const trial = await repo.ledgerRow(tx, auth.tenantId, 'trial');
    return {
      balance: await repo.balance(tx, auth.tenantId),
      trialUnits: clueLimits.trialUnits,
      trialTaken: trial !== null,
      trialAt: trial ? trial.createdAt.getTime() : null,
      ...(await quotaSums(tx, auth.tenantId)),
      dailyLimit: (await repo.dailyLimit(tx, auth.tenantId)) ?? clueLimits.dailyDefault,
      usedToday: await repo.unlocksSince(tx, auth.tenantId, auth.userId, shanghaiDayStart(new Date())),
      unlockedTotal: await repo.unlockCount(tx, auth.tenantId),
      source: sourceLabel,
    };
  };

  return {
    /**
     * 找企业: a real source caches the keyword's companies first (its own connection: the table is the
     * platform's), then one tenant transaction searches and marks what this enterprise unlocked and
     * what is already its customer.
     */
    search: async (auth: TAuth, q: TIn<'companyPage'>) => {
      await deps.source.prepare(q.keyword, q.page);
      return withTenant(deps.database, auth.tenantId, async (tx) => {
        const found = await repo.search(tx, filterOf(q), q.sort, q, clueLimits.maxRows);
        const ids = found.records.map((r) => r.id);
        const unlocks = new Map((await repo.unlocksOf(tx, auth.tenantId, ids)).map((u) => [u.companyId, u]));
        const customers = await repo.customerCompanies(
          tx,
          auth.tenantId,
          found.records.map((r) => r.name),
        );
        const listed = await companyBlacklistLookup(tx, auth.tenantId, found.records);
        const records = found.records.map((r) => rowOf(r, unlocks.get(r.id), customers, listed(r) !== null));
        return { ...toPage(records, found.total, q), isCapped: found.isCapped, source: sourceLabel };
      });
    },

    detail,

    /** Unlocks a company's contacts for the enterprise, charged once (clue.unlock.ts). */
    unlock: async (ctx: TRequestContext, id: number): Promise<TClueCompany> => {
      const company = await repo.company(ctx.tx, id);
      if (!company) throw errors.companyMissing();
      await unlockCompany(deps.source, ctx, company);
      return detail(ctx, id);
    },

    unlockPage: async ({ auth, tx, scope }: TRequestContext, q: TIn<'unlockPage'>) => {
      const { records, total } = await repo.unlockPage(tx, {
        tenantId: auth.tenantId,
        scope,
        userId: q.isMine ? auth.userId : undefined,
        keyword: q.keyword,
        isConverted: q.isConverted,
        paging: q,
      });
      const customers = await repo.customerCompanies(
        tx,
        auth.tenantId,
        records.map((r) => r.company.name),
      );
      const listed = await companyBlacklistLookup(
        tx,
        auth.tenantId,
        records.map((r) => r.company),
      );
      return toPage(
        records.map((r) => ({
          ...rowOf(r.company, r.unlock, customers, listed(r.company) !== null),
          unlockedAt: r.unlock.createdAt.getTime(),
          unlockedBy: r.unlock.userName,
          contactCount: r.unlock.contacts.length,
          customerId: r.unlock.customerId,
        })),
        total,
        q,
      );
    },

    convert: (ctx: TRequestContext, input: TIn<'convert'>) => convertCompanies(deps, ctx, input.ids, input.target),

    quota,

    ledgerPage: async ({ auth, tx }: TRequestContext, q: TIn<'quotaLedger'>) => {
      const { records, total } = await repo.ledgerPage(tx, auth.tenantId, q);
      return toPage(
        records.map((r) => ({
          id: r.row.id,
          kind: r.row.kind,
          units: r.row.units,
          balanceAfter: r.row.balanceAfter,
          companyName: r.companyName,
          userName: r.row.userName,
          createdAt: r.row.createdAt.getTime(),
        })),
        total,
        q,
      );
    },

    /** The trial quota: once per enterprise, whoever asks and however often. */
    trialTake: async (ctx: TRequestContext): Promise<TClueQuota> => {
      const { auth, tx } = ctx;
      const isCredited = await creditQuota(tx, {
        tenantId: auth.tenantId,
        kind: 'trial',
        businessKey: 'trial',
        units: clueLimits.trialUnits,
        userId: auth.userId,
        by: auth.realName,
      });
      if (!isCredited) throw errors.trialTaken();
      return quota(ctx);
    },

    settingsSave: async (ctx: TRequestContext, input: TIn<'settingsSave'>): Promise<TClueQuota> => {
      await repo.saveDailyLimit(ctx.tx, ctx.auth.tenantId, input.dailyLimit);
      return quota(ctx);
    },
  };
};

export type TClueService = ReturnType<typeof createClueService>;
