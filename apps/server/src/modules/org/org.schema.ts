import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sameTenant } from '../../db/same-tenant.js';

const id = () => bigserial('id', { mode: 'number' }).primaryKey();
/** The id of an enterprise's row: its primary key is (id, tenant_id), ready to distribute by tenant. */
const rowId = () => bigserial('id', { mode: 'number' }).notNull();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => ts('created_at').notNull().defaultNow();

/** An enterprise. The platform operator is the one row with is_super. */
export const tenants = pgTable('tenants', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** pending (registered, awaiting examine) | active | rejected (registration turned down) | closed */
  status: text('status').notNull().default('active'),
  isSuper: boolean('is_super').notNull().default(false),
  /** 0 unauthenticated, 1 personal, 2 enterprise (spec section 3). */
  authState: integer('auth_state').notNull().default(0),
  /** The platform's reason for the last examine or closing, shown to the enterprise. */
  statusReason: text('status_reason').notNull().default(''),
  examinedAt: ts('examined_at'),
  createdAt: createdAt(),
  /** enterprise | agent (代理商, migration 0046). */
  kind: text('kind').notNull().default('enterprise'),
  /** The agent an enterprise registered through (its invitation code). */
  agentId: bigint('agent_id', { mode: 'number' }).references((): AnyPgColumn => tenants.id),
  /** An agent's invitation code (unique). */
  inviteCode: text('invite_code'),
  /** The agent's distributor (经销商) whose code an enterprise registered with (migration 0058; FK in SQL). */
  distributorId: bigint('distributor_id', { mode: 'number' }),
  /** An agent the platform lets review its enterprises' caller-number reports (migration 0073). */
  reviewsReports: boolean('reviews_reports').notNull().default(false),
});

export const departments = pgTable(
  'departments',
  {
    id: rowId(),
    tenantId: ref('tenant_id')
      .notNull()
      .references(() => tenants.id),
    parentId: ref('parent_id'),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    /** Departments are deleted softly: call records and customers keep pointing at them. */
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    primaryKey({ name: 'departments_pkey', columns: [t.id, t.tenantId] }),
    index('departments_tenant_parent_idx').on(t.tenantId, t.parentId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: rowId(),
    tenantId: ref('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    /** all | dept_and_below | dept | self | custom (DESIGN.md section 4) */
    dataScope: text('data_scope').notNull().default('self'),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    isAdmin: boolean('is_admin').notNull().default(false),
    status: text('status').notNull().default('active'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'roles_pkey', columns: [t.id, t.tenantId] }),
    uniqueIndex('roles_tenant_name_idx').on(t.tenantId, t.name),
  ],
);

export const users = pgTable(
  'users',
  {
    id: rowId(),
    tenantId: ref('tenant_id')
      .notNull()
      .references(() => tenants.id),
    username: text('username').notNull(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    realName: text('real_name').notNull(),
    deptId: ref('dept_id'),
    /** pending (application) | active | disabled | rejected (application turned down) | deleted */
    status: text('status').notNull().default('active'),
    /** Pinyin of real_name, full and initials, for the staff search (DESIGN.md section 7). */
    namePinyin: text('name_pinyin').notNull().default(''),
    nameInitials: text('name_initials').notNull().default(''),
    /** The examine decision on an application, kept. */
    examineReason: text('examine_reason').notNull().default(''),
    examinedAt: ts('examined_at'),
    examinedBy: ref('examined_by'),
    deletedAt: ts('deleted_at'),
    headUrl: text('head_url'),
    billingEnabled: boolean('billing_enabled').notNull().default(true),
    wechatOpenid: text('wechat_openid'),
    jobNumber: text('job_number').notNull(),
    lastLoginAt: ts('last_login_at'),
    /** Set when someone else set the password (added, reset): changed at first sign-in (migration 0042). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    sameTenant('users_dept_id_departments_id_fk', t, t.deptId, departments),
    primaryKey({ name: 'users_pkey', columns: [t.id, t.tenantId] }),
    // Sign-in takes the account or the mobile, so both are unique across the platform.
    uniqueIndex('users_username_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_mobile_idx').on(t.mobile),
    uniqueIndex('users_wechat_idx').on(t.wechatOpenid),
    index('users_tenant_dept_idx').on(t.tenantId, t.deptId),
    index('users_tenant_status_idx').on(t.tenantId, t.status, t.id),
  ],
);

/** The staff member a row belongs to (a seat, a SIP account, a call, a package share…): required. */
export const userRef = () =>
  ref('user_id')
    .notNull()
    .references(() => users.id);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: ref('user_id').notNull(),
    roleId: ref('role_id').notNull(),
    tenantId: ref('tenant_id')
      .notNull()
      .references(() => tenants.id),
  },
  (t) => [
    sameTenant('user_roles_role_id_roles_id_fk', t, t.roleId, roles, 'cascade'),
    sameTenant('user_roles_user_id_users_id_fk', t, t.userId, users, 'cascade'),
    primaryKey({ name: 'user_roles_user_id_role_id_pk', columns: [t.userId, t.roleId, t.tenantId] }),
    index('user_roles_role_idx').on(t.roleId),
  ],
);

/** The chosen departments of a role whose data scope is 'custom'. */
export const roleDepts = pgTable(
  'role_depts',
  {
    roleId: ref('role_id').notNull(),
    deptId: ref('dept_id').notNull(),
    tenantId: ref('tenant_id')
      .notNull()
      .references(() => tenants.id),
  },
  (t) => [
    sameTenant('role_depts_dept_id_departments_id_fk', t, t.deptId, departments),
    sameTenant('role_depts_role_id_roles_id_fk', t, t.roleId, roles, 'cascade'),
    primaryKey({ name: 'role_depts_role_id_dept_id_pk', columns: [t.roleId, t.deptId, t.tenantId] }),
  ],
);
