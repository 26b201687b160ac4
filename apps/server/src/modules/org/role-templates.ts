import { CluePerm, enterprisePermissions, Perm, ResourcePerm, type TDataScopeKind } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { roleRepository } from './role.repository.js';

/** What an agent may do with customers: his own and the public pool, with masked mobiles (the demo's roles too). */
export const agentCrm = [
  Perm.customerList,
  Perm.customerAdd,
  Perm.customerUpdate,
  Perm.customerDelete,
  Perm.customerRelease,
  Perm.poolList,
  Perm.poolClaim,
  Perm.visitList,
  Perm.visitAdd,
];

/** An agent calls (soft-phone or call-back line), sees his records and figures, works his tasks. */
const agentCalling = [
  Perm.softphoneUse,
  Perm.callDial,
  Perm.callRecordList,
  Perm.callRecordPlay,
  Perm.callStatistics,
  Perm.taskCardWork,
];

export type TRoleTemplate = {
  name: string;
  remark: string;
  dataScope: TDataScopeKind;
  isAdmin: boolean;
  permissions: string[];
};

/**
 * The roles a new enterprise starts with: 管理员 holds everything an enterprise may hold;
 * 主管 runs his department and below (its staff, customers, calls, tasks); 坐席 works his own
 * customers and calls them. Ordinary roles afterwards: the enterprise edits or deletes them freely.
 */
export const roleTemplates = (): TRoleTemplate[] => [
  {
    name: '管理员',
    remark: '全部功能和全部数据',
    dataScope: 'all',
    isAdmin: true,
    permissions: enterprisePermissions(),
  },
  {
    name: '主管',
    remark: '管理本部门及以下的员工、客户、通话和任务',
    dataScope: 'dept_and_below',
    isAdmin: false,
    permissions: [
      Perm.logList,
      Perm.staffList,
      Perm.deptList,
      Perm.applyList,
      Perm.applyExamine,
      ...agentCrm,
      Perm.customerAllocate,
      Perm.customerTransfer,
      Perm.customerExport,
      Perm.customerImport,
      Perm.customerMobile,
      Perm.recycleList,
      Perm.recycleRecover,
      Perm.ownerLogList,
      Perm.visitDelete,
      ...agentCalling,
      Perm.callingList,
      Perm.seatList,
      Perm.blacklistList,
      Perm.blacklistIntercept,
      Perm.callRecordExport,
      Perm.callStatisticsExport,
      Perm.callWallboard,
      Perm.callListen,
      Perm.callWhisper,
      Perm.callBarge,
      Perm.taskCardList,
      Perm.taskCardManage,
      ResourcePerm.view,
      CluePerm.view,
      CluePerm.unlock,
      CluePerm.convert,
    ],
  },
  {
    name: '坐席',
    remark: '跟进和拨打自己的客户',
    dataScope: 'self',
    isAdmin: false,
    permissions: [...agentCrm, ...agentCalling, ResourcePerm.view, CluePerm.view, CluePerm.unlock, CluePerm.convert],
  },
];

/**
 * Gives an enterprise the template roles it lacks (by name), in the caller's transaction: at
 * registration, and again when the platform approves it (an enterprise registered before the
 * templates existed gets them then). A role the enterprise already has by that name is kept as it is.
 * Answers the administrator role's id.
 */
export const ensureRoleTemplates = async (tx: TDb, tenantId: number): Promise<number> => {
  // An administrator role under another name counts: a second one is not made beside it.
  const hasAdmin = (await roleRepository.adminRoleOf(tx, tenantId)) !== null;
  const missing = roleTemplates().filter((r) => !(r.isAdmin && hasAdmin));
  await roleRepository.insertMissing(
    tx,
    missing.map((r) => ({ tenantId, ...r })),
  );
  return (await roleRepository.adminRoleOf(tx, tenantId))!;
};
