import { jxsRoleName, jxsRolePermissions } from '@yunhu/contract';
import { eq } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { agentDistributors } from '../modules/agent/agent-jxs.schema.js';
import { agentStockRepository } from '../modules/agent/agent-stock.repository.js';
import { createAgentTenant } from '../modules/org/index.js';
import { departments, userRoles, users } from '../modules/org/org.schema.js';
import { pinyinOf } from '../modules/org/pinyin.js';
import { roleRepository } from '../modules/org/role.repository.js';

type TLogin = { username: string; mobile: string; realName: string };

/**
 * The reseller chain of the demo: an agent (代理商) as the platform creates it, with every active line
 * opened, and one distributor (经销商) of it, as the agent's 经销商管理 makes one — each a sign-in
 * of the README's table, its password already its own (no first-sign-in change for a demo login).
 */
export const seedResellers = async (
  tx: TDb,
  logins: { agent: TLogin; distributor: TLogin },
  hashes: Map<string, string>,
  platformUserId: number,
): Promise<void> => {
  const { agent, distributor } = logins;
  const made = await createAgentTenant(tx, {
    name: '杭州云帆通信代理有限公司',
    contactName: agent.realName,
    mobile: agent.mobile,
    username: agent.username,
    passwordHash: hashes.get(agent.username)!,
    mustChangePassword: false,
  });
  await agentStockRepository.openAll(tx, made.tenantId, platformUserId);
  const [dept] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(eq(departments.tenantId, made.tenantId))
    .limit(1);
  const role = await roleRepository.insert(tx, {
    tenantId: made.tenantId,
    name: jxsRoleName,
    remark: '经销商账号：我的企业、邀请码、月度使用、解锁名单',
    dataScope: 'self',
    isAdmin: false,
    permissions: [...jxsRolePermissions],
  });
  const [user] = await tx
    .insert(users)
    .values({
      tenantId: made.tenantId,
      username: distributor.username,
      mobile: distributor.mobile,
      passwordHash: hashes.get(distributor.username)!,
      realName: distributor.realName,
      ...pinyinOf(distributor.realName),
      deptId: dept!.id,
      jobNumber: '0002',
    })
    .returning();
  await tx.insert(userRoles).values({ userId: user!.id, roleId: role.id, tenantId: made.tenantId });
  await tx.insert(agentDistributors).values({
    agentId: made.tenantId,
    userId: user!.id,
    name: '西湖区经销商',
    contactName: distributor.realName,
    mobile: distributor.mobile,
    inviteCode: 'XHJXDEM526',
    createdBy: made.userId,
    createdByName: agent.realName,
  });
};
