import { allPermissions } from '@yunhu/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { TDb } from '../db/client.js';
import { roleTemplates } from '../modules/org/index.js';
import { departments, roles, tenants, userRoles, users } from '../modules/org/org.schema.js';
import { pinyinOf } from '../modules/org/pinyin.js';
import { brandOptions, dictData, notices, noticeTargets, operationLogs } from '../modules/system/system.schema.js';
import { hashPassword } from '../security/password.js';
import { chargeSeededCalls, seedBilling } from './billing.js';
import { seedCallerReports } from './caller-report.js';
import { seedCalling, type TSeedPeople } from './calling.js';
import { generateClueCompanies } from './clue.js';
import { seedCommerce } from './commerce.js';
import { seedPlatformContent } from './platform.js';
import { seedResellers } from './resellers.js';
import { seedResourceLibrary } from './resource.js';
import { seedTasks } from './tasks.js';

/** The demo sign-ins printed at start and used by the end-to-end tests (exactly). */
export const demoLogins = [
  {
    username: 'platform',
    password: 'Platform@2026',
    mobile: '13800000000',
    realName: '平台运营',
    who: '平台运营（超级租户）',
  },
  { username: 'admin', password: 'Admin@2026', mobile: '13900000001', realName: '张明', who: '企业管理员' },
  { username: 'manager', password: 'Manager@2026', mobile: '13900000002', realName: '李娜', who: '部门主管' },
  { username: 'agent01', password: 'Agent@2026', mobile: '13900000003', realName: '王强', who: '坐席' },
  { username: 'reseller', password: 'Reseller@2026', mobile: '13900000091', realName: '赵峰', who: '代理商管理员' },
  { username: 'distributor', password: 'Distributor@2026', mobile: '13900000092', realName: '钱多', who: '经销商' },
] as const;

export const demoEnterpriseName = '演示科技有限公司';

const moreAgents = [
  { username: 'agent02', realName: '赵丽', mobile: '13900000004', dept: 1 },
  { username: 'agent03', realName: '陈晨', mobile: '13900000005', dept: 1 },
  { username: 'agent04', realName: '刘洋', mobile: '13900000006', dept: 2 },
  { username: 'agent05', realName: '孙悦', mobile: '13900000007', dept: 2 },
  { username: 'agent06', realName: '周杰', mobile: '13900000008', dept: 2 },
];

const applicants = [
  { username: 'apply01', realName: '吴刚', mobile: '13900000011', dept: 1 },
  { username: 'apply02', realName: '郑爽', mobile: '13900000012', dept: 1 },
  { username: 'apply03', realName: '冯琳', mobile: '13900000013', dept: 2 },
];

const dicts: Record<string, [string, string][]> = {
  intention_level: [
    ['A 一个月内有明确需求', 'A'],
    ['B 三个月内有需求', 'B'],
    ['C 半年内有需求', 'C'],
    ['D 潜在客户', 'D'],
    ['E 暂无需求', 'E'],
  ],
  phone_label: [
    ['已接通', 'connected'],
    ['无人接听', 'no_answer'],
    ['占线', 'busy'],
    ['关机', 'power_off'],
    ['停机', 'suspended'],
    ['空号', 'invalid'],
  ],
  auth_state: [
    ['未认证', '0'],
    ['个人认证', '1'],
    ['企业认证', '2'],
  ],
  user_status: [
    ['待审核', 'pending'],
    ['正常', 'active'],
    ['已停用', 'disabled'],
    ['已驳回', 'rejected'],
  ],
  data_scope: [
    ['全部数据', 'all'],
    ['本部门及以下', 'dept_and_below'],
    ['本部门', 'dept'],
    ['仅本人', 'self'],
    ['指定部门', 'custom'],
  ],
};

const day = 86_400_000;

/** Seeds the platform and the demo enterprise into an empty database; does nothing otherwise. */
export const seedDemo = async (db: TDb, now = Date.now()): Promise<boolean> => {
  const [existing] = await db.select({ n: count() }).from(tenants);
  if ((existing?.n ?? 0) > 0) return false;
  const hashes = new Map<string, string>();
  for (const login of demoLogins) hashes.set(login.username, await hashPassword(login.password));

  await db.transaction(async (tx) => {
    const [platform] = await tx
      .insert(tenants)
      .values({ code: 'PLATFORM', name: '云呼平台运营中心', isSuper: true, authState: 2 })
      .returning();
    const [demo] = await tx
      .insert(tenants)
      .values({ code: 'E100001', name: demoEnterpriseName, authState: 2 })
      .returning();
    const [platformDept] = await tx
      .insert(departments)
      .values({ tenantId: platform!.id, name: '平台运营部' })
      .returning();
    const [root] = await tx.insert(departments).values({ tenantId: demo!.id, name: demoEnterpriseName }).returning();
    const sales = await tx
      .insert(departments)
      .values([
        { tenantId: demo!.id, parentId: root!.id, name: '销售一部', sort: 1 },
        { tenantId: demo!.id, parentId: root!.id, name: '销售二部', sort: 2 },
      ])
      .returning();
    const [platformAdmin] = await tx
      .insert(roles)
      .values({
        tenantId: platform!.id,
        name: '管理员',
        dataScope: 'all',
        isAdmin: true,
        permissions: allPermissions(),
      })
      .returning();
    // The demo enterprise's roles are the templates every new enterprise starts with.
    const [adminRole, managerRole, agentRole] = await tx
      .insert(roles)
      .values(roleTemplates().map((role) => ({ ...role, tenantId: demo!.id })))
      .returning();

    const people = [
      {
        login: demoLogins[0],
        tenantId: platform!.id,
        deptId: platformDept!.id,
        roleId: platformAdmin!.id,
        job: '0001',
      },
      { login: demoLogins[1], tenantId: demo!.id, deptId: root!.id, roleId: adminRole!.id, job: '0001' },
      { login: demoLogins[2], tenantId: demo!.id, deptId: sales[0]!.id, roleId: managerRole!.id, job: '0002' },
      { login: demoLogins[3], tenantId: demo!.id, deptId: sales[0]!.id, roleId: agentRole!.id, job: '0003' },
    ];
    // The people of the demo enterprise who call (everyone but the administrator).
    const callers: TSeedPeople['users'] = [];
    for (const p of people) {
      const [user] = await tx
        .insert(users)
        .values({
          tenantId: p.tenantId,
          username: p.login.username,
          mobile: p.login.mobile,
          realName: p.login.realName,
          ...pinyinOf(p.login.realName),
          passwordHash: hashes.get(p.login.username)!,
          deptId: p.deptId,
          jobNumber: p.job,
        })
        .returning();
      await tx.insert(userRoles).values({ userId: user!.id, roleId: p.roleId, tenantId: p.tenantId });
      if (p.tenantId === demo!.id && p.login.username !== 'admin') {
        callers.push({ id: user!.id, deptId: p.deptId, mobile: p.login.mobile });
      }
    }
    // The sales staff beyond the logins above, with agent01's password and the next job numbers.
    const salesPerson = (a: (typeof moreAgents)[number], n: number) => ({
      tenantId: demo!.id,
      username: a.username,
      mobile: a.mobile,
      realName: a.realName,
      ...pinyinOf(a.realName),
      passwordHash: hashes.get('agent01')!,
      deptId: sales[a.dept - 1]!.id,
      jobNumber: String(4 + n).padStart(4, '0'),
    });
    for (const [i, a] of moreAgents.entries()) {
      const [user] = await tx.insert(users).values(salesPerson(a, i)).returning();
      await tx.insert(userRoles).values({ userId: user!.id, roleId: agentRole!.id, tenantId: demo!.id });
      callers.push({ id: user!.id, deptId: user!.deptId!, mobile: a.mobile });
    }
    await seedCalling(tx, { tenantId: demo!.id, users: callers }, now);
    await seedCallerReports(tx, demo!.id, now);
    await seedResourceLibrary(tx, demo!.id, now);
    await seedBilling(tx, now);
    await seedTasks(tx, { tenantId: demo!.id, users: callers }, now);
    // Staff applications waiting for examine (员工申请): they cannot sign in until approved.
    await tx.insert(users).values(
      applicants.map((a, i) => ({
        ...salesPerson(a, moreAgents.length + i),
        status: 'pending',
        createdAt: new Date(now - (i + 1) * 3_600_000),
      })),
    );

    const seeded = await tx
      .insert(notices)
      .values([
        {
          title: '系统升级通知',
          content: '平台将于本周六 02:00-04:00 进行系统升级，期间外呼与登录可能短暂不可用，请提前安排工作。',
          publisher: '云呼平台运营中心',
          createdAt: new Date(now - 2 * day),
        },
        {
          title: '关于规范外呼时段的提醒',
          content:
            '根据通信管理要求，外呼时段请控制在 08:00-21:00 之内（系统默认即此时段，企业管理员可在「呼叫中心 → 呼叫管理」中调整每位员工的时段），超出时段的呼叫将被拦截。',
          publisher: '云呼平台运营中心',
          createdAt: new Date(now - 6 * day),
        },
        {
          title: '新功能：通话录音在线播放',
          content: '通话记录页面现已支持在线播放录音，管理员可在角色权限中为主管开通播放权限。',
          publisher: '云呼平台运营中心',
          createdAt: new Date(now - 12 * day),
        },
        {
          title: '演示科技：月度套餐即将到期',
          content: '贵司购买的外呼分钟套餐将于月底到期，请及时续费以免影响外呼。',
          publisher: '云呼平台运营中心',
          audience: 'tenants',
          createdAt: new Date(now - 1 * day),
        },
      ])
      .returning();
    await tx.insert(noticeTargets).values({ noticeId: seeded[3]!.id, tenantId: demo!.id });

    await tx
      .insert(dictData)
      .values(
        Object.entries(dicts).flatMap(([dictType, items]) =>
          items.map(([label, value], sort) => ({ dictType, label, value, sort })),
        ),
      );
    await tx.insert(brandOptions).values([
      { optionKey: 'platform_name', optionValue: '云呼外呼管理平台' },
      { optionKey: 'home_logo', optionValue: '/logo.svg' },
      // No guide of the brand's own: 操作指南 in the console is the one guide, written per screen.
      { optionKey: 'user_guide', optionValue: '' },
      { optionKey: 'qrcode', optionValue: '' },
      { optionKey: 'app_product', optionValue: '["云呼坐席APP"]' },
      { optionKey: 'data_audit', optionValue: '1' },
      { optionKey: 'application_center', optionValue: '1' },
      // 开放平台 (Webhook, API 密钥) is sold on the demo brand.
      { optionKey: 'third_api', optionValue: '1' },
      // Internal options of the original back end, which the console must ignore (spec section 3).
      { optionKey: 'fws_gateway', optionValue: 'internal', optionType: 'fws' },
    ]);

    // A month of sign-in history so the operation log has something to show from the first start.
    const logins = [
      { id: 2, name: 'admin', real: '张明' },
      { id: 3, name: 'manager', real: '李娜' },
      { id: 4, name: 'agent01', real: '王强' },
    ];
    await tx.insert(operationLogs).values(
      Array.from({ length: 30 }, (_, d) =>
        logins.map((u, i) => ({
          tenantId: demo!.id,
          userId: u.id,
          userName: u.name,
          realName: u.real,
          module: '登录认证',
          summary: '密码登录',
          route: 'POST /sso/login',
          ip: `192.168.1.${10 + i}`,
          result: (d + i) % 11 === 0 ? 'failure' : 'success',
          message: (d + i) % 11 === 0 ? '账号或密码错误' : '',
          detail: { username: u.name, password: '******' },
          createdAt: new Date(now - (30 - d) * day + (9 + i) * 3_600_000),
        })),
      ).flat(),
    );
    await seedPlatformContent(tx, demo!.id, now);
    await seedCommerce(tx, demo!.id);
    // After the opening balance: the calls are paid from it, as they would have been.
    await chargeSeededCalls(tx, demo!.id);
    const [platformUser] = await tx.select({ id: users.id }).from(users).where(eq(users.username, 'platform'));
    await seedResellers(tx, { agent: demoLogins[4], distributor: demoLogins[5] }, hashes, platformUser!.id);
    // 企业线索: a slice of the development source's companies (bench/clue.seed.ts makes a million).
    await generateClueCompanies(tx, 1, 2000);
  });
  // The planner knows the filled tables at once, not after autovacuum's next round.
  await db.execute(
    sql`VACUUM ANALYZE customers, crm_follow_records, call_records, call_binds, call_hourly_stats, call_daily_stats`,
  );
  return true;
};
