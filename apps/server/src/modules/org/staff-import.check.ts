import type { TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import type { TAuth } from '../../http/context.js';
import { normaliseImportMobile } from '../../import/cells.js';
import { firstSeen, type TImportCells } from '../../import/sheet.js';
import { grantorOf, roleScopeExcess, scopeOfRoles, type TGrantor, widensBeyond } from './data-scope.js';
import { deptRepository } from './dept.repository.js';
import { toDeptTree } from './dept.service.js';
import { roleRepository } from './role.repository.js';

/** The template's columns; the reader finds them by header, in any order. */
export const staffImportColumns = [
  { key: 'username', header: '账号', isRequired: true, note: '4-32位字母、数字或下划线，以字母开头，全平台唯一' },
  { key: 'realName', header: '姓名', isRequired: true, note: '最多32个字', maxChars: 32 },
  { key: 'mobile', header: '手机号', isRequired: true, note: '11位手机号，全平台唯一' },
  { key: 'dept', header: '部门', isRequired: true, note: '部门名称；重名时填完整路径，如 公司/销售一部' },
  { key: 'roles', header: '角色', isRequired: false, note: '角色名称，多个用逗号或顿号分隔；可不填' },
] as const;

const accountRule = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
const mobileRule = /^1[3-9]\d{9}$/;

/**
 * One row as checked: what was typed (the mobile normalised once valid), and for a good row the
 * department and roles it names. `reasons` empty = the row can be imported, unless its account or
 * mobile is found taken on the platform (checked a chunk at a time).
 */
export type TCheckedStaff = {
  rowNo: number;
  username: string;
  realName: string;
  mobile: string;
  deptId: number;
  roleIds: number[];
  reasons: string[];
};

const isAdminOf = (auth: TAuth) => auth.isAdmin || auth.isSuper;

/** Department look-up by full path (公司/销售一部) or by a name that is unique in the tenant. */
const deptLookup = async (tx: TDb, auth: TAuth, scope: TDataScope) => {
  const byKey = new Map<string, number | 'ambiguous'>();
  const walk = (nodes: ReturnType<typeof toDeptTree>, prefix: string) => {
    for (const n of nodes) {
      const path = prefix ? `${prefix}/${n.name}` : n.name;
      byKey.set(path, n.id);
      if (n.name !== path) byKey.set(n.name, byKey.has(n.name) ? 'ambiguous' : n.id);
      walk(n.children, path);
    }
  };
  walk(toDeptTree(await deptRepository.list(tx, auth.tenantId)), '');
  const inScope = (id: number) => scope.kind === 'all' || scope.deptIds.includes(id);
  return (text: string): { id: number } | { reason: string } => {
    const key = text.replace(/\s*[/／]\s*/g, '/');
    const hit = byKey.get(key);
    if (hit === undefined) return { reason: `部门「${text}」不存在` };
    if (hit === 'ambiguous') return { reason: `部门名称「${text}」不唯一，请填写完整路径，如 公司/${text}` };
    if (!inScope(hit)) return { reason: `部门「${text}」不在您的数据权限范围内` };
    return { id: hit };
  };
};

/** Role look-up by name: active, and no more than the importer may hand out himself. */
const roleLookup = async (tx: TDb, auth: TAuth, grantor: TGrantor) => {
  const isAdmin = isAdminOf(auth);
  const byName = await roleRepository.byName(tx, auth.tenantId);
  const perms = new Map((await roleRepository.list(tx, auth.tenantId, {})).map((r) => [r.id, r.permissions] as const));
  // Nor a data scope wider than the importer's own (rule a of data-scope.ts).
  const excessOf = new Map<number, string | null>();
  if (!isAdmin) {
    for (const r of byName.values()) {
      const deptIds = r.dataScope === 'custom' ? await roleRepository.deptIds(tx, auth.tenantId, [r.id]) : [];
      excessOf.set(r.id, roleScopeExcess(grantor, { ...r, deptIds }));
    }
  }
  const find = (text: string): { ids: number[] } | { reason: string } => {
    const names = [...new Set(text.split(/[,，、;；]/).map((s) => s.trim()))].filter(Boolean);
    const ids: number[] = [];
    for (const name of names) {
      const role = byName.get(name);
      if (!role) return { reason: `角色「${name}」不存在` };
      if (role.status !== 'active') return { reason: `角色「${name}」已停用` };
      if (!isAdmin && role.isAdmin) return { reason: '只有管理员可以分配管理员角色' };
      if (!isAdmin && (perms.get(role.id) ?? []).some((p) => !auth.permissions.has(p))) {
        return { reason: `角色「${name}」的权限超出您自己的权限` };
      }
      const excess = excessOf.get(role.id);
      if (excess) return { reason: excess };
      ids.push(role.id);
    }
    return { ids };
  };
  return { find, byId: new Map([...byName.values()].map((r) => [r.id, r])) };
};

/**
 * The staff rules of one import, read once in `tx`: each row's cells, repeats within the file, the
 * department by name within the importer's data scope, the roles he may hand out, and (rule b of
 * data-scope.ts) that the new person would see no more than the importer does.
 */
export const staffRowChecker = async (
  tx: TDb,
  auth: TAuth,
  scope: TDataScope,
  scoped: <T>(fn: (tx: TDb) => Promise<T>) => Promise<T>,
) => {
  const grantor = await grantorOf(tx, auth);
  const findDept = await deptLookup(tx, auth, scope);
  const roles = await roleLookup(tx, auth, grantor);
  const repeatOf = { username: firstSeen(), mobile: firstSeen() };
  // What the new person would see in his department, once per department and roles.
  const widening = new Map<string, boolean>();
  const widens = async (deptId: number, roleIds: number[]) => {
    if (isAdminOf(auth)) return false;
    const key = `${deptId}:${roleIds.join(',')}`;
    if (!widening.has(key)) {
      const held = roleIds.map((id) => roles.byId.get(id)!);
      const after = await scoped((t) => scopeOfRoles(t, auth.tenantId, { userId: 0, deptId }, held));
      widening.set(key, widensBeyond(grantor, undefined, after));
    }
    return widening.get(key)!;
  };

  return async ({ rowNo, cell }: TImportCells): Promise<TCheckedStaff> => {
    const reasons: string[] = [];
    const username = cell('username');
    const realName = cell('realName');
    const typedMobile = cell('mobile');
    const mobile = normaliseImportMobile(typedMobile);
    const deptText = cell('dept');
    for (const c of staffImportColumns) if (c.isRequired && cell(c.key) === '') reasons.push(`${c.header}为空`);
    if (username && !accountRule.test(username)) reasons.push('账号须为4-32位字母、数字或下划线，以字母开头');
    if (realName.length > 32) reasons.push('姓名最多32个字');
    if (mobile && !mobileRule.test(mobile)) reasons.push(`手机号「${typedMobile}」格式不正确`);
    const firstUser = username ? repeatOf.username(username.toLowerCase(), rowNo) : null;
    if (firstUser !== null) reasons.push(`账号与第${firstUser}行重复`);
    const firstMobile = mobile ? repeatOf.mobile(mobile, rowNo) : null;
    if (firstMobile !== null) reasons.push(`手机号与第${firstMobile}行重复`);
    const dept = deptText ? findDept(deptText) : null;
    if (dept && 'reason' in dept) reasons.push(dept.reason);
    const found = roles.find(cell('roles'));
    if ('reason' in found) reasons.push(found.reason);
    const deptId = dept && 'id' in dept ? dept.id : 0;
    const roleIds = 'ids' in found ? found.ids : [];
    if (reasons.length === 0 && (await widens(deptId, roleIds))) {
      reasons.push('该员工在此部门担任这些角色能看到的数据超出您自己的数据权限');
    }
    return {
      rowNo,
      username,
      realName,
      mobile: reasons.length ? typedMobile : mobile,
      deptId,
      roleIds,
      reasons,
    };
  };
};
