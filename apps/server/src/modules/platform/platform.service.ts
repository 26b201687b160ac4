import { authStateLabel, maskPhone } from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import type { TAuth } from '../../http/context.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { platformRepository as repo, type TEnterpriseFilter } from './platform.repository.js';

type TRow = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
const toEnterprise = (r: TRow) => ({
  id: r.tenant.id,
  code: r.tenant.code,
  name: r.tenant.name,
  status: r.tenant.status as 'pending' | 'active' | 'rejected' | 'closed',
  statusReason: r.tenant.statusReason,
  authState: r.tenant.authState,
  authStateLabel: authStateLabel(r.tenant.authState),
  adminName: r.adminName,
  adminMobile: r.adminMobile ? maskPhone(r.adminMobile) : null,
  userCount: Number(r.userCount),
  createdAt: r.tenant.createdAt.getTime(),
  examinedAt: r.tenant.examinedAt?.getTime() ?? null,
});

export type TPlatformService = ReturnType<typeof createPlatformService>;

/** The platform operator's administration of enterprises (issue 3). */
export const createPlatformService = (deps: {
  database: TDatabase;
  /** The auth area's: a closed enterprise's sessions end for good, so reopening it revives none. */
  revokeTenantSessions: (tenantId: number) => Promise<void>;
}) => {
  const { db } = deps.database;
  // A role string is not enough: only the super tenant administers other tenants.
  const assertPlatform = (auth: TAuth) => {
    if (!auth.isSuper) throw forbidden();
  };

  const examine = async (auth: TAuth, ids: number[], pass: boolean, reason: string) => {
    assertPlatform(auth);
    if (!pass && !reason) throw conflict('驳回时请填写原因');
    const moved = await repo.move(db, ids, ['pending'], {
      status: pass ? 'active' : 'rejected',
      statusReason: pass ? '' : reason,
      examinedAt: new Date(),
    });
    if (moved.length !== ids.length) throw conflict('所选企业中有不在待审核状态的，请刷新后重试');
    return null;
  };

  return {
    page: async (auth: TAuth, input: TEnterpriseFilter & { page: number; limit: number }) => {
      assertPlatform(auth);
      const { page, limit, ...filter } = input;
      const { records, total } = await repo.page(db, filter, page, limit);
      return { records: records.map(toEnterprise), total, size: limit, current: page, pages: Math.ceil(total / limit) };
    },

    info: async (auth: TAuth, id: number) => {
      assertPlatform(auth);
      const row = await repo.find(db, id);
      if (!row) throw notFound('企业不存在');
      return toEnterprise(row);
    },

    examine: (auth: TAuth, input: { id: number; pass: boolean; reason: string }) =>
      examine(auth, [input.id], input.pass, input.reason),

    batchExamine: (auth: TAuth, input: { ids: number[]; pass: boolean; reason: string }) =>
      examine(auth, input.ids, input.pass, input.reason),

    /** Opens or closes an enterprise; closing ends its sessions, so its users sign in again once it is reopened. */
    setStatus: async (auth: TAuth, input: { id: number; status: 'active' | 'closed'; reason: string }) => {
      assertPlatform(auth);
      if (!(await repo.find(db, input.id))) throw notFound('企业不存在');
      const from = input.status === 'closed' ? ['active'] : ['closed'];
      const moved = await repo.move(db, [input.id], from, { status: input.status, statusReason: input.reason });
      if (!moved.length)
        throw conflict(input.status === 'closed' ? '只有正常的企业可以停用' : '只有已停用的企业可以开通');
      if (input.status === 'closed') await deps.revokeTenantSessions(input.id);
      return null;
    },
  };
};
