import crypto from 'node:crypto';
import { maskPhone, staffStatusLabel, type TStaff, type TStaffFilter } from '@yunhu/contract';
import type { FastifyReply } from 'fastify';
import type { TDatabase, TDb } from '../../db/client.js';
import { isInScope, type TDataScope } from '../../db/scope.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { sendXlsx } from '../../http/download.js';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { hashPassword } from '../../security/password.js';
import { grantorOf, roleScopeExcess, withinScope } from './data-scope.js';
import { deptRepository } from './dept.repository.js';
import { pinyinOf } from './pinyin.js';
import { roleRepository } from './role.repository.js';
import { adminHoldersAmong, staffRepository as repo, type TStaffRow, type TStaffWhere } from './staff.repository.js';

const staffMissing = () => notFound('员工不存在或已删除');

/** Unique violations (account or mobile taken in a race) become a message a person can act on. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

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

type TExamine = { ids: number[]; pass: boolean; reason: string; deptId?: number; roleIds?: number[] };

export type TStaffService = ReturnType<typeof createStaffService>;

/** Staff (员工管理) and staff applications (员工申请), issue 3. Every list and target obeys the data scope. */
export const createStaffService = (deps: {
  database: TDatabase;
  dataScopeOf: (auth: TAuth) => Promise<TDataScope>;
  revokeSessions: (userId: number) => Promise<void>;
}) => {
  const { database } = deps;
  const scoped = <T>(auth: TAuth, fn: Parameters<typeof withTenant<T>>[2]) => withTenant(database, auth.tenantId, fn);
  const isAdmin = (auth: TAuth) => auth.isAdmin || auth.isSuper;
  const pinyinReady = new Set<number>();

  /** Names written by paths that do not compute pinyin (older rows) get it once per process and tenant. */
  const ensurePinyin = async (auth: TAuth) => {
    if (pinyinReady.has(auth.tenantId)) return;
    await scoped(auth, async (tx) => {
      for (const u of await repo.withoutPinyin(tx, auth.tenantId)) {
        await repo.update(tx, auth.tenantId, [u.id], pinyinOf(u.realName));
      }
    });
    pinyinReady.add(auth.tenantId);
  };

  const whereOf = async (auth: TAuth, f: TStaffFilter, statuses: string[]): Promise<TStaffWhere> => {
    const scope = await deps.dataScopeOf(auth);
    const deptIds =
      f.deptId === undefined
        ? undefined
        : await scoped(auth, async (tx) => {
            if (!(await deptRepository.find(tx, auth.tenantId, f.deptId!))) throw notFound('部门不存在或已删除');
            return f.includeChildren === '1'
              ? deptRepository.withDescendants(tx, auth.tenantId, [f.deptId!])
              : [f.deptId!];
          });
    return { statuses, name: f.name, mobile: f.mobile, deptIds, roleId: f.roleId, scope };
  };

  /**
   * The people an action targets: all must be of the tenant, inside the caller's data scope and in
   * one of the statuses; otherwise the whole action answers not found. A non-administrator may not
   * act on administrators.
   */
  const targets = async (
    tx: TDb,
    auth: TAuth,
    scope: TDataScope,
    ids: readonly number[],
    statuses: string[],
    missing = staffMissing,
  ) => {
    const rows = await repo.findMany(tx, auth.tenantId, ids);
    const ok = rows.filter((r) => statuses.includes(r.status) && isInScope(scope, { ownerId: r.id, deptId: r.deptId }));
    if (ok.length !== ids.length) throw missing();
    if (!isAdmin(auth) && (await adminHoldersAmong(tx, auth.tenantId, ids)).length > 0) {
      throw forbidden('不能修改管理员的账号');
    }
    return ok;
  };

  /** A department the caller may place people in: of the tenant and inside his data scope. */
  const checkDept = async (tx: TDb, auth: TAuth, scope: TDataScope, deptId: number) => {
    if (!(await deptRepository.find(tx, auth.tenantId, deptId))) throw notFound('部门不存在或已删除');
    if (scope.kind !== 'all' && !scope.deptIds.includes(deptId)) {
      throw forbidden('只能把员工安排到您数据权限范围内的部门');
    }
  };

  /**
   * Roles the caller may grant: existing, active; administrator roles only by an administrator; for
   * a non-administrator, each role he newly gives (not already held by every target) neither holds a
   * permission he lacks nor a data scope wider than his own (hardening item 5, data-scope.ts).
   */
  const checkRoles = async (tx: TDb, auth: TAuth, roleIds: readonly number[], targetIds: readonly number[] = []) => {
    const found = await roleRepository.findMany(tx, auth.tenantId, roleIds);
    if (found.length !== roleIds.length) throw notFound('角色不存在或已删除');
    const disabled = found.find((r) => r.status !== 'active');
    if (disabled) throw invalid(`角色「${disabled.name}」已停用，不能分配`);
    if (!isAdmin(auth)) {
      if (found.some((r) => r.isAdmin)) throw forbidden('只有管理员可以分配管理员角色');
      const full = await Promise.all(found.map((r) => roleRepository.find(tx, auth.tenantId, r.id)));
      const lacking = full.flatMap((r) => r?.permissions ?? []).filter((p) => !auth.permissions.has(p));
      if (lacking.length) throw forbidden('不能分配权限超出您自己权限的角色');
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
        if (excess) throw forbidden(`不能分配：${excess}`);
      }
    }
    return found;
  };

  /** An administrator cannot take his own last administrator role away (issue 3). */
  const assertKeepsOwnAdmin = (
    auth: TAuth,
    userIds: readonly number[],
    roles: Awaited<ReturnType<typeof checkRoles>>,
  ) => {
    if (auth.isAdmin && userIds.includes(auth.userId) && !roles.some((r) => r.isAdmin && r.status === 'active')) {
      throw conflict('不能移除您自己的最后一个管理员角色');
    }
  };

  const assertAccountFree = async (by: { username?: string; mobile?: string }, exceptId?: number) => {
    // Accounts and mobiles sign in, so they are unique across the platform: asked outside the tenant wall.
    const holder = await repo.holderOf(database.db, by, exceptId);
    if (!holder) return;
    if (by.username && holder.username.toLowerCase() === by.username.toLowerCase()) {
      throw conflict(`账号「${by.username}」已被使用`);
    }
    throw conflict(`手机号${by.mobile}已被其他账号使用`);
  };

  const guardUnique = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('账号或手机号已被使用');
      throw error;
    }
  };

  const examine = async (auth: TAuth, input: TExamine) => {
    if (!input.pass && !input.reason) throw invalid('请填写驳回原因');
    const scope = await deps.dataScopeOf(auth);
    await scoped(auth, async (tx) => {
      await targets(tx, auth, scope, input.ids, ['pending'], () => notFound('申请不存在或已处理'));
      const decided = { examineReason: input.reason, examinedAt: new Date(), examinedBy: auth.userId };
      if (!input.pass) {
        await repo.update(tx, auth.tenantId, input.ids, { ...decided, status: 'rejected' });
        return;
      }
      if (input.deptId !== undefined) await checkDept(tx, auth, scope, input.deptId);
      await withinScope(tx, auth, input.ids, async () => {
        if (input.roleIds) {
          await checkRoles(tx, auth, input.roleIds, input.ids);
          await repo.setRoles(tx, auth.tenantId, input.ids, input.roleIds);
        }
        await repo.update(tx, auth.tenantId, input.ids, {
          ...decided,
          status: 'active',
          ...(input.deptId !== undefined ? { deptId: input.deptId } : {}),
        });
      });
    });
    return null;
  };

  return {
    page: async (auth: TAuth, input: TStaffFilter & { page: number; limit: number }) => {
      await ensurePinyin(auth);
      const where = await whereOf(auth, input, input.status ? [input.status] : ['active', 'disabled']);
      const { records, total } = await scoped(auth, (tx) =>
        repo.page(tx, auth.tenantId, where, input.page, input.limit),
      );
      return {
        records: records.map((r) => toStaff(r, { isMasked: true })),
        total,
        size: input.limit,
        current: input.page,
        pages: Math.ceil(total / input.limit),
      };
    },

    info: async (auth: TAuth, id: number) => {
      const scope = await deps.dataScopeOf(auth);
      const row = await scoped(auth, (tx) => repo.find(tx, auth.tenantId, id));
      if (!row || !isInScope(scope, { ownerId: row.id, deptId: row.deptId })) throw staffMissing();
      return toStaff(row, { isMasked: false });
    },

    /** A new active staff member; without a given password a random one is made and answered once. */
    add: async (
      auth: TAuth,
      input: {
        username: string;
        realName: string;
        mobile: string;
        deptId: number;
        roleIds: number[];
        password?: string;
        billingEnabled: boolean;
      },
    ) => {
      await assertAccountFree({ username: input.username, mobile: input.mobile });
      const scope = await deps.dataScopeOf(auth);
      const initialPassword = input.password ? null : randomPassword();
      const passwordHash = await hashPassword(input.password ?? initialPassword!);
      const id = await guardUnique(() =>
        scoped(auth, async (tx) => {
          await checkDept(tx, auth, scope, input.deptId);
          await checkRoles(tx, auth, input.roleIds);
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
                deptId: input.deptId,
                billingEnabled: input.billingEnabled,
                jobNumber: String((await repo.userCount(tx, auth.tenantId)) + 1).padStart(4, '0'),
              });
              await repo.setRoles(tx, auth.tenantId, [user.id], input.roleIds);
              return user.id;
            },
            (userId) => [userId],
          );
        }),
      );
      return { id, initialPassword };
    },

    update: async (
      auth: TAuth,
      input: { id: number; realName?: string; mobile?: string; deptId?: number; roleIds?: number[] },
    ) => {
      const scope = await deps.dataScopeOf(auth);
      if (input.mobile) await assertAccountFree({ mobile: input.mobile }, input.id);
      await guardUnique(() =>
        scoped(auth, async (tx) => {
          await targets(tx, auth, scope, [input.id], ['active', 'disabled']);
          if (input.deptId !== undefined) await checkDept(tx, auth, scope, input.deptId);
          await withinScope(tx, auth, [input.id], async () => {
            if (input.roleIds) {
              assertKeepsOwnAdmin(auth, [input.id], await checkRoles(tx, auth, input.roleIds, [input.id]));
              await repo.setRoles(tx, auth.tenantId, [input.id], input.roleIds);
            }
            const set = {
              ...(input.realName ? { realName: input.realName, ...pinyinOf(input.realName) } : {}),
              ...(input.mobile ? { mobile: input.mobile } : {}),
              ...(input.deptId !== undefined ? { deptId: input.deptId } : {}),
            };
            if (Object.keys(set).length > 0) await repo.update(tx, auth.tenantId, [input.id], set);
          });
        }),
      );
      return null;
    },

    /** Enable or disable; a disabled user's sessions end at once. Nobody disables himself. */
    setStatus: async (auth: TAuth, ids: number[], status: 'active' | 'disabled') => {
      if (status === 'disabled' && ids.includes(auth.userId)) throw conflict('不能停用自己的账号');
      const scope = await deps.dataScopeOf(auth);
      await scoped(auth, async (tx) => {
        await targets(tx, auth, scope, ids, ['active', 'disabled']);
        await repo.update(tx, auth.tenantId, ids, { status });
      });
      if (status === 'disabled') for (const id of ids) await deps.revokeSessions(id);
      return null;
    },

    remove: async (auth: TAuth, ids: number[]) => {
      if (ids.includes(auth.userId)) throw conflict('不能删除自己的账号');
      const scope = await deps.dataScopeOf(auth);
      await scoped(auth, async (tx) => {
        await targets(tx, auth, scope, ids, ['active', 'disabled', 'pending', 'rejected']);
        await repo.softDelete(tx, auth.tenantId, ids);
      });
      for (const id of ids) await deps.revokeSessions(id);
      return null;
    },

    batchDeptRole: async (auth: TAuth, input: { ids: number[]; deptId?: number; roleIds?: number[] }) => {
      if (input.deptId === undefined && !input.roleIds) throw invalid('请选择要修改的部门或角色');
      const scope = await deps.dataScopeOf(auth);
      await scoped(auth, async (tx) => {
        await targets(tx, auth, scope, input.ids, ['active', 'disabled']);
        await withinScope(tx, auth, input.ids, async () => {
          if (input.deptId !== undefined) {
            await checkDept(tx, auth, scope, input.deptId);
            await repo.update(tx, auth.tenantId, input.ids, { deptId: input.deptId });
          }
          if (input.roleIds) {
            assertKeepsOwnAdmin(auth, input.ids, await checkRoles(tx, auth, input.roleIds, input.ids));
            await repo.setRoles(tx, auth.tenantId, input.ids, input.roleIds);
          }
        });
      });
      return null;
    },

    export: async (auth: TAuth, filter: TStaffFilter, reply: FastifyReply) => {
      await ensurePinyin(auth);
      const where = await whereOf(auth, filter, filter.status ? [filter.status] : ['active', 'disabled']);
      return sendXlsx(reply, {
        fileName: `员工信息_${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheetName: '员工',
        columns: [
          { header: '工号', width: 10, value: (r: TStaffRow) => r.jobNumber },
          { header: '账号', value: (r) => r.username },
          { header: '姓名', value: (r) => r.realName },
          { header: '手机号', width: 16, value: (r) => r.mobile },
          { header: '部门', value: (r) => r.deptName ?? '' },
          { header: '角色', width: 24, value: (r) => r.roles.map((x) => x.name).join('、') },
          { header: '状态', width: 10, value: (r) => staffStatusLabel[r.status as 'active'] ?? r.status },
          { header: '计费', width: 8, value: (r) => (r.billingEnabled ? '开启' : '关闭') },
          { header: '创建时间', width: 22, value: (r) => r.createdAt.toLocaleString('zh-CN', { hour12: false }) },
        ],
        rows: batchedRows((offset) => scoped(auth, (tx) => repo.batch(tx, auth.tenantId, where, offset, 1000))),
      });
    },

    billing: async (auth: TAuth, ids: number[], enabled: boolean) => {
      const scope = await deps.dataScopeOf(auth);
      await scoped(auth, async (tx) => {
        await targets(tx, auth, scope, ids, ['active', 'disabled']);
        await repo.update(tx, auth.tenantId, ids, { billingEnabled: enabled });
      });
      return null;
    },

    billingGet: async (auth: TAuth, userId?: number) => {
      const scope = await deps.dataScopeOf(auth);
      const id = userId ?? auth.userId;
      const row = await scoped(auth, (tx) => repo.find(tx, auth.tenantId, id));
      if (!row || !isInScope(scope, { ownerId: row.id, deptId: row.deptId })) throw staffMissing();
      return { userId: row.id, billingEnabled: row.billingEnabled };
    },

    /** Sets a staff member's password (a random one answered once when none is given); his sessions end. */
    adminPassword: async (auth: TAuth, userId: number, password?: string) => {
      const scope = await deps.dataScopeOf(auth);
      const made = password ? null : randomPassword();
      const passwordHash = await hashPassword(password ?? made!);
      await scoped(auth, async (tx) => {
        await targets(tx, auth, scope, [userId], ['active', 'disabled']);
        await repo.update(tx, auth.tenantId, [userId], { passwordHash });
      });
      await deps.revokeSessions(userId);
      return { password: made };
    },

    applyPage: async (
      auth: TAuth,
      input: { page: number; limit: number; status: 'pending' | 'rejected'; name?: string },
    ) => {
      await ensurePinyin(auth);
      const where = await whereOf(auth, { name: input.name, includeChildren: '1' }, [input.status]);
      const { records, total } = await scoped(auth, (tx) =>
        repo.page(tx, auth.tenantId, where, input.page, input.limit),
      );
      return {
        records: records.map((r) => ({
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
        size: input.limit,
        current: input.page,
        pages: Math.ceil(total / input.limit),
      };
    },

    /** Approve or reject pending applications (all or none), the reason kept; a rejection needs one. */
    examine,
  };
};
