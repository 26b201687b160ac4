import {
  allPermissions,
  authStateLabel,
  enterprisePermissions,
  filterMenu,
  maskPhone,
  menuTree,
  type orgRoutes,
  type TMenuNode,
  type TMenuOut,
  type TParsedRequestOf,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import { hasPermission, type TAuth, type TRequestContext } from '../../http/context.js';
import { resolveDataScope } from './data-scope.js';
import { createDeptService } from './dept.service.js';
import { createEnterpriseTenant, type TEnterpriseTenantInput } from './enterprise-tenant.js';
import { onboardingChecklist } from './onboarding.service.js';
import { orgErrors as errors } from './org.errors.js';
import { orgRepository as repo } from './org.repository.js';
import { pinyinOf } from './pinyin.js';
import { createRoleService } from './role.service.js';
import { roleTreeOf } from './role-tree.js';
import { createStaffService, type TStaffPorts } from './staff.service.js';
import { createStaffImport } from './staff-import.js';

export const toMenuOut = (nodes: TMenuNode[]): TMenuOut[] =>
  nodes.map((n) => ({
    menuId: n.id,
    name: n.name,
    url: n.url,
    icon: n.icon,
    type: n.type,
    perms: n.perm,
    inMenu: n.inMenu,
    ...(n.children ? { list: toMenuOut(n.children) } : {}),
  }));

/** The tree without the screens `isOff` names (filterMenu then drops the folders left empty). */
const withoutMenus = (nodes: TMenuNode[], isOff: (url: string) => boolean): TMenuNode[] =>
  nodes
    .filter((n) => !(n.url && isOff(n.url)))
    .map((n) => (n.children ? { ...n, children: withoutMenus(n.children, isOff) } : n));

export type TOrgService = ReturnType<typeof createOrgService>;

export const createOrgService = (
  deps: {
    database: TDatabase;
    /** Whether an uploaded file's URL belongs to the tenant (system area), read in the caller's transaction. */
    isOwnUpload: (tx: TDb, auth: TAuth, url: string) => Promise<boolean>;
    /** Checks and uses up an SMS code (auth area), counting the try in a statement of its own. */
    useCode: (mobile: string, purpose: 'phone', code: string) => Promise<void>;
    /** Ends every session of a user in the caller's transaction (auth area): after a disable, a delete or a password reset. */
    revokeSessions: (tx: TDb, userId: number) => Promise<void>;
    /** Whether the person holds a valid soft-phone seat now (call area), read in the caller's transaction. */
    hasSoftphoneSeat?: (tx: TDb, auth: TAuth) => Promise<boolean>;
    /** Menu paths the enterprise switched off (the app centre's add-ons), read in the caller's transaction. */
    isMenuOff?: (tx: TDb, tenantId: number) => Promise<(url: string) => boolean>;
    /** A distributor's invitation code (agent area): its agent and itself, 'refused' when disabled, null when none. */
    distributorOfCode?: (code: string) => Promise<{ agentId: number; distributorId: number } | 'refused' | null>;
    onError: (error: unknown) => void;
  } & TStaffPorts,
) => {
  const { database } = deps;
  /**
   * A user's data scope read in a transaction of its own, for work outside a request (an import
   * resumed after a restart, a detached handler's background part). A request has `ctx.scope`
   * (the binder resolves it once, inside the request's transaction); never call this from one.
   */
  const dataScopeOf = (auth: TAuth) => withTenant(database, auth.tenantId, (tx) => resolveDataScope(tx, auth));
  const me = async ({ auth, tx }: TRequestContext) => {
    const row = await repo.findUser(tx, auth.tenantId, auth.userId);
    if (!row) throw errors.userMissing();
    return row;
  };

  return {
    dataScopeOf,
    onboardingChecklist,
    dept: createDeptService(),
    role: createRoleService(),
    staff: createStaffService({
      database,
      revokeSessions: deps.revokeSessions,
      seatsHeldBy: deps.seatsHeldBy,
      softphoneRegisteredUntil: deps.softphoneRegisteredUntil,
    }),
    staffImport: createStaffImport({ database, dataScopeOf, onError: deps.onError }),

    userInfo: async (ctx: TRequestContext) => {
      const { auth, tx } = ctx;
      const row = await me(ctx);
      const roleNames = await repo.roleNamesOf(tx, auth.tenantId, auth.userId);
      const permissions = auth.isSuper
        ? allPermissions()
        : auth.isAdmin
          ? enterprisePermissions()
          : [...auth.permissions].sort();
      return {
        userId: row.user.id,
        username: row.user.username,
        realName: row.user.realName,
        mobile: maskPhone(row.user.mobile),
        headUrl: row.user.headUrl,
        enterpriseName: row.tenant.name,
        tenantCode: row.tenant.code,
        superTenant: (row.tenant.isSuper ? 1 : 0) as 0 | 1,
        deptName: row.deptName,
        roleNames,
        permissions,
        authState: row.tenant.authState,
        authStateLabel: authStateLabel(row.tenant.authState),
        wechatBound: Boolean(row.user.wechatOpenid),
        lastLoginAt: row.user.lastLoginAt?.getTime() ?? null,
        // The platform operator places no calls: no soft-phone for him whatever he holds.
        hasSoftphoneSeat: !auth.isSuper && (await (deps.hasSoftphoneSeat?.(tx, auth) ?? false)),
        isAdmin: auth.isAdmin && !auth.isSuper,
        mustChangePassword: Boolean(auth.mustChangePassword),
      };
    },

    bhInfo: async (ctx: TRequestContext) => {
      const row = await me(ctx);
      return {
        userId: row.user.id,
        jobNumber: row.user.jobNumber,
        tenantCode: row.tenant.code,
        enterpriseName: row.tenant.name,
        deptName: row.deptName,
      };
    },

    modifyHeadUrl: async ({ auth, tx }: TRequestContext, headUrl: string) => {
      if (!(await deps.isOwnUpload(tx, auth, headUrl))) throw errors.headNotUploaded();
      await repo.updateUser(tx, auth.tenantId, auth.userId, { headUrl });
      return null;
    },

    /**
     * Its route is detached: the SMS code's tries count in statements of their own (decision 0009),
     * so a wrong code cannot roll its counted try back; the mobile is asked across the platform.
     */
    updatePhone: async (auth: TAuth, input: TParsedRequestOf<typeof orgRoutes.updatePhone>) => {
      if (await repo.mobileTaken(database.db, input.mobile)) throw errors.mobileTaken();
      await deps.useCode(input.mobile, 'phone', input.code);
      await withTenant(database, auth.tenantId, (tx) =>
        repo.updateUser(tx, auth.tenantId, auth.userId, { mobile: input.mobile }),
      );
      return null;
    },

    updateRealName: async ({ auth, tx }: TRequestContext, realName: string) => {
      await repo.updateUser(tx, auth.tenantId, auth.userId, { realName, ...pinyinOf(realName) });
      return null;
    },

    /** The menu tree and permission strings the user's roles allow (superTenant sees everything). */
    menuNav: async (auth: TAuth, tx: TDb) => {
      const isOff = deps.isMenuOff && !auth.isSuper ? await deps.isMenuOff(tx, auth.tenantId) : () => false;
      const tree = filterMenu(withoutMenus(menuTree, isOff), (perm) => hasPermission(auth, perm));
      const permissions = auth.isSuper
        ? allPermissions()
        : auth.isAdmin
          ? enterprisePermissions()
          : [...auth.permissions].sort();
      return { menuList: toMenuOut(tree), permissions };
    },

    /** The role editor's tree: what the caller's enterprise can hold, each grant once (roleTreeOf). */
    selectMenu: async (auth: TAuth) => toMenuOut(roleTreeOf(menuTree, auth.isSuper)),

    selectMenuButton: async (auth: TAuth, menuId?: string) => {
      const buttons: { menuId: string; name: string; perms: string; parentName: string }[] = [];
      const walk = (nodes: TMenuNode[], parent: string) => {
        for (const n of nodes) {
          if (n.type === 2 && n.perm && (!menuId || menuId === n.id.slice(0, menuId.length))) {
            buttons.push({ menuId: n.id, name: n.name, perms: n.perm, parentName: parent });
          }
          walk(n.children ?? [], n.name);
        }
      };
      walk(roleTreeOf(menuTree, auth.isSuper), '');
      return buttons;
    },

    /**
     * The agent of an invitation code (registration), and the distributor when it is one of
     * its distributors' codes (decision 0020 "Distributors"); an unknown or closed agent, or a disabled
     * distributor, is refused with the spec's agent-not-found answer.
     */
    invitationOf: async (input: string): Promise<{ agentId: number; distributorId: number | null }> => {
      const code = input.trim().toUpperCase();
      const distributor = (await deps.distributorOfCode?.(code)) ?? null;
      if (distributor === 'refused') throw errors.agentNotFound();
      if (distributor) return distributor;
      const agent = await repo.agentOfInviteCode(database.db, code);
      if (agent?.status !== 'active') throw errors.agentNotFound();
      return { agentId: agent.id, distributorId: null };
    },

    /** Registration (`/sso/signup`): a pending enterprise with its root department and administrator. */
    registerEnterprise: (input: Omit<TEnterpriseTenantInput, 'status' | 'mustChangePassword'>) =>
      database.db.transaction((tx) => createEnterpriseTenant(tx, { ...input, status: 'pending' })),
  };
};
