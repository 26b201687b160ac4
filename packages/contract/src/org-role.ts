import { z } from 'zod';
import { ZNull, ZTime, zBoolean, zInt, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { ZDataScope, zId } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

const route = routesOf('org');

const ZRoleName = z.string({ error: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(32, '角色名称最多32个字');
const ZRemark = z.string().trim().max(200, '备注最多200个字');
const ZPermList = z
  .array(z.string().max(64, '权限标识不正确'), { error: '权限列表格式不正确' })
  .max(500, '权限过多')
  .transform((p) => [...new Set(p)]);
const ZDeptIds = z
  .array(zId('部门编号'), { error: '部门列表格式不正确' })
  .max(1000, '部门过多')
  .transform((ids) => [...new Set(ids)]);

export const ZRole = z.object({
  id: zInt,
  name: zString,
  remark: zString,
  dataScope: ZDataScope,
  isAdmin: zBoolean,
  status: z.enum(['active', 'disabled']),
  permissions: z.array(zString),
  userCount: zInt,
  createdAt: ZTime,
});
export type TRole = z.infer<typeof ZRole>;

const ZRoleRef = z.object({ roleId: zId('角色编号') });

export const orgRoleRoutes = {
  roleList: route({
    method: 'GET',
    path: '/base/sys/role/list',
    readOnly: true,
    summary: '角色列表',
    permission: Perm.roleList,
    request: z.object({
      name: z.string().trim().max(32, '角色名称最多32个字').optional(),
      status: z.enum(['active', 'disabled'], { error: '角色状态不正确' }).optional(),
    }),
    response: z.array(ZRole),
  }),
  roleSave: route({
    method: 'POST',
    path: '/base/sys/role/savaRole',
    summary: '新增角色',
    permission: Perm.roleAdd,
    audited: true,
    request: z.object({
      name: ZRoleName,
      remark: ZRemark.default(''),
      dataScope: ZDataScope.default('self'),
      permissions: ZPermList.default([]),
      deptIds: ZDeptIds.default([]),
    }),
    response: ZRole,
  }),
  roleUpdate: route({
    method: 'POST',
    path: '/base/sys/role/updateRole',
    summary: '修改角色',
    permission: Perm.roleUpdate,
    audited: true,
    request: z.object({
      id: zId('角色编号'),
      name: ZRoleName.optional(),
      remark: ZRemark.optional(),
      dataScope: ZDataScope.optional(),
      permissions: ZPermList.optional(),
      deptIds: ZDeptIds.optional(),
    }),
    response: ZRole,
  }),
  roleDelete: route({
    method: 'POST',
    path: '/base/sys/role/delByRoleId',
    summary: '删除角色',
    permission: Perm.roleDelete,
    audited: true,
    request: z.object({ id: zId('角色编号') }),
    response: ZNull,
  }),
  roleMenu: route({
    method: 'GET',
    path: '/base/sys/role/queryRoleMenu',
    readOnly: true,
    summary: '角色菜单权限',
    permission: Perm.roleList,
    request: ZRoleRef,
    response: z.object({ roleId: zInt, isAdmin: zBoolean, permissions: z.array(zString) }),
  }),
  roleMenuSave: route({
    method: 'POST',
    path: '/base/sys/role/savaRoleMenu',
    summary: '保存角色菜单权限',
    permission: Perm.roleUpdate,
    audited: true,
    request: z.object({ roleId: zId('角色编号'), permissions: ZPermList }),
    response: ZNull,
  }),
  roleDept: route({
    method: 'GET',
    path: '/base/sys/role/queryRoleDept',
    readOnly: true,
    summary: '角色数据权限',
    permission: Perm.roleList,
    request: ZRoleRef,
    response: z.object({ roleId: zInt, dataScope: ZDataScope, deptIds: z.array(zInt) }),
  }),
  roleDeptSave: route({
    method: 'POST',
    path: '/base/sys/role/savaRoleDept',
    summary: '保存角色数据权限',
    permission: Perm.roleUpdate,
    audited: true,
    request: z.object({ roleId: zId('角色编号'), dataScope: ZDataScope, deptIds: ZDeptIds.default([]) }),
    response: ZNull,
  }),
  roleDisable: route({
    method: 'POST',
    path: '/base/sys/role/disable',
    summary: '启用或停用角色',
    permission: Perm.roleUpdate,
    audited: true,
    request: z.object({
      id: zId('角色编号'),
      status: z.enum(['active', 'disabled'], { error: '角色状态只能是启用或停用' }).default('disabled'),
    }),
    response: ZNull,
  }),
  roleUserCount: route({
    method: 'GET',
    path: '/base/sys/role/getRoleUserCount',
    readOnly: true,
    summary: '角色用户数',
    permission: Perm.roleList,
    request: ZRoleRef,
    response: z.object({ roleId: zInt, count: zInt }),
  }),
};

/** 角色权限 (in the 企业管理 folder). */
export const roleMenuNodes: TMenuNode[] = [
  menuScreen('7040', '角色权限', 'company/permissions', 'SafetyOutlined', Perm.roleList, [
    menuButton('704001', '新增角色', Perm.roleAdd),
    menuButton('704002', '编辑角色', Perm.roleUpdate),
    menuButton('704003', '删除角色', Perm.roleDelete),
  ]),
];
