import {
  authStateLabel,
  brandKeys,
  emptyBrandValues,
  type TBrandKey,
  type TBrandValues,
  type ZContractSave,
  type ZNoticePublish,
} from '@yunhu/contract';
import type { z } from 'zod';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { contentRepository as repo, type TContractRow } from './content.repository.js';

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
export const createPlatformContentService = (deps: { database: TDatabase }) => {
  const { database } = deps;
  const { db } = database;
  const assertPlatform = (auth: TAuth) => {
    if (!auth.isSuper) throw forbidden();
  };
  const inTransaction = <T>(fn: (tx: TDb) => Promise<T>) =>
    db.transaction((tx) => fn(tx as unknown as TDb)) as Promise<T>;

  return {
    findContract: async (auth: TAuth, tenantId: number) => {
      assertPlatform(auth);
      if (!(await repo.enterprise(db, tenantId))) throw notFound('企业不存在');
      const contract = await repo.contractOf(db, tenantId);
      return contract ? toContract(contract) : null;
    },

    saveContract: async (auth: TAuth, input: z.output<typeof ZContractSave>) => {
      assertPlatform(auth);
      return inTransaction(async (tx) => {
        if (!(await repo.enterprise(tx, input.tenantId))) throw notFound('企业不存在');
        if (await repo.contractNoTakenByOther(tx, input.contractNo, input.tenantId)) {
          throw conflict('合同编号已被其他企业使用');
        }
        await repo.upsertContract(tx, {
          tenantId: input.tenantId,
          contractNo: input.contractNo,
          signedAt: new Date(input.signedAt),
          seats: input.seats,
          seatPrice: input.seatPrice,
          startAt: new Date(input.startAt),
          endAt: new Date(input.endAt),
          remark: input.remark,
        });
        return toContract((await repo.contractOf(tx, input.tenantId))!);
      });
    },

    /** The signed-in user's own enterprise, with its contract terms. */
    queryEnterpriseInfo: (auth: TAuth) =>
      withTenant(database, auth.tenantId, async (tx) => {
        const tenant = await repo.tenant(tx, auth.tenantId);
        if (!tenant) throw notFound('企业不存在');
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
      }),

    noticePage: async (auth: TAuth, input: { page: number; limit: number; title?: string }) => {
      assertPlatform(auth);
      const { records, total } = await repo.noticePage(db, input.title, input.page, input.limit);
      return {
        records: records.map(toNotice),
        total,
        size: input.limit,
        current: input.page,
        pages: Math.ceil(total / input.limit),
      };
    },

    noticePublish: async (auth: TAuth, input: z.output<typeof ZNoticePublish>) => {
      assertPlatform(auth);
      const tenantIds = input.audience === 'all' ? [] : [...new Set(input.tenantIds)];
      return inTransaction(async (tx) => {
        if (tenantIds.length) {
          const found = new Set(await repo.enterpriseIds(tx, tenantIds));
          const missing = tenantIds.filter((id) => !found.has(id));
          if (missing.length) throw invalid(`所选企业不存在：${missing.slice(0, 5).join('、')}`);
        }
        const notice = await repo.insertNotice(tx, {
          title: input.title,
          content: input.content,
          audience: input.audience,
          publisher: auth.realName || auth.username,
        });
        if (tenantIds.length) await repo.insertTargets(tx, notice.id, tenantIds);
        return toNotice((await repo.noticeById(tx, notice.id))!);
      });
    },

    noticeDelete: async (auth: TAuth, ids: number[]) => {
      assertPlatform(auth);
      await inTransaction(async (tx) => {
        const deleted = await repo.deleteNotices(tx, ids);
        if (deleted.length !== ids.length) throw conflict('所选通知中有已删除的，请刷新后重试');
      });
      return null;
    },

    /** The platform default (host '') first, then every host with its own settings. */
    brandList: async (auth: TAuth) => {
      assertPlatform(auth);
      const rows = await repo.brandRows(db);
      const hosts = [...new Set(['', ...rows.map((r) => r.host)])].sort((a, b) => (a === '' ? -1 : a.localeCompare(b)));
      return hosts.map((host) =>
        toSettings(
          host,
          rows.filter((r) => r.host === host),
        ),
      );
    },

    /** A host keeps only the values it sets; an empty value falls back to the platform default. */
    brandSave: async (auth: TAuth, input: { host: string; values: TBrandValues }) => {
      assertPlatform(auth);
      return inTransaction(async (tx) => {
        for (const key of brandKeys) {
          const value = toStored(key, input.values[key]);
          if (value || input.host === '') await repo.upsertBrand(tx, input.host, key, value);
          else await repo.deleteBrand(tx, input.host, key);
        }
        return toSettings(input.host, await repo.brandRows(tx, input.host));
      });
    },

    brandDelete: async (auth: TAuth, host: string) => {
      assertPlatform(auth);
      const deleted = await inTransaction((tx) => repo.deleteBrand(tx, host));
      if (!deleted.length) throw notFound('该域名没有品牌设置');
      return null;
    },
  };
};
