import crypto from 'node:crypto';
import { agentPermissions } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { insertFirstAdministrator } from './enterprise-tenant.js';
import { orgRepository as repo } from './org.repository.js';
import { roleRepository } from './role.repository.js';

// An agent (代理商) is an organisation like an enterprise: a tenant (kind 'agent'), its
// root department, an administrator role holding the agent console's strings (not an enterprise
// administrator: is_admin stays false, so no enterprise route answers it) and its first user.

const inviteAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * An invitation code without look-alikes (0/O, 1/I): read over the phone, typed by hand. An agent's
 * has 8 characters, a distributor's (agent area) 10, so the two kinds never collide.
 */
export const newInviteCode = (length: 8 | 10 = 8) =>
  Array.from({ length }, () => inviteAlphabet[crypto.randomInt(inviteAlphabet.length)]).join('');

export type TAgentTenantInput = {
  name: string;
  contactName: string;
  mobile: string;
  username: string;
  passwordHash: string;
  /** The platform set the password: its administrator changes it at the first sign-in, as staff do. */
  mustChangePassword?: boolean;
};

/** Creates the agent's tenant, department, role and administrator in the caller's transaction (the platform's, across tenants). */
export const createAgentTenant = async (tx: TDb, input: TAgentTenantInput) => {
  let code = '';
  do code = `A${crypto.randomInt(100000, 999999)}`;
  while (await repo.tenantCodeTaken(tx, code));
  let inviteCode = '';
  do inviteCode = newInviteCode();
  while (await repo.inviteCodeTaken(tx, inviteCode));
  const tenant = await repo.insertTenant(tx, {
    code,
    name: input.name,
    status: 'active',
    kind: 'agent',
    inviteCode,
    examinedAt: new Date(),
  });
  const dept = await repo.insertDepartment(tx, { tenantId: tenant.id, name: input.name });
  const role = await roleRepository.insert(tx, {
    tenantId: tenant.id,
    name: '代理商管理员',
    remark: '代理商后台的全部功能',
    dataScope: 'all',
    isAdmin: false,
    permissions: agentPermissions(),
  });
  const userId = await insertFirstAdministrator(tx, {
    tenantId: tenant.id,
    deptId: dept.id,
    roleId: role.id,
    realName: input.contactName,
    username: input.username,
    mobile: input.mobile,
    passwordHash: input.passwordHash,
    mustChangePassword: input.mustChangePassword ?? true,
  });
  return { tenantId: tenant.id, tenantCode: code, inviteCode, userId };
};
