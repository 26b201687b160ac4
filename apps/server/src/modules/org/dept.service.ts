import type { TDept, TDeptNode, TRouteInput } from '@yunhu/contract';
import type { TRequestContext } from '../../http/context.js';
import { deptRepository as repo } from './dept.repository.js';
import { orgErrors as errors } from './org.errors.js';

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

/** Departments (组织架构): a tree per enterprise. */
export const createDeptService = () => {
  const flat = async ({ auth, tx }: TRequestContext): Promise<TDept[]> => {
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
  };

  return {
    list: async ({ auth, tx }: TRequestContext) => toDeptTree(await repo.list(tx, auth.tenantId)),

    /** The departments of the data scope as a tree; one whose parent lies outside it is a root. */
    inScope: async ({ auth, tx, scope }: TRequestContext) => {
      const rows = await repo.list(tx, auth.tenantId);
      if (scope.kind === 'all') return toDeptTree(rows);
      const visible = new Set(scope.deptIds);
      return toDeptTree(rows.filter((r) => visible.has(r.id)));
    },

    children: async (ctx: TRequestContext, deptId: number) => {
      const all = await flat(ctx);
      if (!all.some((d) => d.id === deptId)) throw errors.deptMissing();
      return all.filter((d) => d.parentId === deptId);
    },

    get: async (ctx: TRequestContext, id: number) => {
      const all = await flat(ctx);
      const dept = all.find((d) => d.id === id);
      if (!dept) throw errors.deptMissing();
      const path = await repo.ancestors(ctx.tx, ctx.auth.tenantId, id);
      const names = path.map((p) => p.name).reverse();
      return {
        ...dept,
        parentName: dept.parentId === null ? null : (all.find((d) => d.id === dept.parentId)?.name ?? null),
        path: names,
      };
    },

    create: async ({ auth, tx }: TRequestContext, input: TRouteInput<'orgDept', 'deptCreate'>) => {
      if (!(await repo.find(tx, auth.tenantId, input.parentId))) throw errors.parentMissing();
      if (await repo.siblingNameTaken(tx, auth.tenantId, input.parentId, input.name)) {
        throw errors.deptNameTaken(input.name);
      }
      const row = await repo.insert(tx, { tenantId: auth.tenantId, ...input });
      return { id: row.id, parentId: row.parentId, name: row.name, sort: row.sort, staffCount: 0, childCount: 0 };
    },

    update: async ({ auth, tx, scope }: TRequestContext, input: TRouteInput<'orgDept', 'deptUpdate'>) => {
      const dept = await repo.find(tx, auth.tenantId, input.id);
      if (!dept) throw errors.deptMissing();
      const parentId = input.parentId ?? dept.parentId;
      if (input.parentId !== undefined && input.parentId !== dept.parentId) {
        if (input.parentId === dept.id) throw errors.deptUnderItself();
        if (!(await repo.find(tx, auth.tenantId, input.parentId))) throw errors.parentMissing();
        const chain = await repo.ancestors(tx, auth.tenantId, input.parentId);
        if (chain.some((a) => a.id === dept.id)) throw errors.deptUnderChild();
        // A move widens every 'dept and below' scope above the new parent: a
        // non-administrator moves only a department he sees whole, under one he sees.
        if (scope.kind !== 'all') {
          const moved = await repo.withDescendants(tx, auth.tenantId, [dept.id]);
          if (![...moved, input.parentId].every((id) => scope.deptIds.includes(id))) {
            throw errors.deptMoveOutOfScope();
          }
        }
      }
      const name = input.name ?? dept.name;
      if (await repo.siblingNameTaken(tx, auth.tenantId, parentId, name, dept.id)) throw errors.deptNameTaken(name);
      const row = (await repo.update(tx, auth.tenantId, dept.id, { name, parentId, sort: input.sort ?? dept.sort }))!;
      return {
        id: row.id,
        parentId: row.parentId,
        name: row.name,
        sort: row.sort,
        staffCount: await repo.staffCount(tx, auth.tenantId, row.id),
        childCount: await repo.childCount(tx, auth.tenantId, row.id),
      };
    },

    /** Refused while the department has sub-departments or staff, and for the last root. */
    remove: async ({ auth, tx }: TRequestContext, id: number) => {
      const dept = await repo.find(tx, auth.tenantId, id);
      if (!dept) throw errors.deptMissing();
      const children = await repo.childCount(tx, auth.tenantId, id);
      if (children > 0) throw errors.deptHasChildren(children);
      const staff = await repo.staffCount(tx, auth.tenantId, id);
      if (staff > 0) throw errors.deptHasStaff(staff);
      if (dept.parentId === null && (await repo.liveRootCount(tx, auth.tenantId)) <= 1) throw errors.rootDept();
      await repo.softDelete(tx, auth.tenantId, id);
      return null;
    },
  };
};
