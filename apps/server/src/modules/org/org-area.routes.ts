import type { deptRoutes, roleRoutes, staffRoutes } from '@yunhu/contract';
import type { THandlers } from '../../http/bind.js';
import type { TOrgService } from './org.service.js';

export const deptHandlers = ({ dept }: TOrgService): THandlers<typeof deptRoutes> => ({
  deptList: (ctx) => dept.list(ctx.auth),
  deptChildren: (ctx) => dept.children(ctx.auth, ctx.input.deptId),
  deptGet: (ctx) => dept.get(ctx.auth, ctx.input.id),
  deptCreate: (ctx) => dept.create(ctx.auth, ctx.input),
  deptUpdate: (ctx) => dept.update(ctx.auth, ctx.input),
  deptDelete: (ctx) => dept.remove(ctx.auth, ctx.input.id),
});

export const roleHandlers = ({ role }: TOrgService): THandlers<typeof roleRoutes> => ({
  roleList: (ctx) => role.list(ctx.auth, ctx.input),
  roleSave: (ctx) => role.save(ctx.auth, ctx.input),
  roleUpdate: (ctx) => role.update(ctx.auth, ctx.input),
  roleDelete: (ctx) => role.remove(ctx.auth, ctx.input.id),
  roleMenu: (ctx) => role.menu(ctx.auth, ctx.input.roleId),
  roleMenuSave: (ctx) => role.saveMenu(ctx.auth, ctx.input),
  roleDept: (ctx) => role.dept(ctx.auth, ctx.input.roleId),
  roleDeptSave: (ctx) => role.saveDept(ctx.auth, ctx.input),
  roleDisable: (ctx) => role.setStatus(ctx.auth, ctx.input.id, ctx.input.status),
  roleUserCount: (ctx) => role.userCount(ctx.auth, ctx.input.roleId),
});

export const staffHandlers = ({ staff, staffImport }: TOrgService): THandlers<typeof staffRoutes> => ({
  staffPage: (ctx) => staff.page(ctx.auth, ctx.input),
  staffInfo: (ctx) => staff.info(ctx.auth, ctx.input.id),
  staffAdd: (ctx) => staff.add(ctx.auth, ctx.input),
  staffUpdate: (ctx) => staff.update(ctx.auth, ctx.input),
  staffStatus: (ctx) => staff.setStatus(ctx.auth, ctx.input.ids, ctx.input.status),
  staffDelete: (ctx) => staff.remove(ctx.auth, ctx.input.ids),
  staffBatchDeptRole: (ctx) => staff.batchDeptRole(ctx.auth, ctx.input),
  staffExport: (ctx) => staff.export(ctx.auth, ctx.input, ctx.reply),
  staffImportTemplate: (ctx) => staffImport.template(ctx.auth, ctx.reply),
  staffImport: async (ctx) => staffImport.preview(ctx.auth, await ctx.req.file()),
  staffImportConfirm: (ctx) => staffImport.confirm(ctx.auth, ctx.input.batchId),
  staffImportState: (ctx) => staffImport.state(ctx.auth, ctx.input.batchId),
  billing: (ctx) => staff.billing(ctx.auth, [ctx.input.userId], ctx.input.enabled),
  billingBatch: (ctx) => staff.billing(ctx.auth, ctx.input.userIds, ctx.input.enabled),
  billingGet: (ctx) => staff.billingGet(ctx.auth, ctx.input.userId),
  adminPassword: (ctx) => staff.adminPassword(ctx.auth, ctx.input.userId, ctx.input.password),
  applyPage: (ctx) => staff.applyPage(ctx.auth, ctx.input),
  examine: (ctx) => staff.examine(ctx.auth, { ...ctx.input, ids: [ctx.input.id] }),
  batchExamine: (ctx) => staff.examine(ctx.auth, ctx.input),
});
