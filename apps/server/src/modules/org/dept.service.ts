import type { TDept, TDeptNode } from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TAuth } from '../../http/context.js';
import { conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { resolveDataScope } from './data-scope.js';
import { deptRepository as repo } from './dept.repository.js';

const deptMissing = () => notFound('部门不存在或已删除');

type TDeptRow = Awaited<ReturnType<typeof repo.list>>[number];

/** Builds the tree from flat rows (rows whose parent is gone become roots, so none is lost). */
export const toDeptTree = (rows: TDeptRow[]): TDeptNode[] => {
  const nodes = new Map<number, TDeptNode>(
    rows.map((r) => [r.id, { ...r, childCount: 0, children: [] as TDeptNode[] }]),
  );
  const roots: TDeptNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) {
      parent.children.push(node);
      parent.childCount++;
    } else roots.push(node);
  }
  return roots;
};

export type TDeptService = ReturnType<typeof createDeptService>;

/** Departments (组织架构, issue 3): a tree per enterprise. */
export const createDeptService = (deps: { database: TDatabase }) => {
  const scoped = <T>(auth: TAuth, fn: Parameters<typeof withTenant<T>>[2]) =>
    withTenant(deps.database, auth.tenantId, fn);

  const flat = (auth: TAuth): Promise<TDept[]> =>
    scoped(auth, async (tx) => {
      const tree = toDeptTree(await repo.list(tx, auth.tenantId));
      const out: TDept[] = [];
      const walk = (list: TDeptNode[]) => {
        for (const { children, ...d } of list) {
          out.push(d);
          walk(children);
        }
      };
      walk(tree);
      return out;
    });

  return {
    list: async (auth: TAuth) => scoped(auth, async (tx) => toDeptTree(await repo.list(tx, auth.tenantId))),

    children: async (auth: TAuth, deptId: number) => {
      const all = await flat(auth);
      if (!all.some((d) => d.id === deptId)) throw deptMissing();
      return all.filter((d) => d.parentId === deptId);
    },

    get: async (auth: TAuth, id: number) => {
      const all = await flat(auth);
      const dept = all.find((d) => d.id === id);
      if (!dept) throw deptMissing();
      const path = await scoped(auth, (tx) => repo.ancestors(tx, auth.tenantId, id));
      const names = path.map((p) => p.name).reverse();
      return {
        ...dept,
        parentName: dept.parentId === null ? null : (all.find((d) => d.id === dept.parentId)?.name ?? null),
        path: names,
      };
    },

    create: async (auth: TAuth, input: { parentId: number; name: string; sort: number }) =>
      scoped(auth, async (tx) => {
        if (!(await repo.find(tx, auth.tenantId, input.parentId))) throw notFound('上级部门不存在或已删除');
        if (await repo.siblingNameTaken(tx, auth.tenantId, input.parentId, input.name)) {
          throw conflict(`同一上级部门下已有名为「${input.name}」的部门`);
        }
        const row = await repo.insert(tx, { tenantId: auth.tenantId, ...input });
        return { id: row.id, parentId: row.parentId, name: row.name, sort: row.sort, staffCount: 0, childCount: 0 };
      }),

    update: async (auth: TAuth, input: { id: number; name?: string; parentId?: number; sort?: number }) =>
      scoped(auth, async (tx) => {
        const dept = await repo.find(tx, auth.tenantId, input.id);
        if (!dept) throw deptMissing();
        const parentId = input.parentId ?? dept.parentId;
        if (input.parentId !== undefined && input.parentId !== dept.parentId) {
          if (input.parentId === dept.id) throw invalid('不能把部门移动到它自己下面');
          if (!(await repo.find(tx, auth.tenantId, input.parentId))) throw notFound('上级部门不存在或已删除');
          const chain = await repo.ancestors(tx, auth.tenantId, input.parentId);
          if (chain.some((a) => a.id === dept.id)) throw invalid('不能把部门移动到它的下级部门下面');
          // A move widens every 'dept and below' scope above the new parent (hardening item 5): a
          // non-administrator moves only a department he sees whole, under one he sees.
          const scope = await resolveDataScope(tx, auth);
          if (scope.kind !== 'all') {
            const moved = await repo.withDescendants(tx, auth.tenantId, [dept.id]);
            if (![...moved, input.parentId].every((id) => scope.deptIds.includes(id))) {
              throw forbidden('只能在您数据权限范围内的部门之间调整上级部门');
            }
          }
        }
        const name = input.name ?? dept.name;
        if (await repo.siblingNameTaken(tx, auth.tenantId, parentId, name, dept.id)) {
          throw conflict(`同一上级部门下已有名为「${name}」的部门`);
        }
        const row = (await repo.update(tx, auth.tenantId, dept.id, { name, parentId, sort: input.sort ?? dept.sort }))!;
        return {
          id: row.id,
          parentId: row.parentId,
          name: row.name,
          sort: row.sort,
          staffCount: await repo.staffCount(tx, auth.tenantId, row.id),
          childCount: await repo.childCount(tx, auth.tenantId, row.id),
        };
      }),

    /** Refused while the department has sub-departments or staff (issue 3), and for the last root. */
    remove: async (auth: TAuth, id: number) =>
      scoped(auth, async (tx) => {
        const dept = await repo.find(tx, auth.tenantId, id);
        if (!dept) throw deptMissing();
        const children = await repo.childCount(tx, auth.tenantId, id);
        if (children > 0) throw conflict(`该部门下还有${children}个下级部门，请先删除或移走下级部门`);
        const staff = await repo.staffCount(tx, auth.tenantId, id);
        if (staff > 0) throw conflict(`该部门下还有${staff}名员工，请先将员工调到其他部门`);
        if (dept.parentId === null && (await repo.liveRootCount(tx, auth.tenantId)) <= 1) {
          throw conflict('企业根部门不能删除');
        }
        await repo.softDelete(tx, auth.tenantId, id);
        return null;
      }),

    /** Department ids for a staff filter: the department, with its sub-departments when asked. */
    resolveFilter: async (auth: TAuth, deptId: number, includeChildren: boolean) =>
      scoped(auth, async (tx) => {
        if (!(await repo.find(tx, auth.tenantId, deptId))) throw deptMissing();
        return includeChildren ? repo.withDescendants(tx, auth.tenantId, [deptId]) : [deptId];
      }),
  };
};
