import {
  authStateLabel,
  brandKeys,
  emptyBrandValues,
  type TBrandKey,
  type TBrandValues,
  type TRouteInput,
  toPage,
} from '@yunhu/contract';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { contentRepository as repo, type TContractRow } from './content.repository.js';
import { platformErrors as errors } from './platform.errors.js';

const toContract = (c: TContractRow) => ({
  id: c.id,
  tenantId: c.tenantId,
  enterpriseName: c.enterpriseName,
  contractNo: c.contractNo,
  signedAt: c.signedAt.getTime(),
  seats: c.seats,
  seatPrice: c.seatPrice,
  startAt: c.startAt.getTime(),
  endAt: c.endAt.getTime(),
  remark: c.remark,
  updatedAt: c.updatedAt.getTime(),
});

type TNoticeRow = Awaited<ReturnType<typeof repo.noticePage>>['records'][number];
const toNotice = (r: TNoticeRow) => ({
  id: r.notice.id,
  title: r.notice.title,
  content: r.notice.content,
  audience: r.notice.audience as 'all' | 'tenants',
  targets: r.targets,
  publisher: r.notice.publisher,
  readCount: Number(r.readCount),
  createdAt: r.notice.createdAt.getTime(),
});

/** app_product is stored as a JSON list (the seed's and the original back end's form). */
const toStored = (key: TBrandKey, v: TBrandValues[TBrandKey]) =>
  key === 'app_product' ? ((v as string[]).length ? JSON.stringify(v) : '') : (v as string);
const fromStored = (key: TBrandKey, v: string): string | string[] => {
  if (key !== 'app_product') return v;
  try {
    const parsed = JSON.parse(v) as unknown;
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return v ? v.split(',').map((s) => s.trim()) : [];
  }
};

const emptyValues = emptyBrandValues;

type TBrandRow = Awaited<ReturnType<typeof repo.brandRows>>[number];
const toSettings = (host: string, rows: TBrandRow[]) => {
  const values = emptyValues() as Record<TBrandKey, string | string[]>;
  const ownKeys: string[] = [];
  for (const r of rows) {
    if (!(brandKeys as readonly string[]).includes(r.optionKey)) continue;
    const key = r.optionKey as TBrandKey;
    values[key] = fromStored(key, r.optionValue);
    ownKeys.push(key);
  }
  return { host, values: values as TBrandValues, ownKeys: brandKeys.filter((k) => ownKeys.includes(k)) };
};

export type TPlatformContentService = ReturnType<typeof createPlatformContentService>;

/** Contracts, notices and brand settings: the super tenant's alone, whatever a role string says. */
export const createPlatformContentService = () => {
  return {
    findContract: (ctx: TRequestContext, tenantId: number) =>
      asPlatform(ctx, async (db) => {
        if (!(await repo.enterprise(db, tenantId))) throw errors.enterpriseMissing();
        const contract = await repo.contractOf(db, tenantId);
        return contract ? toContract(contract) : null;
      }),

    saveContract: (ctx: TRequestContext, input: TRouteInput<'platformContent', 'saveContract'>) =>
      asPlatform(ctx, async (db) => {
        if (!(await repo.enterprise(db, input.tenantId))) throw errors.enterpriseMissing();
        if (await repo.contractNoTakenByOther(db, input.contractNo, input.tenantId)) throw errors.contractNoTaken();
        await repo.upsertContract(db, {
          tenantId: input.tenantId,
          contractNo: input.contractNo,
          signedAt: new Date(input.signedAt),
          seats: input.seats,
          seatPrice: input.seatPrice,
          startAt: new Date(input.startAt),
          endAt: new Date(input.endAt),
          remark: input.remark,
        });
        return toContract((await repo.contractOf(db, input.tenantId))!);
      }),

    /** The signed-in user's own enterprise, with its contract terms. */
    queryEnterpriseInfo: async ({ auth, tx }: TRequestContext) => {
      const tenant = await repo.tenant(tx, auth.tenantId);
      if (!tenant) throw errors.enterpriseMissing();
      const contract = await repo.contractOf(tx, auth.tenantId);
      return {
        name: tenant.name,
        code: tenant.code,
        status: tenant.status,
        authState: tenant.authState,
        authStateLabel: authStateLabel(tenant.authState),
        createdAt: tenant.createdAt.getTime(),
        contract: contract ? toContract(contract) : null,
      };
    },

    noticePage: (ctx: TRequestContext, input: TRouteInput<'platformContent', 'noticePage'>) =>
      asPlatform(ctx, async (db) => {
        const { records, total } = await repo.noticePage(db, input.title, input.page, input.limit);
        return toPage(records.map(toNotice), total, input);
      }),

    noticePublish: (ctx: TRequestContext, input: TRouteInput<'platformContent', 'noticePublish'>) =>
      asPlatform(ctx, async (db) => {
        const tenantIds = input.audience === 'all' ? [] : [...new Set(input.tenantIds)];
        if (tenantIds.length) {
          const found = new Set(await repo.enterpriseIds(db, tenantIds));
          const missing = tenantIds.filter((id) => !found.has(id));
          if (missing.length) throw errors.enterprisesMissing(missing.slice(0, 5).join('、'));
        }
        const notice = await repo.insertNotice(db, {
          title: input.title,
          content: input.content,
          audience: input.audience,
          publisher: ctx.auth.realName || ctx.auth.username,
        });
        if (tenantIds.length) await repo.insertTargets(db, notice.id, tenantIds);
        return toNotice((await repo.noticeById(db, notice.id))!);
      }),

    noticeDelete: (ctx: TRequestContext, ids: number[]) =>
      asPlatform(ctx, async (db) => {
        const deleted = await repo.deleteNotices(db, ids);
        if (deleted.length !== ids.length) throw errors.noticesGone();
        return null;
      }),

    /** The platform default (host '') first, then every host with its own settings. */
    brandList: (ctx: TRequestContext) =>
      asPlatform(ctx, async (db) => {
        const rows = await repo.brandRows(db);
        const hosts = [...new Set(['', ...rows.map((r) => r.host)])].sort((a, b) =>
          a === '' ? -1 : a.localeCompare(b),
        );
        return hosts.map((host) =>
          toSettings(
            host,
            rows.filter((r) => r.host === host),
          ),
        );
      }),

    /** A host keeps only the values it sets; an empty value falls back to the platform default. */
    brandSave: (ctx: TRequestContext, input: TRouteInput<'platformContent', 'brandSave'>) =>
      asPlatform(ctx, async (db) => {
        for (const key of brandKeys) {
          const value = toStored(key, input.values[key]);
          if (value || input.host === '') await repo.upsertBrand(db, input.host, key, value);
          else await repo.deleteBrand(db, input.host, key);
        }
        return toSettings(input.host, await repo.brandRows(db, input.host));
      }),

    brandDelete: (ctx: TRequestContext, host: string) =>
      asPlatform(ctx, async (db) => {
        const deleted = await repo.deleteBrand(db, host);
        if (!deleted.length) throw errors.brandMissing();
        return null;
      }),
  };
};
