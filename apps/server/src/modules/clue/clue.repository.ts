import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { rowsByKeys } from '../../db/by-keys.js';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { customers } from '../../db/schema.js';
import { scopeCondition, type TDataScope } from '../../db/scope.js';
import { likeOf, offsetOf } from '../../db/sql.js';
import {
  clueCompanies as c,
  clueContacts,
  clueSettings,
  clueQuotaLedger as ledger,
  type TStoredContact,
  clueUnlocks as unlocks,
} from './clue.schema.js';

/** The search's filters as the service resolved them (bands to bounds, ages to dates). */
export type TCompanyFilter = {
  /** Whitespace removed. */
  keyword?: string;
  industry?: string;
  province?: string;
  city?: string;
  district?: string;
  capitalFrom?: number | null;
  capitalTo?: number | null;
  /** YYYY-MM-DD: founded after / on or before. */
  foundedAfter?: string | null;
  foundedUpTo?: string | null;
  status?: string;
  staffBand?: number;
  hasMobile?: boolean;
};

export type TCompanyRow = Omit<typeof c.$inferSelect, 'grams' | 'updatedAt' | 'source'>;
export type TCompanyInsert = Omit<typeof c.$inferInsert, 'id' | 'grams' | 'updatedAt'>;

const columns = {
  id: c.id,
  creditCode: c.creditCode,
  name: c.name,
  kind: c.kind,
  legalPerson: c.legalPerson,
  capitalWan: c.capitalWan,
  province: c.province,
  city: c.city,
  district: c.district,
  address: c.address,
  industry: c.industry,
  scope: c.scope,
  status: c.status,
  foundedOn: c.foundedOn,
  staffBand: c.staffBand,
  hasMobile: c.hasMobile,
};

/**
 * The keyword: the GIN index of character pairs finds the candidates (grams @> the keyword's pairs),
 * the pattern keeps those that hold the keyword whole in the name or the scope.
 */
const whereOf = (f: TCompanyFilter, byPairs = true): SQL | undefined =>
  and(
    f.keyword
      ? and(
          byPairs ? sql`${c.grams} @> clue_grams(${f.keyword})` : undefined,
          or(sql`${c.name} ilike ${likeOf(f.keyword)}`, sql`${c.scope} ilike ${likeOf(f.keyword)}`),
        )
      : undefined,
    f.industry ? eq(c.industry, f.industry) : undefined,
    f.province ? eq(c.province, f.province) : undefined,
    f.city ? eq(c.city, f.city) : undefined,
    f.district ? eq(c.district, f.district) : undefined,
    f.capitalFrom != null ? gte(c.capitalWan, f.capitalFrom) : undefined,
    f.capitalTo != null ? lt(c.capitalWan, f.capitalTo) : undefined,
    f.foundedAfter ? sql`${c.foundedOn} > ${f.foundedAfter}::date` : undefined,
    f.foundedUpTo ? sql`${c.foundedOn} <= ${f.foundedUpTo}::date` : undefined,
    f.status ? eq(c.status, f.status) : undefined,
    f.staffBand !== undefined ? eq(c.staffBand, f.staffBand) : undefined,
    f.hasMobile !== undefined ? eq(c.hasMobile, f.hasMobile) : undefined,
  );

const orderOf = (sort: string, keyword: string | undefined): SQL[] => {
  if (sort === 'founded') return [desc(c.foundedOn), desc(c.id)];
  if (sort === 'capital' || !keyword) return [desc(c.capitalWan), desc(c.id)];
  // Relevance: the keyword in the name before the keyword only in the scope; then the larger capital.
  return [sql`(${c.name} ilike ${likeOf(keyword)}) desc`, desc(c.capitalWan), desc(c.id)];
};

export const clueRepository = {
  /**
   * One page of the search and the count of what matches, the count stopping at `maxRows + 1` (a
   * page past maxRows is refused by the contract): a broad search costs the page, not the million.
   */
  search: async (
    db: TDb,
    f: TCompanyFilter,
    sort: string,
    paging: { page: number; limit: number },
    maxRows: number,
  ) => {
    const where = whereOf(f);
    const [counted] = await db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(c)
        .where(where)
        .limit(maxRows + 1)
        .as('matched'),
    );
    const n = counted?.n ?? 0;
    // More matches than can be paged to: walking the order's index and testing each row finds a page
    // sooner than collecting every match from the pairs' index to sort them (the pairs' predicate is
    // left out so the planner walks), and relevance is then the capital's order alone.
    const isBroad = f.keyword !== undefined && n > maxRows;
    const records = await db
      .select(columns)
      .from(c)
      .where(isBroad ? whereOf(f, false) : where)
      .orderBy(...orderOf(sort, isBroad ? undefined : f.keyword))
      .limit(paging.limit)
      .offset(offsetOf(paging));
    return { records, total: Math.min(n, maxRows), isCapped: n > maxRows };
  },

  company: (db: TDb, id: number): Promise<TCompanyRow | null> =>
    firstRow(db.select(columns).from(c).where(eq(c.id, id))),

  companiesByIds: (db: TDb, ids: readonly number[]): Promise<TCompanyRow[]> =>
    rowsByKeys(ids, (keys) => db.select(columns).from(c).where(inArray(c.id, keys))),

  contacts: (db: TDb, companyId: number): Promise<TStoredContact[]> =>
    db
      .select({
        name: clueContacts.name,
        role: clueContacts.role,
        mobile: clueContacts.mobile,
        phone: clueContacts.phone,
      })
      .from(clueContacts)
      .where(eq(clueContacts.companyId, companyId))
      .orderBy(asc(clueContacts.sort), asc(clueContacts.id)),

  /** A real source's answers into the cache, by credit code; answers their ids by credit code. */
  upsertCompanies: async (db: TDb, rows: TCompanyInsert[]): Promise<Map<string, number>> => {
    if (rows.length === 0) return new Map();
    const saved = await db
      .insert(c)
      .values(rows.map((r) => ({ ...r, grams: sql`clue_grams(${r.name} || ${r.scope ?? ''})` })))
      .onConflictDoUpdate({
        target: c.creditCode,
        set: {
          name: sql`excluded.name`,
          legalPerson: sql`excluded.legal_person`,
          capitalWan: sql`excluded.capital_wan`,
          status: sql`excluded.status`,
          foundedOn: sql`excluded.founded_on`,
          // A search answer has no scope, place or kind: what baseinfo told stays.
          ...Object.fromEntries(
            (['scope', 'province', 'city', 'district', 'address', 'industry', 'kind'] as const).map((k) => [
              k,
              sql.raw(`case when excluded.${k} = '' then clue_companies.${k} else excluded.${k} end`),
            ]),
          ),
          staffBand: sql`greatest(excluded.staff_band, clue_companies.staff_band)`,
          hasMobile: sql`excluded.has_mobile or clue_companies.has_mobile`,
          grams: sql`clue_grams(excluded.name || case when excluded.scope = '' then clue_companies.scope else excluded.scope end)`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: c.id, creditCode: c.creditCode });
    return new Map(saved.map((r) => [r.creditCode, r.id]));
  },

  replaceContacts: async (db: TDb, companyId: number, rows: TStoredContact[]) => {
    await db.delete(clueContacts).where(eq(clueContacts.companyId, companyId));
    if (rows.length > 0) {
      await db.insert(clueContacts).values(rows.map((r, i) => ({ ...r, companyId, sort: i + 1 })));
    }
  },

  /** Of `ids`, those this enterprise unlocked, with the customer each became. */
  unlocksOf: async (db: TDb, tenantId: number, ids: readonly number[]) =>
    ids.length === 0
      ? []
      : db
          .select()
          .from(unlocks)
          .where(and(eq(unlocks.tenantId, tenantId), inArray(unlocks.companyId, [...ids]))),

  /** Of `names`, those a customer of this enterprise carries as its company. */
  customerCompanies: async (db: TDb, tenantId: number, names: readonly string[]): Promise<Set<string>> => {
    if (names.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ name: customers.company })
      .from(customers)
      .where(
        and(eq(customers.tenantId, tenantId), inArray(customers.company, [...names]), isNull(customers.deletedAt)),
      );
    return new Set(rows.map((r) => r.name));
  },

  insertUnlock: async (db: TDb, row: typeof unlocks.$inferInsert) =>
    (await db.insert(unlocks).values(row).returning())[0]!,

  unlockPage: async (
    db: TDb,
    q: {
      tenantId: number;
      scope: TDataScope;
      userId?: number;
      keyword?: string;
      isConverted?: boolean;
      paging: { page: number; limit: number };
    },
  ) => {
    const where = and(
      eq(unlocks.tenantId, q.tenantId),
      scopeCondition(q.scope, { owner: unlocks.userId, dept: unlocks.deptId }),
      q.userId ? eq(unlocks.userId, q.userId) : undefined,
      q.keyword ? sql`${c.name} ilike ${likeOf(q.keyword)}` : undefined,
      q.isConverted === undefined
        ? undefined
        : q.isConverted
          ? isNotNull(unlocks.customerId)
          : isNull(unlocks.customerId),
    );
    const [total] = await db
      .select({ n: count() })
      .from(unlocks)
      .innerJoin(c, eq(c.id, unlocks.companyId))
      .where(where);
    const records = await db
      .select({ company: columns, unlock: unlocks })
      .from(unlocks)
      .innerJoin(c, eq(c.id, unlocks.companyId))
      .where(where)
      .orderBy(desc(unlocks.createdAt), desc(unlocks.id))
      .limit(q.paging.limit)
      .offset(offsetOf(q.paging));
    return { records, total: total?.n ?? 0 };
  },

  markConverted: (db: TDb, tenantId: number, companyId: number, customerId: number) =>
    db
      .update(unlocks)
      .set({ customerId, convertedAt: new Date() })
      .where(and(eq(unlocks.tenantId, tenantId), eq(unlocks.companyId, companyId))),

  /** What is left: the balance after the latest ledger row. */
  balance: async (db: TDb, tenantId: number): Promise<number> =>
    (
      await firstRow(
        db
          .select({ b: ledger.balanceAfter })
          .from(ledger)
          .where(eq(ledger.tenantId, tenantId))
          .orderBy(desc(ledger.id)),
      )
    )?.b ?? 0,

  ledgerRow: (db: TDb, tenantId: number, businessKey: string) =>
    firstRow(
      db
        .select()
        .from(ledger)
        .where(and(eq(ledger.tenantId, tenantId), eq(ledger.businessKey, businessKey))),
    ),

  insertLedger: (db: TDb, row: typeof ledger.$inferInsert) => db.insert(ledger).values(row),

  ledgerPage: async (db: TDb, tenantId: number, paging: { page: number; limit: number }) => {
    const where = eq(ledger.tenantId, tenantId);
    const [total] = await db.select({ n: count() }).from(ledger).where(where);
    const records = await db
      .select({ row: ledger, companyName: c.name })
      .from(ledger)
      .leftJoin(c, eq(c.id, ledger.companyId))
      .where(where)
      .orderBy(desc(ledger.id))
      .limit(paging.limit)
      .offset(offsetOf(paging));
    return { records, total: total?.n ?? 0 };
  },

  /** His unlocks since `since` (the start of the Beijing day). */
  unlocksSince: async (db: TDb, tenantId: number, userId: number, since: Date): Promise<number> =>
    (
      await db
        .select({ n: count() })
        .from(unlocks)
        .where(and(eq(unlocks.tenantId, tenantId), eq(unlocks.userId, userId), gte(unlocks.createdAt, since)))
    )[0]?.n ?? 0,

  unlockCount: async (db: TDb, tenantId: number): Promise<number> =>
    (await db.select({ n: count() }).from(unlocks).where(eq(unlocks.tenantId, tenantId)))[0]?.n ?? 0,

  dailyLimit: async (db: TDb, tenantId: number): Promise<number | null> =>
    (await firstRow(db.select().from(clueSettings).where(eq(clueSettings.tenantId, tenantId))))?.dailyLimit ?? null,

  saveDailyLimit: (db: TDb, tenantId: number, dailyLimit: number) =>
    db
      .insert(clueSettings)
      .values({ tenantId, dailyLimit })
      .onConflictDoUpdate({ target: clueSettings.tenantId, set: { dailyLimit, updatedAt: new Date() } }),
};
