import {
  beijingOffsetMs,
  crmRoutes,
  filterMenu,
  jxsLeadStatusLabel,
  jxsRoleName,
  jxsRolePermissions,
  menuTree,
  shanghaiDay,
  sheetTime,
  type TJxsLead,
  type TJxsLeadStatus,
  type TJxsMonthUse,
  type TJxsMoveResult,
  type TParsedRequestOf,
  type TRouteInput,
  toPage,
  yuan,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { hasPermission, type TAuth, type TRequestContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import type { TColumn } from '../../http/xlsx-stream.js';
import { batchedRows } from '../../http/xlsx-stream.js';
import { blockedMobiles } from '../blacklist/index.js';
import { isMobileMasked, mobileFor, readCrmSettings } from '../crm/index.js';
import { isUniqueViolation, newInviteCode, type TAgentStaffService, toMenuOut } from '../org/index.js';
import { agentJxsErrors as errors } from './agent-jxs.errors.js';
import {
  agentJxsRepository as repo,
  type TJxsLeadFilter,
  type TJxsLeadRow,
  type TJxsMonth,
  type TJxsWho,
} from './agent-jxs.repository.js';
import { asAgentOrDistributor } from './agent-wall.js';

/** 新建客户's fields with no owner: a moved lead goes straight into the enterprise's 客户公海. */
type TCustomerInput = TParsedRequestOf<typeof crmRoutes.poolCreate> & { ownerId: null };

// Beijing's months start at 16:00 UTC the day before.
const dayOf = (y: number, m: number) => `${y}-${String(m + 1).padStart(2, '0')}-01`;

/** A month ('2026-11', or this Shanghai month) as instants and day strings. */
export const jxsMonthOf = (month: string | undefined, now = new Date()): TJxsMonth => {
  const local = new Date(now.getTime() + beijingOffsetMs);
  const [y, m] = month
    ? (month.split('-').map(Number) as [number, number]).map((v, i) => (i === 1 ? v - 1 : v))
    : [local.getUTCFullYear(), local.getUTCMonth()];
  const next = new Date(Date.UTC(y!, m! + 1, 1));
  return {
    from: new Date(Date.UTC(y!, m!, 1) - beijingOffsetMs),
    to: new Date(next.getTime() - beijingOffsetMs),
    fromDay: dayOf(y!, m!),
    toDay: dayOf(next.getUTCFullYear(), next.getUTCMonth()),
  };
};

/** Mobiles of leads moved into an enterprise whose privacy switch is on are masked (crm.rules isMobileMasked). */
const maskedEnterprises = async (db: TDb, auth: TAuth, rows: readonly TJxsLeadRow[]) => {
  const ids = [...new Set(rows.flatMap((r) => (r.enterpriseId === null ? [] : [r.enterpriseId])))];
  const masked = new Set<number>();
  for (const id of ids) if (isMobileMasked(await readCrmSettings(db, id), auth)) masked.add(id);
  return masked;
};

const toLead = (r: TJxsLeadRow, masked: ReadonlySet<number>): TJxsLead => ({
  id: r.id,
  distributorId: r.distributorId,
  distributorName: r.distributorName,
  companyName: r.companyName,
  contactName: r.contactName,
  mobile: mobileFor(r.mobile, r.enterpriseId !== null && masked.has(r.enterpriseId)),
  industry: r.industry,
  region: r.region,
  status: r.status as TJxsLeadStatus,
  enterpriseId: r.enterpriseId,
  enterpriseName: r.enterpriseName,
  movedAt: r.movedAt?.getTime() ?? null,
  createdAt: r.createdAt.getTime(),
});

/** The columns of 解锁名单's download. */
export const jxsLeadColumns: TColumn<TJxsLead>[] = [
  { header: '经销商', width: 20, value: (l) => l.distributorName },
  { header: '公司名称', width: 30, value: (l) => l.companyName },
  { header: '联系人', width: 12, value: (l) => l.contactName },
  { header: '手机号', width: 14, value: (l) => l.mobile },
  { header: '行业', width: 14, value: (l) => l.industry },
  { header: '地区', width: 14, value: (l) => l.region },
  { header: '状态', width: 12, value: (l) => jxsLeadStatusLabel[l.status] },
  { header: '转入企业', width: 30, value: (l) => l.enterpriseName ?? '' },
  { header: '转入时间', width: 22, value: (l) => sheetTime(l.movedAt === null ? null : new Date(l.movedAt)) },
  { header: '解锁时间', width: 22, value: (l) => sheetTime(new Date(l.createdAt)) },
];

/** The columns of 月度使用's download. */
export const jxsMonthUseColumns: TColumn<TJxsMonthUse>[] = [
  { header: '经销商', width: 24, value: (m) => m.name },
  { header: '名下企业', width: 10, value: (m) => m.enterprises },
  { header: '本月新增企业', width: 12, value: (m) => m.newEnterprises },
  { header: '购买坐席（月）', width: 14, value: (m) => m.seatMonths },
  { header: '计费分钟', width: 10, value: (m) => Math.ceil(m.billedSeconds / 60) },
  { header: '订单金额（元）', width: 14, value: (m) => yuan(m.orderAmount) },
  { header: '利润（元）', width: 12, value: (m) => yuan(m.margin) },
];

/** What the distributor service needs of the org and CRM areas (bound in app.ts through their doors). */
export type TAgentJxsDeps = {
  database: TDatabase;
  /** The agent's staff and role service (org): the distributor's login is a person of the agent's tenant. */
  staff: Pick<TAgentStaffService, 'staffAdd' | 'staffStatus' | 'roleList' | 'roleSave'>;
  /** The CRM's 新建客户 (its duplicate, custom-field and tag rules), in the enterprise's name. */
  createCustomer: (ctx: TRequestContext, input: TCustomerInput) => Promise<{ id: number }>;
};

export type TAgentJxsService = ReturnType<typeof createAgentJxsService>;

/**
 * 经销商 (decision 0020 "Distributors"): the agent's distributors, each a login of the
 * agent's tenant with its own invitation code; the enterprises it brought, their month's use, and
 * the leads it unlocked, moved once into one of its enterprises' CRM.
 */
export const createAgentJxsService = (deps: TAgentJxsDeps) => {
  const asJxs = <T>(ctx: TRequestContext, fn: (db: TDb, who: TJxsWho) => Promise<T>) =>
    asAgentOrDistributor(ctx, (db, agent, distributorId) => fn(db, { agentId: agent.id, distributorId }));

  /** The agent's own staff only (not a distributor's login). */
  const asAgentOnly = <T>(ctx: TRequestContext, fn: (db: TDb, agentId: number) => Promise<T>) =>
    asJxs(ctx, (db, who) => {
      if (who.distributorId !== null) throw errors.agentOnly();
      return fn(db, who.agentId);
    });

  /** The 经销商 role of the agent (made with the distributor's strings the first time). */
  const roleId = async (ctx: TRequestContext) => {
    const found = (await deps.staff.roleList(ctx, {})).find((r) => r.name === jxsRoleName);
    if (found) return found.id;
    return (
      await deps.staff.roleSave(ctx, {
        name: jxsRoleName,
        remark: '经销商账号：我的企业、邀请码、月度使用、解锁名单',
        permissions: [...jxsRolePermissions],
      })
    ).id;
  };

  const leadFilter = (q: TJxsLeadFilter): TJxsLeadFilter => ({
    companyName: q.companyName,
    mobile: q.mobile,
    industry: q.industry,
    distributorId: q.distributorId,
    status: q.status,
  });

  return {
    /** 经销商菜单: what the agent's distributors open, from the one menu source and their role's strings. */
    menuRouting: async (ctx: TRequestContext) => {
      await asAgentOnly(ctx, async () => null);
      const role = (await deps.staff.roleList(ctx, {})).find((r) => r.name === jxsRoleName);
      const isActive = role ? role.status === 'active' : true;
      const permissions = role ? role.permissions : [...jxsRolePermissions];
      // A distributor is a plain person of the agent's tenant: neither administrator nor operator.
      const distributor: TAuth = {
        ...ctx.auth,
        isSuper: false,
        isAdmin: false,
        permissions: new Set(isActive ? permissions : []),
      };
      const tree = filterMenu(menuTree, (perm) => hasPermission(distributor, perm));
      return { roleName: jxsRoleName, isActive, permissions: [...permissions].sort(), menuList: toMenuOut(tree) };
    },

    page: (ctx: TRequestContext, q: TRouteInput<'agent', 'jxsUserPage'>) =>
      asAgentOnly(ctx, async (db, agentId) => {
        const { records, total } = await repo.page(db, agentId, q, q);
        return toPage(
          records.map((r) => ({ ...r, status: r.status as 'active' | 'disabled', createdAt: r.createdAt.getTime() })),
          total,
          q,
        );
      }),

    /**
     * 新增经销商: its login (the org's 员工 rules: account and mobile unique, the password given or
     * made and answered once, changed at the first sign-in), its role and its own invitation code.
     */
    create: async (ctx: TRequestContext, input: TRouteInput<'agent', 'createJxsInfo'>) => {
      const agentId = await asAgentOnly(ctx, async (db, id) => {
        const { records } = await repo.page(db, id, { name: input.name }, { page: 1, limit: 100 });
        if (records.some((r) => r.name === input.name)) throw errors.nameTaken();
        return id;
      });
      const login = await deps.staff.staffAdd(ctx, {
        username: input.username,
        realName: input.contactName,
        mobile: input.mobile,
        roleIds: [await roleId(ctx)],
        password: input.password,
      });
      let inviteCode = '';
      // A distributor's code has 10 characters, an agent's 8: registration tells them apart by the table that holds them.
      do inviteCode = newInviteCode(10);
      while (await repo.inviteCodeTaken(ctx.tx, inviteCode));
      const id = await repo
        .insert(ctx.tx, {
          agentId,
          userId: login.id,
          name: input.name,
          contactName: input.contactName,
          mobile: input.mobile,
          inviteCode,
          createdBy: ctx.auth.userId,
          createdByName: ctx.auth.realName,
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? errors.nameTaken() : error;
        });
      return { id, inviteCode, initialPassword: login.initialPassword };
    },

    /** 停用/启用: a disabled distributor's code is refused at registration and its sessions end (the staff rule). */
    setStatus: async (ctx: TRequestContext, input: TRouteInput<'agent', 'jxsUserStatus'>) => {
      const userId = await asAgentOnly(ctx, async (db, agentId) => {
        const d = await repo.one(db, agentId, input.id);
        if (!d) throw errors.distributorMissing();
        await repo.setStatus(db, agentId, input.id, input.status);
        return d.userId;
      });
      await deps.staff.staffStatus(ctx, { ids: [userId], status: input.status });
      return null;
    },

    monthUse: (ctx: TRequestContext, q: TRouteInput<'agent', 'jxsMonthUse'>) =>
      asJxs(ctx, async (db, who) => {
        const { records, total } = await repo.monthUse(db, who, q, jxsMonthOf(q.month), q);
        return toPage(records, total, q);
      }),

    /** 月度使用's download: the wall checked now, the rows read in pages while the file is sent. */
    monthUseExport: (ctx: TRequestContext, f: TRouteInput<'agent', 'jxsMonthUseExport'>) =>
      asJxs(ctx, async (_db, who) => {
        const month = jxsMonthOf(f.month);
        const batch = 1000;
        return {
          fileName: `经销商月度使用_${month.fromDay.slice(0, 7)}.xlsx`,
          rows: batchedRows((offset) =>
            // A short page was the last one.
            offset % batch !== 0
              ? Promise.resolve([])
              : deps.database.db.transaction(
                  async (tx) =>
                    (
                      await repo.monthUse(tx as unknown as TDb, who, f, month, {
                        page: offset / batch + 1,
                        limit: batch,
                      })
                    ).records,
                ),
          ),
        };
      }),

    leadPage: (ctx: TRequestContext, q: TRouteInput<'agent', 'jxsUnlockPage'>) =>
      asJxs(ctx, async (db, who) => {
        const { records, total } = await repo.leadPage(db, who, leadFilter(q), q);
        const masked = await maskedEnterprises(db, ctx.auth, records);
        return toPage(
          records.map((r) => toLead(r, masked)),
          total,
          q,
        );
      }),

    /** A lead the distributor unlocked (its own; once per mobile). */
    leadAdd: (ctx: TRequestContext, input: TRouteInput<'agent', 'jxsUnlockAdd'>) =>
      asJxs(ctx, async (db, who) => {
        if (who.distributorId === null) throw errors.distributorOnly();
        const id = await db
          .transaction((sp) =>
            repo.insertLead(sp as unknown as TDb, {
              ...input,
              agentId: who.agentId,
              distributorId: who.distributorId!,
              createdBy: ctx.auth.userId,
              createdByName: ctx.auth.realName,
            }),
          )
          .catch((error: unknown) => {
            throw isUniqueViolation(error) ? errors.leadTaken() : error;
          });
        return toLead((await repo.lead(db, who, id))!, new Set());
      }),

    /** 解锁名单's download: the wall checked now, the rows (masked like the page) read while the file is sent. */
    leadExport: (ctx: TRequestContext, f: TRouteInput<'agent', 'jxsUnlockExport'>) =>
      asJxs(ctx, async (_db, who) => ({
        fileName: `解锁名单_${shanghaiDay(Date.now())}.xlsx`,
        rows: batchedRows((offset) =>
          deps.database.db.transaction(async (tx) => {
            const db = tx as unknown as TDb;
            const batch = await repo.leadBatch(db, who, leadFilter(f), offset);
            const masked = await maskedEnterprises(db, ctx.auth, batch);
            return batch.map((r) => toLead(r, masked));
          }),
        ),
      })),

    enterprises: (ctx: TRequestContext) => asJxs(ctx, (db, who) => repo.enterprises(db, who)),

    /**
     * move-crm: the chosen leads become customers of the public pool (公海) of one of the caller's
     * enterprises, through the CRM's own 新建客户 (duplicates refused with its message, custom fields
     * and tags checked) after the enterprise's and the platform's blacklists. Each lead moves once:
     * the leads are locked first, so a second request for the same leads waits, then finds them moved.
     */
    moveCrm: (ctx: TRequestContext, input: TRouteInput<'agent', 'jxsUnlockMoveCrm'>) =>
      asJxs(ctx, async (db, who): Promise<TJxsMoveResult> => {
        const enterprise = await repo.enterprise(db, who, input.enterpriseId);
        if (!enterprise?.admin) throw errors.enterpriseMissing();
        if (enterprise.status !== 'active') throw errors.enterpriseInactive();
        const leads = await repo.lockLeads(db, who, input.ids);
        if (leads.length !== input.ids.length) throw errors.leadsMissing();
        const fresh = leads.filter((l) => l.status === 'new');
        const blocked = await blockedMobiles(
          db,
          enterprise.id,
          fresh.map((l) => l.mobile),
        );
        // The CRM writes in the enterprise's name: its first administrator creates the customer.
        const admin = enterprise.admin;
        const inEnterprise: TRequestContext = {
          tx: db,
          scope: { kind: 'all' },
          auth: {
            userId: admin.id,
            username: admin.username,
            realName: admin.realName,
            tenantId: enterprise.id,
            tenantCode: enterprise.code,
            isSuper: false,
            isAdmin: true,
            deptId: admin.deptId,
            permissions: new Set(),
            tokenHash: '',
          },
        };
        const result: TJxsMoveResult = { moved: 0, alreadyMoved: leads.length - fresh.length, refused: [] };
        for (const lead of fresh) {
          const blockedWhy = blocked.get(lead.mobile);
          if (blockedWhy) {
            result.refused.push({ id: lead.id, companyName: lead.companyName, reason: blockedWhy });
            continue;
          }
          const remark = [lead.industry && `行业：${lead.industry}`, lead.region && `地区：${lead.region}`]
            .filter(Boolean)
            .join('；');
          try {
            const fields = crmRoutes.poolCreate.request.parse({
              name: (lead.contactName || lead.companyName).slice(0, 50),
              mobile: lead.mobile,
              company: lead.companyName,
              remark,
              source: `经销商：${lead.distributorName}`.slice(0, 50),
            });
            const customer = await deps.createCustomer(inEnterprise, { ...fields, ownerId: null });
            await repo.markMoved(db, lead.id, {
              enterpriseId: enterprise.id,
              customerId: customer.id,
              movedByName: ctx.auth.realName,
            });
            result.moved += 1;
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            result.refused.push({ id: lead.id, companyName: lead.companyName, reason: error.message });
          }
        }
        return result;
      }),

    leadDelete: (ctx: TRequestContext, input: TRouteInput<'agent', 'jxsUnlockDelete'>) =>
      asJxs(ctx, async (db, who) => {
        if ((await repo.deleteLeads(db, who, input.ids)) !== input.ids.length) throw errors.leadsMissing();
        return null;
      }),
  };
};

/**
 * Registration's look-up of a distributor's code (bound into the org area in app.ts): the agent and
 * the distributor, 'refused' for a disabled distributor or a closed agent (the spec's agent-not-found
 * answer), null when no distributor holds the code (an agent's code, or none).
 */
export const jxsInvitationOf =
  (database: TDatabase) =>
  async (code: string): Promise<{ agentId: number; distributorId: number } | 'refused' | null> => {
    const found = await repo.ofInviteCode(database.db, code);
    if (!found) return null;
    if (found.status !== 'active' || found.agentStatus !== 'active' || found.loginStatus !== 'active') return 'refused';
    return { agentId: found.agentId, distributorId: found.id };
  };
