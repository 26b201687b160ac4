import { z } from 'zod';
import { ZIdName, ZMobile, ZNull, ZPageQuery, ZPassword, ZTime, zBoolean, zInt, zPage, zString } from './http.js';
import { ZImportProgress, zImportPreview } from './import.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { ZAccount, ZRealName, zId, zIds, zMobileFragment } from './org-common.js';
import { staffStatuses } from './org-staff-labels.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';
import { seatStates } from './seat-labels.js';

export { staffStatuses, staffStatusLabel } from './org-staff-labels.js';

const route = routesOf('org');

export const ZStaffStatus = z.enum(staffStatuses);

const ZRoleIds = z
  .array(zId('角色编号'), { error: '角色列表格式不正确' })
  .max(20, '一个员工最多20个角色')
  .transform((ids) => [...new Set(ids)]);

export const ZStaff = z.object({
  id: zInt,
  username: zString,
  realName: zString,
  /** Masked in lists (spec section 3); the detail answers the full number. */
  mobile: zString,
  jobNumber: zString,
  deptId: zInt.nullable(),
  deptName: zString.nullable(),
  roles: z.array(ZIdName),
  status: ZStaffStatus,
  billingEnabled: zBoolean,
  lastLoginAt: ZTime.nullable(),
  createdAt: ZTime,
});
export type TStaff = z.infer<typeof ZStaff>;

/** A seat the person holds, as his detail shows it (坐席管理 has the whole seat). */
export const ZStaffSeat = z.object({
  id: zInt,
  lineId: zInt,
  lineName: zString,
  /** 2 soft-phone, 0 carrier call-back, others app dialing (DESIGN.md section 4). */
  lineMode: zInt,
  state: z.enum(seatStates),
  startAt: ZTime,
  expireAt: ZTime,
  autoRenewal: zBoolean,
});
export type TStaffSeat = z.infer<typeof ZStaffSeat>;

/** 员工详情: the staff record and what the detail shows beside it. */
export const ZStaffDetail = ZStaff.extend({
  headUrl: zString.nullable(),
  /** Set by someone else and not yet changed by him at a sign-in. */
  mustChangePassword: zBoolean,
  seats: z.array(ZStaffSeat),
  /** His soft-phone: whether a valid soft-phone seat lets him go online, and until when he is registered. */
  softphone: z.object({ hasSeat: zBoolean, isOnline: zBoolean, onlineUntil: ZTime.nullable() }),
});
export type TStaffDetail = z.infer<typeof ZStaffDetail>;

/** Filters of the staff list and of its export. */
export const ZStaffFilter = z.object({
  /** Name, account, or the name's pinyin: 张三 matches `zs` and `zhangsan` (DESIGN.md section 7). */
  name: z.string().trim().max(32, '姓名最多32个字').optional(),
  /** Any 4 or more digits of the mobile. */
  mobile: zMobileFragment(),
  deptId: zId('部门编号').optional(),
  /** With deptId: also staff of its sub-departments (default) or only of the department itself. */
  includeChildren: z.enum(['0', '1'], { error: '是否包含下级部门只能是0或1' }).default('1'),
  roleId: zId('角色编号').optional(),
  status: z.enum(['active', 'disabled'], { error: '员工状态只能是正常或已停用' }).optional(),
});
export type TStaffFilter = z.infer<typeof ZStaffFilter>;

export const ZImportState = ZImportProgress.extend({
  /** previewed: checked, waiting for confirm; running: writing; done; failed. */
  status: z.enum(['previewed', 'running', 'done', 'failed']),
  imported: zInt,
  /** Valid rows whose account or mobile was taken between preview and confirm (in the result file with why). */
  skipped: zInt,
});
export type TImportState = z.infer<typeof ZImportState>;

export const ZApplication = z.object({
  id: zInt,
  username: zString,
  realName: zString,
  mobile: zString,
  deptId: zInt.nullable(),
  deptName: zString.nullable(),
  status: z.enum(['pending', 'rejected']),
  reason: zString,
  examinedAt: ZTime.nullable(),
  createdAt: ZTime,
});

const ZExamine = {
  pass: z.boolean({ error: '请选择通过或驳回' }),
  reason: z.string().trim().max(200, '原因最多200个字').default(''),
  /** On approval: the department and roles the applicant gets (kept as applied when absent). */
  deptId: zId('部门编号').optional(),
  roleIds: ZRoleIds.optional(),
};

/** A staged staff import, named by its batch: import.ts's ZImportBatchRef, but a missing batch says 请指定导入批次. */
const ZStaffImportBatch = z.object({ batchId: z.string({ error: '请指定导入批次' }).uuid('导入批次不正确') });

export const orgStaffRoutes = {
  staffPage: route({
    method: 'GET',
    path: '/base/sys/user/page',
    summary: '员工列表',
    permission: Perm.staffList,
    request: ZPageQuery.extend(ZStaffFilter.shape),
    response: zPage(ZStaff),
  }),
  staffInfo: route({
    method: 'GET',
    path: '/base/sys/user/queryStaffInfo',
    readOnly: true,
    summary: '员工详情',
    permission: Perm.staffList,
    request: z.object({ id: zId('员工编号') }),
    response: ZStaff,
  }),
  /** The administrator's or manager's view of one person: record, seats and lines, soft-phone state. */
  staffDetail: route({
    method: 'GET',
    path: '/base/sys/user/userDetail',
    readOnly: true,
    summary: '员工详情（含坐席）',
    permission: Perm.staffList,
    request: z.object({ id: zId('员工编号') }),
    response: ZStaffDetail,
  }),
  /** The signed-in person's own staff record (job number, department, roles), whatever his permissions. */
  staffInfoOfUser: route({
    method: 'GET',
    path: '/base/sys/user/queryStaffInfoByUser',
    readOnly: true,
    summary: '本人员工信息',
    request: z.object({}),
    response: ZStaff,
  }),
  staffAdd: route({
    method: 'POST',
    path: '/base/sys/user/add',
    summary: '新增员工',
    permission: Perm.staffAdd,
    audited: true,
    request: z.object({
      username: ZAccount,
      realName: ZRealName,
      mobile: ZMobile,
      deptId: zId('部门编号'),
      roleIds: ZRoleIds.default([]),
      /** Absent: a random initial password is made and answered once. */
      password: ZPassword.optional(),
      billingEnabled: zBoolean.default(true),
    }),
    response: z.object({ id: zInt, initialPassword: zString.nullable() }),
  }),
  staffUpdate: route({
    method: 'POST',
    path: '/base/sys/user/updateStaffInfo',
    summary: '修改员工',
    permission: Perm.staffUpdate,
    audited: true,
    request: z.object({
      id: zId('员工编号'),
      realName: ZRealName.optional(),
      /** The mobile is a sign-in: it changes only through `staffMobile`, with its checks. */
      mobile: z
        .unknown()
        .refine((v) => v === undefined, '手机号请通过「修改手机号」单独修改')
        .optional(),
      deptId: zId('部门编号').optional(),
      roleIds: ZRoleIds.optional(),
    }),
    response: ZNull,
  }),
  /** The administrator changes a person's mobile without the SMS code `update-phone` asks of oneself. */
  staffMobile: route({
    method: 'POST',
    path: '/base/sys/user/update-phone-admin',
    summary: '修改员工手机号',
    permission: Perm.staffUpdate,
    audited: true,
    request: z.object({ id: zId('员工编号'), mobile: ZMobile }),
    response: ZNull,
  }),
  staffStatus: route({
    method: 'POST',
    path: '/base/sys/user/update-status',
    summary: '启用或停用员工',
    permission: Perm.staffStatus,
    audited: true,
    request: z.object({
      ids: zIds('员工编号'),
      status: z.enum(['active', 'disabled'], { error: '员工状态只能是正常或已停用' }),
    }),
    response: ZNull,
  }),
  staffDelete: route({
    method: 'POST',
    path: '/base/sys/user/delete',
    summary: '删除员工',
    permission: Perm.staffDelete,
    audited: true,
    request: z.object({ ids: zIds('员工编号') }),
    response: ZNull,
  }),
  staffBatchDeptRole: route({
    method: 'POST',
    path: '/base/sys/user/batch-update-dept-role',
    summary: '批量修改部门和角色',
    permission: Perm.staffUpdate,
    audited: true,
    request: z.object({ ids: zIds('员工编号'), deptId: zId('部门编号').optional(), roleIds: ZRoleIds.optional() }),
    response: ZNull,
  }),
  staffExport: route({
    method: 'POST',
    path: '/base/sys/user/exportStaffInfo',
    summary: '导出员工',
    permission: Perm.staffExport,
    audited: true,
    result: 'blob',
    request: ZStaffFilter,
    response: z.unknown(),
  }),
  staffImportTemplate: route({
    method: 'GET',
    path: '/base/sys/user/import-template',
    readOnly: true,
    summary: '下载员工导入模板',
    permission: Perm.staffImport,
    result: 'blob',
    request: z.object({}),
    response: z.unknown(),
  }),
  /** The check: every row staged with its reason, the first bad rows listed (`importListedRows`), nothing written. */
  staffImport: route({
    method: 'POST',
    path: '/base/sys/user/import-plus',
    summary: '导入员工（预览）',
    permission: Perm.staffImport,
    audited: true,
    body: 'multipart',
    request: z.object({}),
    response: zImportPreview(ZImportState),
  }),
  staffImportConfirm: route({
    method: 'POST',
    path: '/base/sys/user/confirm-import-plus',
    summary: '确认导入员工',
    permission: Perm.staffImport,
    audited: true,
    request: ZStaffImportBatch,
    response: ZImportState,
  }),
  staffImportState: route({
    method: 'POST',
    path: '/base/sys/user/queryStaffState',
    readOnly: true,
    summary: '导入进度',
    permission: Perm.staffImport,
    request: ZStaffImportBatch,
    response: ZImportState,
  }),
  /** Every row of the file with its reason or outcome, as xlsx: after the preview, and after the confirm. */
  staffImportReport: route({
    method: 'GET',
    path: '/base/sys/user/import-report',
    readOnly: true,
    summary: '下载员工导入结果',
    permission: Perm.staffImport,
    result: 'blob',
    request: ZStaffImportBatch,
    response: z.unknown(),
  }),
  billing: route({
    method: 'POST',
    path: '/base/sys/user/enable-user-billing',
    summary: '员工计费开关',
    permission: Perm.staffBilling,
    audited: true,
    request: z.object({ userId: zId('员工编号'), enabled: z.boolean({ error: '请选择开启或关闭计费' }) }),
    response: ZNull,
  }),
  billingBatch: route({
    method: 'POST',
    path: '/base/sys/user/enable-user-billing-batch',
    summary: '批量员工计费开关',
    permission: Perm.staffBilling,
    audited: true,
    request: z.object({ userIds: zIds('员工编号'), enabled: z.boolean({ error: '请选择开启或关闭计费' }) }),
    response: ZNull,
  }),
  billingGet: route({
    method: 'GET',
    path: '/base/sys/user/get-admin-billing',
    readOnly: true,
    summary: '查询员工计费状态',
    permission: Perm.staffList,
    /** Absent userId: the signed-in user's own switch. */
    request: z.object({ userId: zId('员工编号').optional() }),
    response: z.object({ userId: zInt, billingEnabled: zBoolean }),
  }),
  adminPassword: route({
    method: 'POST',
    path: '/base/sys/user/admin-update-password',
    summary: '重置员工密码',
    permission: Perm.staffPassword,
    audited: true,
    request: z.object({ userId: zId('员工编号'), password: ZPassword.optional() }),
    /** The new password when the server made it (answered once), else null. */
    response: z.object({ password: zString.nullable() }),
  }),
  applyPage: route({
    method: 'GET',
    path: '/base/sys/user/apply-page',
    summary: '员工申请列表',
    permission: Perm.applyList,
    request: ZPageQuery.extend({
      status: z.enum(['pending', 'rejected'], { error: '申请状态只能是待审核或已驳回' }).default('pending'),
      name: z.string().trim().max(32, '姓名最多32个字').optional(),
    }),
    response: zPage(ZApplication),
  }),
  examine: route({
    method: 'POST',
    path: '/base/sys/user/examine',
    summary: '审核员工申请',
    permission: Perm.applyExamine,
    audited: true,
    request: z.object({ id: zId('申请编号'), ...ZExamine }),
    response: ZNull,
  }),
  batchExamine: route({
    method: 'POST',
    path: '/base/sys/user/batch-examine',
    summary: '批量审核员工申请',
    permission: Perm.applyExamine,
    audited: true,
    request: z.object({ ids: zIds('申请编号'), ...ZExamine }),
    response: ZNull,
  }),
};

/** 员工管理 and 员工申请 (in the 企业管理 folder). */
export const staffMenuNodes: TMenuNode[] = [
  menuScreen('7020', '员工管理', 'account/staffManage', 'UserOutlined', Perm.staffList, [
    menuButton('702001', '新增员工', Perm.staffAdd),
    menuButton('702002', '编辑员工', Perm.staffUpdate),
    menuButton('702003', '启用停用', Perm.staffStatus),
    menuButton('702004', '删除员工', Perm.staffDelete),
    menuButton('702005', '导出员工', Perm.staffExport),
    menuButton('702006', '导入员工', Perm.staffImport),
    menuButton('702007', '计费开关', Perm.staffBilling),
    menuButton('702008', '重置密码', Perm.staffPassword),
  ]),
  menuScreen('7030', '员工申请', 'company/applyFor', 'AuditOutlined', Perm.applyList, [
    menuButton('703001', '审核申请', Perm.applyExamine),
  ]),
];
