import crypto from 'node:crypto';
import type { TDb } from '../../db/client.js';
import { orgRepository as repo } from './org.repository.js';
import { pinyinOf } from './pinyin.js';
import { ensureRoleTemplates } from './role-templates.js';

export type TEnterpriseTenantInput = {
  enterpriseName: string;
  realName: string;
  username: string;
  mobile: string;
  passwordHash: string;
  /** pending: registered, waiting for the platform's review; active: created by the platform. */
  status: 'pending' | 'active';
  /** The platform set the password: the administrator changes it at the first sign-in. */
  mustChangePassword?: boolean;
  /** The agent whose invitation code it registered with. */
  agentId?: number | null;
  /** The agent's distributor whose code it was (decision 0020 "Distributors"). */
  distributorId?: number | null;
};

/**
 * An enterprise's tenant, its root department, its 管理员 / 主管 / 坐席 roles (an agent role without
 * ticking ~80 boxes) and its administrator, in the caller's transaction.
 */
export const createEnterpriseTenant = async (tx: TDb, input: TEnterpriseTenantInput) => {
  let code = '';
  do code = `E${crypto.randomInt(100000, 999999)}`;
  while (await repo.tenantCodeTaken(tx, code));
  const tenant = await repo.insertTenant(tx, {
    code,
    name: input.enterpriseName,
    status: input.status,
    agentId: input.agentId ?? null,
    distributorId: input.distributorId ?? null,
    ...(input.status === 'active' ? { examinedAt: new Date() } : {}),
  });
  const dept = await repo.insertDepartment(tx, { tenantId: tenant.id, name: input.enterpriseName });
  const adminRoleId = await ensureRoleTemplates(tx, tenant.id);
  const userId = await insertFirstAdministrator(tx, {
    tenantId: tenant.id,
    deptId: dept.id,
    roleId: adminRoleId,
    realName: input.realName,
    username: input.username,
    mobile: input.mobile,
    passwordHash: input.passwordHash,
    mustChangePassword: input.mustChangePassword ?? false,
  });
  return { tenantId: tenant.id, tenantCode: code, userId };
};

/** An organisation's first user (job number 0001) in its root department, with its administrator role. */
export const insertFirstAdministrator = async (
  tx: TDb,
  input: {
    tenantId: number;
    deptId: number;
    roleId: number;
    realName: string;
    username: string;
    mobile: string;
    passwordHash: string;
    mustChangePassword: boolean;
  },
) => {
  const { roleId, ...fields } = input;
  const user = await repo.insertUser(tx, { ...fields, ...pinyinOf(input.realName), jobNumber: '0001' });
  await repo.grantRole(tx, { userId: user.id, roleId, tenantId: input.tenantId });
  return user.id;
};
