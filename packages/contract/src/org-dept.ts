import { z } from 'zod';
import { ZNull, zInt, zString } from './http.js';
import { menuButton, menuScreen, type TMenuNode } from './menu.js';
import { zId } from './org-common.js';
import { Perm } from './permissions.js';
import { routesOf } from './route.js';

const route = routesOf('org');

const ZDeptName = z
  .string({ error: '请输入部门名称' })
  .trim()
  .min(1, '请输入部门名称')
  .max(32, '部门名称最多32个字')
  .refine((s) => !/[/\\]/.test(s), '部门名称不能包含斜杠');
const ZSort = z.coerce.number({ error: '排序须为数字' }).int('排序须为整数').min(0, '排序不能小于0').max(9999);

export const ZDept = z.object({
  id: zInt,
  parentId: zInt.nullable(),
  name: zString,
  sort: zInt,
  /** Staff directly in the department (not pending applicants' rejected or deleted accounts). */
  staffCount: zInt,
  childCount: zInt,
});
export type TDept = z.infer<typeof ZDept>;
export type TDeptNode = TDept & { children: TDeptNode[] };
export const ZDeptNode: z.ZodType<TDeptNode> = z.lazy(() => ZDept.extend({ children: z.array(ZDeptNode) }));

export const orgDeptRoutes = {
  deptList: route({
    method: 'GET',
    path: '/base/sys/dept/list',
    readOnly: true,
    summary: '部门树',
    permission: Perm.deptList,
    request: z.object({}),
    response: z.array(ZDeptNode),
  }),
  deptChildren: route({
    method: 'GET',
    path: '/base/sys/dept/queryDeptChildren',
    readOnly: true,
    summary: '下级部门',
    permission: Perm.deptList,
    request: z.object({ deptId: zId('部门编号') }),
    response: z.array(ZDept),
  }),
  deptGet: route({
    method: 'GET',
    path: '/base/sys/dept/getById',
    readOnly: true,
    summary: '部门详情',
    permission: Perm.deptList,
    request: z.object({ id: zId('部门编号') }),
    response: ZDept.extend({ parentName: zString.nullable(), path: z.array(zString) }),
  }),
  deptCreate: route({
    method: 'POST',
    path: '/base/sys/dept/create',
    summary: '新增部门',
    permission: Perm.deptAdd,
    audited: true,
    request: z.object({ parentId: zId('上级部门编号'), name: ZDeptName, sort: ZSort.default(0) }),
    response: ZDept,
  }),
  deptUpdate: route({
    method: 'POST',
    path: '/base/sys/dept/update',
    summary: '修改部门',
    permission: Perm.deptUpdate,
    audited: true,
    request: z.object({
      id: zId('部门编号'),
      name: ZDeptName.optional(),
      /** Moves the department under another one (never under itself or its own descendant). */
      parentId: zId('上级部门编号').optional(),
      sort: ZSort.optional(),
    }),
    response: ZDept,
  }),
  deptDelete: route({
    method: 'POST',
    path: '/base/sys/dept/deleteById',
    summary: '删除部门',
    permission: Perm.deptDelete,
    audited: true,
    request: z.object({ id: zId('部门编号') }),
    response: ZNull,
  }),
};

/** 组织架构 (in the 企业管理 folder). */
export const deptMenuNodes: TMenuNode[] = [
  menuScreen('7010', '组织架构', 'company/organization', 'ApartmentOutlined', Perm.deptList, [
    menuButton('701001', '新增部门', Perm.deptAdd),
    menuButton('701002', '编辑部门', Perm.deptUpdate),
    menuButton('701003', '删除部门', Perm.deptDelete),
  ]),
];
