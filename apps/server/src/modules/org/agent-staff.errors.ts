import { defineErrors } from '../../http/errors.js';

/** The agent's own staff and roles: the walls beyond the org area's staff and role rules. */
export const agentStaffErrors = defineErrors('agentStaff', {
  notAgent: ['forbidden', '只有代理商账号可以管理代理商的员工和角色'],
  targetWider: ['forbidden', '不能修改权限超出您自己权限的员工'],
  noDept: ['conflict', '代理商缺少根部门，请联系平台处理'],
  ownRole: ['conflict', '不能修改或停用您自己持有的角色，请由其他管理员操作'],
  ownRoles: ['conflict', '不能修改自己的角色，请由其他管理员操作'],
});
