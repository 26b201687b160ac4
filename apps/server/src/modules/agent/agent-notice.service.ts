import { type TAgentNotice, type TRouteInput, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TRequestContext } from '../../http/context.js';
import { agentNoticeErrors as errors } from './agent-notice.errors.js';
import { agentNoticeRepository as repo } from './agent-notice.repository.js';
import { asAgent } from './agent-wall.js';

type TNoticeRow = NonNullable<Awaited<ReturnType<typeof repo.one>>>;

/** The system area's writer of a notice to tenants (system.notifyTenants), in the caller's transaction. */
export type TNotifyTenants = (
  db: TDb,
  row: { title: string; content: string; publisher: string; tenantIds: number[] },
) => Promise<number>;

const toNotice = (r: TNoticeRow): TAgentNotice => ({
  ...r,
  audience: r.audience as TAgentNotice['audience'],
  createdAt: r.createdAt.getTime(),
});

export type TAgentNoticeService = ReturnType<typeof createAgentNoticeService>;

/**
 * An agent's notices (公告) to its enterprises (docs/decisions/0020-resellers.md). A notice
 * is the bell's own (system area): addressed to the enterprises, every user of each sees it and
 * marks it read there; the agent sees how many enterprises and users it reached and who read it.
 */
export const createAgentNoticeService = (deps: { notifyTenants: TNotifyTenants }) => ({
  noticePage: (ctx: TRequestContext, q: TRouteInput<'agent', 'noticePage'>) =>
    asAgent(ctx, async (db, agent) => {
      const { records, total } = await repo.page(db, agent.id, q, q);
      return toPage(records.map(toNotice), total, q);
    }),

  /**
   * Publishes once per request key: the key is claimed first, so a double click or a retry (even at
   * the same moment) finds the first notice and gets it back instead of sending a second one.
   */
  noticePublish: (ctx: TRequestContext, input: TRouteInput<'agent', 'noticePublish'>) =>
    asAgent(ctx, async (db, agent) => {
      const claimed = await repo.claim(db, {
        agentId: agent.id,
        audience: input.audience,
        requestKey: input.requestKey,
        createdBy: ctx.auth.userId,
        createdByName: ctx.auth.realName,
      });
      if (!claimed) {
        const id = await repo.idOfKey(db, agent.id, input.requestKey);
        const first = id === null ? null : await repo.one(db, agent.id, id);
        if (!first) throw errors.noticeMissing();
        return toNotice(first);
      }
      const chosen = input.audience === 'all' ? undefined : [...new Set(input.enterpriseIds)];
      const tenantIds = await repo.enterpriseIds(db, agent.id, chosen);
      // A chosen enterprise that is not the agent's is refused outright (nothing is sent), never skipped.
      if (chosen && tenantIds.length !== chosen.length) throw errors.enterpriseNotYours();
      if (tenantIds.length === 0) throw errors.noEnterprises();
      const noticeId = await deps.notifyTenants(db, {
        title: input.title,
        content: input.content,
        publisher: agent.name,
        tenantIds,
      });
      await repo.attach(db, claimed.id, noticeId, tenantIds.length);
      return toNotice((await repo.one(db, agent.id, claimed.id))!);
    }),

  /** notice-cpfr: the enterprises one notice reached, each with its users and how many read it. */
  noticeReach: (ctx: TRequestContext, q: TRouteInput<'agent', 'noticeReach'>) =>
    asAgent(ctx, async (db, agent) => {
      const noticeId = await repo.noticeIdOf(db, agent.id, q.noticeId);
      if (noticeId === null) throw errors.noticeMissing();
      const { records, total } = await repo.reach(db, noticeId, q);
      return toPage(records, total, q);
    }),
});
