import { authStateLabel, maskPhone, type TRouteInput, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TRequestContext } from '../../http/context.js';
import { hashPassword } from '../../security/password.js';
import { createEnterpriseTenant, ensureRoleTemplates, isUniqueViolation } from '../org/index.js';
import { platformErrors as errors } from './platform.errors.js';
import { platformRepository as repo } from './platform.repository.js';

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
  agentName: r.agentName,
  distributorName: r.distributorName,
  createdAt: r.tenant.createdAt.getTime(),
  examinedAt: r.tenant.examinedAt?.getTime() ?? null,
});

export type TPlatformService = ReturnType<typeof createPlatformService>;

/** The platform operator's administration of enterprises: work across every tenant. */
export const createPlatformService = (deps: {
  /** The auth area's: a closed enterprise's sessions end for good, so reopening it revives none. */
  revokeTenantSessions: (tx: TDb, tenantId: number) => Promise<void>;
}) => {
  const examine = (ctx: TRequestContext, ids: number[], pass: boolean, reason: string) =>
    asPlatform(ctx, async (db) => {
      if (!pass && !reason) throw errors.reasonMissing();
      const moved = await repo.move(db, ids, ['pending'], {
        status: pass ? 'active' : 'rejected',
        statusReason: pass ? '' : reason,
        examinedAt: new Date(),
      });
      if (moved.length !== ids.length) throw errors.notAllPending();
      // An approved enterprise has its 管理员 / 主管 / 坐席 roles, also one registered before they existed.
      if (pass) for (const id of moved) await ensureRoleTemplates(db, id);
      return null;
    });

  return {
    waiting: (ctx: TRequestContext) => asPlatform(ctx, (db) => repo.waiting(db)),

    page: (ctx: TRequestContext, input: TRouteInput<'platform', 'enterprisePage'>) =>
      asPlatform(ctx, async (db) => {
        const { page, limit, ...filter } = input;
        const { records, total } = await repo.page(db, filter, page, limit);
        return toPage(records.map(toEnterprise), total, input);
      }),

    info: (ctx: TRequestContext, id: number) =>
      asPlatform(ctx, async (db) => {
        const row = await repo.find(db, id);
        if (!row) throw errors.enterpriseMissing();
        return toEnterprise(row);
      }),

    infoByCode: (ctx: TRequestContext, code: string) =>
      asPlatform(ctx, async (db) => {
        const row = await repo.findByCode(db, code);
        if (!row) throw errors.enterpriseMissing();
        return toEnterprise(row);
      }),

    /** 新建企业: 正常 at once, its administrator to change the platform's password at the first sign-in. */
    create: (ctx: TRequestContext, input: TRouteInput<'platform', 'enterpriseCreate'>) =>
      asPlatform(ctx, async (db) => {
        if (await repo.accountTaken(db, input.username, input.mobile)) throw errors.accountTaken();
        const { password, ...fields } = input;
        const passwordHash = await hashPassword(password);
        // Parallel creations with one account or mobile: the unique index decides, the others are told.
        const created = await createEnterpriseTenant(db, {
          ...fields,
          passwordHash,
          status: 'active',
          mustChangePassword: true,
        }).catch((error: unknown) => {
          throw isUniqueViolation(error) ? errors.accountTaken() : error;
        });
        return toEnterprise((await repo.find(db, created.tenantId))!);
      }),

    examine: (ctx: TRequestContext, input: TRouteInput<'platform', 'examine'>) =>
      examine(ctx, [input.id], input.pass, input.reason),

    batchExamine: (ctx: TRequestContext, input: TRouteInput<'platform', 'batchExamine'>) =>
      examine(ctx, input.ids, input.pass, input.reason),

    /** Opens or closes an enterprise; closing ends its sessions, so its users sign in again once it is reopened. */
    setStatus: (ctx: TRequestContext, input: TRouteInput<'platform', 'setStatus'>) =>
      asPlatform(ctx, async (db) => {
        if (!(await repo.find(db, input.id))) throw errors.enterpriseMissing();
        const from = input.status === 'closed' ? ['active'] : ['closed'];
        const moved = await repo.move(db, [input.id], from, { status: input.status, statusReason: input.reason });
        if (!moved.length) throw input.status === 'closed' ? errors.onlyActiveCloses() : errors.onlyClosedOpens();
        if (input.status === 'closed') await deps.revokeTenantSessions(db, input.id);
        return null;
      }),
  };
};
