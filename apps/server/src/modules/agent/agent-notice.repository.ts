import { and, count, eq, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client.js';
import { firstRow } from '../../db/first.js';
import { pageOf } from '../../db/page.js';
import { noticeReads, notices, noticeTargets, tenants, users } from '../../db/schema.js';
import { likeOf, newestFirst } from '../../db/sql.js';
import { agentNotices } from './agent-notice.schema.js';

// An agent's notices. Every statement names the agent; the service runs them across
// tenants (the enterprises' users and read marks), for the agent's own enterprises only.

type TPaging = { page: number; limit: number };

/** Active users of the tenants a notice is addressed to (users_tenant_status_idx per target). */
const activeUsersOf = (noticeId: SQL) =>
  sql<number>`(select count(*)::int from ${noticeTargets} nt join ${users} u
    on u.tenant_id = nt.tenant_id and u.status = 'active' where nt.notice_id = ${noticeId})`;
/** Who has read it (notice_reads_notice_idx): only the addressed tenants' users can. */
const readersOf = (noticeId: SQL) =>
  sql<number>`(select count(*)::int from ${noticeReads} r where r.notice_id = ${noticeId})`;

const noticeIdCol = sql.raw('"agent_notices"."notice_id"');

const noticeColumns = {
  id: agentNotices.id,
  title: notices.title,
  content: notices.content,
  audience: agentNotices.audience,
  publisher: notices.publisher,
  enterpriseCount: agentNotices.enterpriseCount,
  userCount: activeUsersOf(noticeIdCol),
  readCount: readersOf(noticeIdCol),
  createdAt: agentNotices.createdAt,
};

/** The agent's notice rows with the notices they published (a row before its notice is written has none). */
const published = <TFields extends SelectedFields>(db: TDb, fields: TFields) =>
  db.select(fields).from(agentNotices).innerJoin(notices, eq(notices.id, agentNotices.noticeId));

export const agentNoticeRepository = {
  /** The agent's enterprises among `ids`, or all of them when `ids` is undefined. */
  enterpriseIds: async (db: TDb, agentId: number, ids?: number[]) =>
    (
      await db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.agentId, agentId), ids ? inArray(tenants.id, ids) : undefined))
        .orderBy(tenants.id)
    ).map((r) => r.id),

  /**
   * Claims the request key: the row, or null when the key was used already. Two requests with one
   * key at once: the unique index makes the second wait for the first and then find it taken.
   */
  claim: async (db: TDb, row: typeof agentNotices.$inferInsert) =>
    (
      await db
        .insert(agentNotices)
        .values(row)
        .onConflictDoNothing({ target: [agentNotices.agentId, agentNotices.requestKey] })
        .returning({ id: agentNotices.id })
    )[0] ?? null,

  idOfKey: async (db: TDb, agentId: number, requestKey: string) =>
    (
      await firstRow(
        db
          .select({ id: agentNotices.id })
          .from(agentNotices)
          .where(and(eq(agentNotices.agentId, agentId), eq(agentNotices.requestKey, requestKey))),
      )
    )?.id ?? null,

  attach: (db: TDb, id: number, noticeId: number, enterpriseCount: number) =>
    db.update(agentNotices).set({ noticeId, enterpriseCount }).where(eq(agentNotices.id, id)),

  /** One of the agent's notices with its figures, or null (another agent's id finds nothing). */
  one: (db: TDb, agentId: number, id: number) =>
    firstRow(published(db, noticeColumns).where(and(eq(agentNotices.agentId, agentId), eq(agentNotices.id, id)))),

  /** 公告: the agent's notices, newest first (agent_notices_agent_created_idx). */
  page: async (db: TDb, agentId: number, f: { title?: string }, q: TPaging) => {
    const conds: SQL[] = [eq(agentNotices.agentId, agentId), isNotNull(agentNotices.noticeId)];
    if (f.title) conds.push(ilike(notices.title, likeOf(f.title)));
    const where = and(...conds);
    return pageOf(
      published(db, { n: count() }).where(where),
      published(db, noticeColumns)
        .where(where)
        .orderBy(...newestFirst(agentNotices))
        .$dynamic(),
      q,
    );
  },

  /** notice-cpfr: per addressed enterprise, its active users and how many of its users read the notice. */
  reach: async (db: TDb, noticeId: number, q: TPaging) => {
    const tenantIdCol = sql.raw('"tenants"."id"');
    const where = eq(noticeTargets.noticeId, noticeId);
    return pageOf(
      db.select({ n: count() }).from(noticeTargets).where(where),
      db
        .select({
          enterpriseId: tenants.id,
          enterpriseName: tenants.name,
          userCount: sql<number>`(select count(*)::int from ${users} u where u.tenant_id = ${tenantIdCol} and u.status = 'active')`,
          readCount: sql<number>`(select count(*)::int from ${noticeReads} r join ${users} u on u.id = r.user_id
          where r.notice_id = ${noticeId} and u.tenant_id = ${tenantIdCol})`,
        })
        .from(noticeTargets)
        .innerJoin(tenants, eq(tenants.id, noticeTargets.tenantId))
        .where(where)
        .orderBy(tenants.id)
        .$dynamic(),
      q,
    );
  },

  /** The bell's notice behind one of the agent's notices, or null. */
  noticeIdOf: async (db: TDb, agentId: number, id: number) =>
    (
      await firstRow(
        db
          .select({ noticeId: agentNotices.noticeId })
          .from(agentNotices)
          .where(and(eq(agentNotices.agentId, agentId), eq(agentNotices.id, id))),
      )
    )?.noticeId ?? null,
};
