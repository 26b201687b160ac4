import { defineErrors } from '../../http/errors.js';

/** The organisation's errors: the own profile, departments, roles and staff. */
export const orgErrors = defineErrors('org', {
  userMissing: ['notFound', '用户不存在'],
  /** An invitation code no agent holds (spec section 8: a 500 the web shows beside the field, not as a toast). */
  agentNotFound: ['internal', '邀请码对应的代理商不存在'],
  headNotUploaded: ['invalid', '头像须为本企业上传的图片'],
  mobileTaken: ['conflict', '该手机号已被其他账号使用'],

  deptMissing: ['notFound', '部门不存在或已删除'],
  parentMissing: ['notFound', '上级部门不存在或已删除'],
  deptNameTaken: ['conflict', (name: string) => `同一上级部门下已有名为「${name}」的部门`],
  deptUnderItself: ['invalid', '不能把部门移动到它自己下面'],
  deptUnderChild: ['invalid', '不能把部门移动到它的下级部门下面'],
  deptMoveOutOfScope: ['forbidden', '只能在您数据权限范围内的部门之间调整上级部门'],
  deptHasChildren: ['conflict', (n: number) => `该部门下还有${n}个下级部门，请先删除或移走下级部门`],
  deptHasStaff: ['conflict', (n: number) => `该部门下还有${n}名员工，请先将员工调到其他部门`],
  rootDept: ['conflict', '企业根部门不能删除'],

  roleMissing: ['notFound', '角色不存在或已删除'],
  unknownPermissions: ['invalid', (perms: string) => `未知的权限标识：${perms}`],
  permissionsNotHeld: ['forbidden', (perms: string) => `不能授予您自己没有的权限：${perms}`],
  customScopeEmpty: ['invalid', '数据权限为指定部门时，请至少选择一个部门'],
  /** A role's data scope wider than the editor's own; the text is data-scope.ts `roleScopeExcess`. */
  roleScopeWider: ['forbidden', (excess: string) => excess],
  adminRoleFixed: ['conflict', '管理员角色拥有全部权限和全部数据，不能修改其权限'],
  roleNameTaken: ['conflict', (name: string) => `角色「${name}」已存在`],
  adminRoleKept: ['conflict', '管理员角色不能删除'],
  roleInUse: ['conflict', (n: number) => `该角色下还有${n}名员工，请先为他们更换角色后再删除`],
  ownLastAdminRole: ['conflict', '不能停用您自己唯一的管理员角色'],
  scopeWidened: ['forbidden', '调整后相关员工能看到的数据将超出您自己的数据权限，请联系管理员'],

  staffMissing: ['notFound', '员工不存在或已删除'],
  adminUntouchable: ['forbidden', '不能修改管理员的账号'],
  deptOutOfScope: ['forbidden', '只能把员工安排到您数据权限范围内的部门'],
  roleDisabled: ['invalid', (name: string) => `角色「${name}」已停用，不能分配`],
  adminRoleByAdmin: ['forbidden', '只有管理员可以分配管理员角色'],
  rolePermissionsWider: ['forbidden', '不能分配权限超出您自己权限的角色'],
  roleAssignWider: ['forbidden', (excess: string) => `不能分配：${excess}`],
  ownLastAdmin: ['conflict', '不能移除您自己的最后一个管理员角色'],
  usernameTaken: ['conflict', (username: string) => `账号「${username}」已被使用`],
  staffMobileTaken: ['conflict', (mobile: string) => `手机号${mobile}已被其他账号使用`],
  sameMobile: ['invalid', '新手机号与原手机号相同'],
  ownMobileByCode: ['invalid', '修改本人手机号请到个人中心，验证新手机号后修改'],
  accountTaken: ['conflict', '账号或手机号已被使用'],
  reasonMissing: ['invalid', '请填写驳回原因'],
  applicationMissing: ['notFound', '申请不存在或已处理'],
  disableSelf: ['conflict', '不能停用自己的账号'],
  deleteSelf: ['conflict', '不能删除自己的账号'],
  nothingToChange: ['invalid', '请选择要修改的部门或角色'],

  onboardingAdminOnly: ['forbidden', '开通进度只有企业管理员可以查看'],
});
