import crypto from 'node:crypto';
import {
  maskPhone,
  softphoneLineMode,
  staffStatusLabel,
  type TRouteInput,
  type TStaff,
  type TStaffDetail,
  type TStaffFilter,
  type TStaffSeat,
  toPage,
} from '@yunhu/contract';
import { acrossTenants } from '../../db/across-tenants.js';
import type { TDatabase, TDb } from '../../db/client.js';
import { isInScope } from '../../db/scope.js';
import { isUniqueViolation } from '../../db/unique.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { hashPassword } from '../../security/password.js';
import { grantorOf, roleScopeExcess, withinScope } from './data-scope.js';
import { deptRepository } from './dept.repository.js';
import { orgErrors as errors } from './org.errors.js';
import { pinyinOf } from './pinyin.js';
import { roleRepository } from './role.repository.js';
import { adminHoldersAmong, staffRepository as repo, type TStaffRow, type TStaffWhere } from './staff.repository.js';

const passwordAlphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A random initial password meeting the password rule (letters and digits, 10 characters). */
export const randomPassword = (): string => {
  for (;;) {
    const p = Array.from({ length: 10 }, () => passwordAlphabet[crypto.randomInt(passwordAlphabet.length)]).join('');
    if (/[A-Za-z]/.test(p) && /\d/.test(p)) return p;
  }
};

export const toStaff = (r: TStaffRow, opts: { isMasked: boolean }): TStaff => ({
  id: r.id,
  username: r.username,
  realName: r.realName,
  mobile: opts.isMasked ? maskPhone(r.mobile) : r.mobile,
  jobNumber: r.jobNumber,
  deptId: r.deptId,
  deptName: r.deptName,
  roles: r.roles.map((x) => ({ id: Number(x.id), name: x.name })),
  status: r.status as TStaff['status'],
  billingEnabled: r.billingEnabled,
  lastLoginAt: r.lastLoginAt?.getTime() ?? null,
  createdAt: r.createdAt.getTime(),
});

/** The staff download's columns. */
export const staffColumns: TColumn<TStaffRow>[] = [
  { header: '工号', width: 10, value: (r) => r.jobNumber },
  { header: '账号', value: (r) => r.username },
  { header: '姓名', value: (r) => r.realName },
  { header: '手机号', width: 16, value: (r) => r.mobile },
  { header: '部门', value: (r) => r.deptName ?? '' },
  { header: '角色', width: 24, value: (r) => r.roles.map((x) => x.name).join('、') },
  { header: '状态', width: 10, value: (r) => staffStatusLabel[r.status as 'active'] ?? r.status },
  { header: '计费', width: 8, value: (r) => (r.billingEnabled ? '开启' : '关闭') },
  { header: '创建时间', width: 22, value: (r) => r.createdAt.toLocaleString('zh-CN', { hour12: false }) },
];

export type TStaffService = ReturnType<typeof createStaffService>;

/** Staff (员工管理) and staff applications (员工申请). Every list and target obeys the data scope. */
export type TStaffPorts = {
  /** The seats a person holds (seat area), in the caller's transaction. */
  seatsHeldBy?: (tx: TDb, tenantId: number, userId: number) => Promise<TStaffSeat[]>;
  /** Until when his soft-phone is registered, null when offline (wallboard area). */
  softphoneRegisteredUntil?: (tx: TDb, tenantId: number, userId: number) => Promise<Date | null>;
};

export const createStaffService = (
  deps: {
    database: TDatabase;
    /** Ends every session of a user, in the caller's transaction (auth area). */
    revokeSessions: (tx: TDb, userId: number) => Promise<void>;
  } & TStaffPorts,
) => {
  const isAdmin = (auth: TAuth) => auth.isAdmin || auth.isSuper;
  const pinyinReady = new Set<number>();

  /** Names written by paths that do not compute pinyin (older rows) get it once per process and tenant. */
  const ensurePinyin = async ({ auth, tx }: TRequestContext) => {
    if (pinyinReady.has(auth.tenantId)) return;
    const missing = await repo.withoutPinyin(tx, auth.tenantId);
    await repo.setPinyin(
      tx,
      auth.tenantId,
      missing.map((u) => ({ id: u.id, ...pinyinOf(u.realName) })),
    );
    pinyinReady.add(auth.tenantId);
  };

  const whereOf = async ({ auth, tx, scope }: TRequestContext, f: TStaffFilter, statuses: string[]) => {
    let deptIds: number[] | undefined;
    if (f.deptId !== undefined) {
      if (!(await deptRepository.find(tx, auth.tenantId, f.deptId))) throw errors.deptMissing();
      deptIds =
        f.includeChildren === '1' ? await deptRepository.withDescendants(tx, auth.tenantId, [f.deptId]) : [f.deptId];
    }
    const where: TStaffWhere = { statuses, name: f.name, mobile: f.mobile, deptIds, roleId: f.roleId, scope };
    return where;
  };

  /**
   * The people an action targets: all must be of the tenant, inside the caller's data scope and in
   * one of the statuses; otherwise the whole action answers not found. A non-administrator may not
   * act on administrators.
   */
  const targets = async (
    { auth, tx, scope }: TRequestContext,
    ids: readonly number[],
    statuses: string[],
    missing = errors.staffMissing,
  ) => {
    const rows = await repo.findMany(tx, auth.tenantId, ids);
    const ok = rows.filter((r) => statuses.includes(r.status) && isInScope(scope, { ownerId: r.id, deptId: r.deptId }));
    if (ok.length !== ids.length) throw missing();
    if (!isAdmin(auth) && (await adminHoldersAmong(tx, auth.tenantId, ids)).length > 0) {
      throw errors.adminUntouchable();
    }
    return ok;
  };

  /** A department the caller may place people in: of the tenant and inside his data scope. */
  const checkDept = async ({ auth, tx, scope }: TRequestContext, deptId: number) => {
    if (!(await deptRepository.find(tx, auth.tenantId, deptId))) throw errors.deptMissing();
    if (scope.kind !== 'all' && !scope.deptIds.includes(deptId)) throw errors.deptOutOfScope();
  };

  /**
   * Roles the caller may grant: existing, active; administrator roles only by an administrator; for
   * a non-administrator, each role he newly gives (not already held by every target) neither holds a
   * permission he lacks nor a data scope wider than his own (data-scope.ts).
   */
  const checkRoles = async (
    { auth, tx }: TRequestContext,
    roleIds: readonly number[],
    targetIds: readonly number[] = [],
  ) => {
    const found = await roleRepository.findMany(tx, auth.tenantId, roleIds);
    if (found.length !== roleIds.length) throw errors.roleMissing();
    const disabled = found.find((r) => r.status !== 'active');
    if (disabled) throw errors.roleDisabled(disabled.name);
    if (!isAdmin(auth)) {
      if (found.some((r) => r.isAdmin)) throw errors.adminRoleByAdmin();
      const full = await Promise.all(found.map((r) => roleRepository.find(tx, auth.tenantId, r.id)));
      const lacking = full.flatMap((r) => r?.permissions ?? []).filter((p) => !auth.permissions.has(p));
      if (lacking.length) throw errors.rolePermissionsWider();
      const grantor = await grantorOf(tx, auth);
      const held = await Promise.all(
        targetIds.map(
          async (u) => new Set((await roleRepository.activeRolesOf(tx, auth.tenantId, u)).map((x) => x.id)),
        ),
      );
      const heldByAll = (id: number) => held.length > 0 && held.every((h) => h.has(id));
      for (const r of found.filter((x) => !heldByAll(x.id))) {
        const deptIds = r.dataScope === 'custom' ? await roleRepository.deptIds(tx, auth.tenantId, [r.id]) : [];
        const excess = roleScopeExcess(grantor, { ...r, deptIds });
        if (excess) throw errors.roleAssignWider(excess);
      }
    }
    return found;
  };

  /** An administrator cannot take his own last administrator role away. */
  const assertKeepsOwnAdmin = (
    auth: TAuth,
    userIds: readonly number[],
    roles: Awaited<ReturnType<typeof checkRoles>>,
  ) => {
    if (auth.isAdmin && userIds.includes(auth.userId) && !roles.some((r) => r.isAdmin && r.status === 'active')) {
      throw errors.ownLastAdmin();
    }
  };

  const assertAccountFree = async (tx: TDb, by: { username?: string; mobile?: string }, exceptId?: number) => {
    // Accounts and mobiles sign in, so they are unique across the platform: asked past the tenant wall.
    const holder = await acrossTenants(tx, (db) => repo.holderOf(db, by, exceptId));
    if (!holder) return;
    if (by.username && holder.username.toLowerCase() === by.username.toLowerCase()) {
      throw errors.usernameTaken(by.username);
    }
    throw errors.staffMobileTaken(by.mobile ?? '');
  };

  /** A unique index refusing the write (a race) becomes a message a person can act on; the request rolls back. */
  const guardUnique = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.accountTaken();
      throw error;
    }
  };

  const examine = async (ctx: TRequestContext, input: TRouteInput<'orgStaff', 'batchExamine'>) => {
    const { auth, tx } = ctx;
    if (!input.pass && !input.reason) throw errors.reasonMissing();
    await targets(ctx, input.ids, ['pending'], errors.applicationMissing);
    const decided = { examineReason: input.reason, examinedAt: new Date(), examinedBy: auth.userId };
    if (!input.pass) {
      await repo.update(tx, auth.tenantId, input.ids, { ...decided, status: 'rejected' });
      return null;
    }
    if (input.deptId !== undefined) await checkDept(ctx, input.deptId);
    await withinScope(tx, auth, input.ids, async () => {
      if (input.roleIds) {
        await checkRoles(ctx, input.roleIds, input.ids);
        await repo.setRoles(tx, auth.tenantId, input.ids, input.roleIds);
      }
      await repo.update(tx, auth.tenantId, input.ids, {
        ...decided,
        status: 'active',
        ...(input.deptId !== undefined ? { deptId: input.deptId } : {}),
      });
    });
    return null;
  };

  return {
    page: async (ctx: TRequestContext, input: TRouteInput<'orgStaff', 'staffPage'>) => {
      const where = await whereOf(ctx, input, input.status ? [input.status] : ['active', 'disabled']);
      await ensurePinyin(ctx);
      const { records, total } = await repo.page(ctx.tx, ctx.auth.tenantId, where, input.page, input.limit);
      return toPage(
        records.map((r) => toStaff(r, { isMasked: true })),
        total,
        input,
      );
    },

    info: async ({ auth, tx, scope }: TRequestContext, id: number) => {
      const row = await repo.find(tx, auth.tenantId, id);
      if (!row || !isInScope(scope, { ownerId: row.id, deptId: row.deptId })) throw errors.staffMissing();
      return toStaff(row, { isMasked: false });
    },

    /** 员工详情: the record, his seats and lines, and whether his soft-phone can go and is online. */
    detail: async (ctx: TRequestContext, id: number): Promise<TStaffDetail> => {
      const { auth, tx, scope } = ctx;
      const row = await repo.find(tx, auth.tenantId, id);
      if (!row || !isInScope(scope, { ownerId: row.id, deptId: row.deptId })) throw errors.staffMissing();
      const [extra, seats, onlineUntil] = await Promise.all([
        repo.detailExtra(tx, auth.tenantId, id),
        deps.seatsHeldBy?.(tx, auth.tenantId, id) ?? [],
        deps.softphoneRegisteredUntil?.(tx, auth.tenantId, id) ?? null,
      ]);
      const usable = (s: TStaffSeat) => s.state === 'inUse' || s.state === 'expiring';
      return {
        ...toStaff(row, { isMasked: false }),
        headUrl: extra?.headUrl ?? null,
        mustChangePassword: extra?.mustChangePassword ?? false,
        seats,
        softphone: {
          hasSeat: seats.some((s) => usable(s) && s.lineMode === softphoneLineMode && s.startAt <= Date.now()),
          isOnline: onlineUntil !== null,
          onlineUntil: onlineUntil?.getTime() ?? null,
        },
      };
    },

    /** His own record: no data scope to pass, it is himself. */
    own: async ({ auth, tx }: TRequestContext) => {
      const row = await repo.find(tx, auth.tenantId, auth.userId);
      if (!row) throw errors.staffMissing();
      return toStaff(row, { isMasked: false });
    },

    /** A new active staff member; without a given password a random one is made and answered once. */
    add: async (ctx: TRequestContext, input: TRouteInput<'orgStaff', 'staffAdd'>) => {
      const { auth, tx } = ctx;
      await assertAccountFree(tx, { username: input.username, mobile: input.mobile });
      const initialPassword = input.password ? null : randomPassword();
      const passwordHash = await hashPassword(input.password ?? initialPassword!);
      const id = await guardUnique(async () => {
        await checkDept(ctx, input.deptId);
        await checkRoles(ctx, input.roleIds);
        return withinScope(
          tx,
          auth,
          [],
          async () => {
            const user = await repo.insert(tx, {
              tenantId: auth.tenantId,
              username: input.username,
              realName: input.realName,
              ...pinyinOf(input.realName),
              mobile: input.mobile,
              passwordHash,
              // Someone else chose it: the person changes it at his first sign-in.
              mustChangePassword: true,
              deptId: input.deptId,
              billingEnabled: input.billingEnabled,
              jobNumber: String((await repo.userCount(tx, auth.tenantId)) + 1).padStart(4, '0'),
            });
            await repo.setRoles(tx, auth.tenantId, [user.id], input.roleIds);
            return user.id;
          },
          (userId) => [userId],
        );
      });
      return { id, initialPassword };
    },

    update: async (ctx: TRequestContext, input: TRouteInput<'orgStaff', 'staffUpdate'>) => {
      const { auth, tx } = ctx;
      await guardUnique(async () => {
        await targets(ctx, [input.id], ['active', 'disabled']);
        if (input.deptId !== undefined) await checkDept(ctx, input.deptId);
        await withinScope(tx, auth, [input.id], async () => {
          if (input.roleIds) {
            assertKeepsOwnAdmin(auth, [input.id], await checkRoles(ctx, input.roleIds, [input.id]));
            await repo.setRoles(tx, auth.tenantId, [input.id], input.roleIds);
          }
          const set = {
            ...(input.realName ? { realName: input.realName, ...pinyinOf(input.realName) } : {}),
            ...(input.deptId !== undefined ? { deptId: input.deptId } : {}),
          };
          if (Object.keys(set).length > 0) await repo.update(tx, auth.tenantId, [input.id], set);
        });
      });
      return null;
    },

    /**
     * The administrator changes a person's mobile. It signs in (password and SMS), so it is unique on
     * the platform and, changed by someone else, ends his sessions as a password reset does: he signs
     * in again, by SMS at the new number. One's own is changed in 个人中心 with a code to the new number.
     */
    changeMobile: async (ctx: TRequestContext, input: TRouteInput<'orgStaff', 'staffMobile'>) => {
      const { auth, tx } = ctx;
      if (input.id === auth.userId) throw errors.ownMobileByCode();
      const [target] = await targets(ctx, [input.id], ['active', 'disabled']);
      const current = await repo.find(tx, auth.tenantId, target!.id);
      if (current?.mobile === input.mobile) throw errors.sameMobile();
      await assertAccountFree(tx, { mobile: input.mobile }, input.id);
      await guardUnique(() => repo.update(tx, auth.tenantId, [input.id], { mobile: input.mobile }));
      await deps.revokeSessions(tx, input.id);
      return null;
    },

    /** Enable or disable; a disabled user's sessions end at once. Nobody disables himself. */
    setStatus: async (ctx: TRequestContext, ids: number[], status: 'active' | 'disabled') => {
      const { auth, tx } = ctx;
      if (status === 'disabled' && ids.includes(auth.userId)) throw errors.disableSelf();
      await targets(ctx, ids, ['active', 'disabled']);
      await repo.update(tx, auth.tenantId, ids, { status });
      if (status === 'disabled') for (const id of ids) await deps.revokeSessions(tx, id);
      return null;
    },

    remove: async (ctx: TRequestContext, ids: number[]) => {
      const { auth, tx } = ctx;
      if (ids.includes(auth.userId)) throw errors.deleteSelf();
      await targets(ctx, ids, ['active', 'disabled', 'pending', 'rejected']);
      await repo.softDelete(tx, auth.tenantId, ids);
      for (const id of ids) await deps.revokeSessions(tx, id);
      return null;
    },

    batchDeptRole: async (ctx: TRequestContext, input: TRouteInput<'orgStaff', 'staffBatchDeptRole'>) => {
      const { auth, tx } = ctx;
      if (input.deptId === undefined && !input.roleIds) throw errors.nothingToChange();
      await targets(ctx, input.ids, ['active', 'disabled']);
      await withinScope(tx, auth, input.ids, async () => {
        if (input.deptId !== undefined) {
          await checkDept(ctx, input.deptId);
          await repo.update(tx, auth.tenantId, input.ids, { deptId: input.deptId });
        }
        if (input.roleIds) {
          assertKeepsOwnAdmin(auth, input.ids, await checkRoles(ctx, input.roleIds, input.ids));
          await repo.setRoles(tx, auth.tenantId, input.ids, input.roleIds);
        }
      });
      return null;
    },

    /**
     * The filtered staff for a download: the filter is checked and the scope applied now, the rows
     * read once the request's transaction has ended; columns: `staffColumns`.
     */
    export: async (ctx: TRequestContext, filter: TStaffFilter) => {
      const where = await whereOf(ctx, filter, filter.status ? [filter.status] : ['active', 'disabled']);
      await ensurePinyin(ctx);
      return {
        rows: repo.exportRows(deps.database, ctx.auth.tenantId, where),
        fileName: `员工信息_${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: '员工',
      };
    },

    billing: async (ctx: TRequestContext, ids: number[], enabled: boolean) => {
      await targets(ctx, ids, ['active', 'disabled']);
      await repo.update(ctx.tx, ctx.auth.tenantId, ids, { billingEnabled: enabled });
      return null;
    },

    billingGet: async ({ auth, tx, scope }: TRequestContext, userId?: number) => {
      const id = userId ?? auth.userId;
      const row = await repo.find(tx, auth.tenantId, id);
      if (!row || !isInScope(scope, { ownerId: row.id, deptId: row.deptId })) throw errors.staffMissing();
      return { userId: row.id, billingEnabled: row.billingEnabled };
    },

    /** Sets a staff member's password (a random one answered once when none is given); his sessions end. */
    adminPassword: async (ctx: TRequestContext, userId: number, password?: string) => {
      const made = password ? null : randomPassword();
      const passwordHash = await hashPassword(password ?? made!);
      await targets(ctx, [userId], ['active', 'disabled']);
      // Set by someone else: changed at the next sign-in; his own stays his.
      await repo.update(ctx.tx, ctx.auth.tenantId, [userId], {
        passwordHash,
        mustChangePassword: userId !== ctx.auth.userId,
      });
      await deps.revokeSessions(ctx.tx, userId);
      return { password: made };
    },

    applyPage: async (ctx: TRequestContext, input: TRouteInput<'orgStaff', 'applyPage'>) => {
      const where = await whereOf(ctx, { name: input.name, includeChildren: '1' }, [input.status]);
      await ensurePinyin(ctx);
      const { records, total } = await repo.page(ctx.tx, ctx.auth.tenantId, where, input.page, input.limit);
      return toPage(
        records.map((r) => ({
          id: r.id,
          username: r.username,
          realName: r.realName,
          mobile: maskPhone(r.mobile),
          deptId: r.deptId,
          deptName: r.deptName,
          status: r.status as 'pending' | 'rejected',
          reason: r.examineReason,
          examinedAt: r.examinedAt?.getTime() ?? null,
          createdAt: r.createdAt.getTime(),
        })),
        total,
        input,
      );
    },

    /** Approve or reject pending applications (all or none), the reason kept; a rejection needs one. */
    examine,
  };
};
