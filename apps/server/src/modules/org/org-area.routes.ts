import type { crmRoutes, orgDeptRoutes, orgRoleRoutes, orgStaffRoutes } from '@yunhu/contract';
import { detached, type THandlers } from '../../http/bind.js';
import { streamXlsx } from '../../http/download.js';
import type { TOrgService } from './org.service.js';
import { staffColumns } from './staff.service.js';

export const deptHandlers = ({ dept }: TOrgService): THandlers<typeof orgDeptRoutes> => ({
  deptList: (ctx) => dept.list(ctx),
  deptChildren: (ctx) => dept.children(ctx, ctx.input.deptId),
  deptGet: (ctx) => dept.get(ctx, ctx.input.id),
  deptCreate: (ctx) => dept.create(ctx, ctx.input),
  deptUpdate: (ctx) => dept.update(ctx, ctx.input),
  deptDelete: (ctx) => dept.remove(ctx, ctx.input.id),
});

/** The CRM lists' 部门 filter: the departments are this area's, the route the CRM's table's. */
export const crmDeptHandlers = ({ dept }: TOrgService): Pick<THandlers<typeof crmRoutes>, 'deptOptions'> => ({
  deptOptions: (ctx) => dept.inScope(ctx),
});

export const roleHandlers = ({ role }: TOrgService): THandlers<typeof orgRoleRoutes> => ({
  roleList: (ctx) => role.list(ctx, ctx.input),
  roleSave: (ctx) => role.save(ctx, ctx.input),
  roleUpdate: (ctx) => role.update(ctx, ctx.input),
  roleDelete: (ctx) => role.remove(ctx, ctx.input.id),
  roleMenu: (ctx) => role.menu(ctx, ctx.input.roleId),
  roleMenuSave: (ctx) => role.saveMenu(ctx, ctx.input),
  roleDept: (ctx) => role.dept(ctx, ctx.input.roleId),
  roleDeptSave: (ctx) => role.saveDept(ctx, ctx.input),
  roleDisable: (ctx) => role.setStatus(ctx, ctx.input.id, ctx.input.status),
  roleUserCount: (ctx) => role.userCount(ctx, ctx.input.roleId),
});

export const staffHandlers = ({ staff, staffImport }: TOrgService): THandlers<typeof orgStaffRoutes> => ({
  staffPage: (ctx) => staff.page(ctx, ctx.input),
  staffInfo: (ctx) => staff.info(ctx, ctx.input.id),
  staffDetail: (ctx) => staff.detail(ctx, ctx.input.id),
  staffInfoOfUser: (ctx) => staff.own(ctx),
  staffAdd: (ctx) => staff.add(ctx, ctx.input),
  staffUpdate: (ctx) => staff.update(ctx, ctx.input),
  staffMobile: (ctx) => staff.changeMobile(ctx, ctx.input),
  staffStatus: (ctx) => staff.setStatus(ctx, ctx.input.ids, ctx.input.status),
  staffDelete: (ctx) => staff.remove(ctx, ctx.input.ids),
  staffBatchDeptRole: (ctx) => staff.batchDeptRole(ctx, ctx.input),
  staffExport: async (ctx) => {
    const { rows, fileName, sheetName } = await staff.export(ctx, ctx.input);
    return streamXlsx(rows, staffColumns, fileName, sheetName);
  },
  // The staff import's runner opens its own transactions and writes after answering: detached.
  staffImportTemplate: detached((ctx) => staffImport.template(ctx.auth)),
  staffImport: detached(async (ctx) => staffImport.preview(ctx.auth, await ctx.req.file(), ctx.scope)),
  staffImportConfirm: detached((ctx) => staffImport.confirm(ctx.auth, ctx.input.batchId, ctx.scope)),
  staffImportState: detached((ctx) => staffImport.state(ctx.auth, ctx.input.batchId)),
  staffImportReport: detached((ctx) => staffImport.report(ctx.auth, ctx.input.batchId)),
  billing: (ctx) => staff.billing(ctx, [ctx.input.userId], ctx.input.enabled),
  billingBatch: (ctx) => staff.billing(ctx, ctx.input.userIds, ctx.input.enabled),
  billingGet: (ctx) => staff.billingGet(ctx, ctx.input.userId),
  adminPassword: (ctx) => staff.adminPassword(ctx, ctx.input.userId, ctx.input.password),
  applyPage: (ctx) => staff.applyPage(ctx, ctx.input),
  examine: (ctx) => staff.examine(ctx, { ...ctx.input, ids: [ctx.input.id] }),
  batchExamine: (ctx) => staff.examine(ctx, ctx.input),
});
