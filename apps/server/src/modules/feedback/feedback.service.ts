import { feedbackNoticeLink, type TFeedbackKind, type TFeedbackState, type TRouteInput, toPage } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import { asPlatform, type TAuth, type TRequestContext } from '../../http/context.js';
import { feedbackErrors as errors } from './feedback.errors.js';
import { feedbackRepository as repo, type TFeedbackOwner, type TFeedbackRow } from './feedback.repository.js';

const dayMs = 86_400_000;

const toFeedback = (r: TFeedbackRow) => ({
  id: r.feedback.id,
  tenantId: r.feedback.tenantId,
  enterpriseName: r.enterpriseName,
  userId: r.feedback.userId,
  author: r.feedback.author,
  kind: r.feedback.kind as TFeedbackKind,
  content: r.feedback.content,
  screenshots: r.feedback.screenshots,
  state: r.feedback.state as TFeedbackState,
  replyCount: r.feedback.replyCount,
  createdAt: r.feedback.createdAt.getTime(),
  updatedAt: r.feedback.updatedAt.getTime(),
  closedAt: r.feedback.closedAt?.getTime() ?? null,
});

const withThread = async (db: TDb, r: TFeedbackRow) => ({
  ...toFeedback(r),
  messages: (await repo.messages(db, r.feedback.id)).map((m) => ({
    id: m.id,
    side: m.side as 'user' | 'platform',
    author: m.author,
    content: m.content,
    createdAt: m.createdAt.getTime(),
  })),
});

/**
 * Whose feedback a user reads: his own; an enterprise administrator every sender's of his
 * enterprise (he answers for its staff's complaints), never another enterprise's.
 */
const readerOf = (auth: TAuth): TFeedbackOwner => ({
  tenantId: auth.tenantId,
  userId: auth.isAdmin ? null : auth.userId,
});

const nameOf = (auth: TAuth) => auth.realName || auth.username;

export type TFeedbackService = ReturnType<typeof createFeedbackService>;

/** 意见反馈: sent by any signed-in user, answered in a thread and closed by the platform operator. */
export const createFeedbackService = (deps: {
  /** Whether a URL is one of the caller's enterprise's image uploads (the system area). */
  isOwnUpload: (tx: TDb, auth: TAuth, url: string) => Promise<boolean>;
  /** A notice to a person's bell (the system area), in the caller's transaction. */
  notify: (
    db: TDb,
    rows: { tenantId: number; userId: number; title: string; content: string; link?: string }[],
  ) => Promise<void>;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());

  /** Why a move found nothing to change: the feedback is missing, or in a state it cannot leave. */
  const refusal = async (db: TDb, id: number, otherwise: () => Error) =>
    (await repo.one(db, id, null)) ? otherwise() : errors.notFound();

  return {
    send: async ({ auth, tx }: TRequestContext, input: TRouteInput<'feedback', 'feedbackSend'>) => {
      if (auth.isSuper) throw errors.platformNeedsNone();
      if (new Set(input.screenshots).size !== input.screenshots.length) throw errors.screenshotTwice();
      for (const url of input.screenshots) {
        if (!(await deps.isOwnUpload(tx, auth, url))) throw errors.screenshotNotUploaded();
      }
      const id =
        (await repo.insert(tx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          author: nameOf(auth),
          kind: input.kind,
          content: input.content,
          screenshots: input.screenshots,
          requestKey: input.requestKey,
        })) ?? (await repo.idOfKey(tx, auth.tenantId, auth.userId, input.requestKey));
      return toFeedback((await repo.one(tx, id!, { tenantId: auth.tenantId, userId: auth.userId }))!);
    },

    mine: async ({ auth, tx }: TRequestContext, input: TRouteInput<'feedback', 'feedbackMine'>) => {
      const { records, total } = await repo.mine(tx, readerOf(auth), input.state, input);
      return toPage(records.map(toFeedback), total, input);
    },

    info: async ({ auth, tx }: TRequestContext, input: TRouteInput<'feedback', 'feedbackInfo'>) => {
      const row = await repo.one(tx, input.id, readerOf(auth));
      if (!row) throw errors.notFound();
      return withThread(tx, row);
    },

    /** The sender adds to his own open feedback; it waits for the platform again. */
    append: async ({ auth, tx }: TRequestContext, input: TRouteInput<'feedback', 'feedbackAppend'>) => {
      const own = { tenantId: auth.tenantId, userId: auth.userId };
      if (!(await repo.one(tx, input.id, own))) throw errors.notFound();
      if (!(await repo.moveOpen(tx, input.id, 'pending'))) throw errors.closed();
      await repo.addMessage(tx, {
        tenantId: auth.tenantId,
        feedbackId: input.id,
        side: 'user',
        author: nameOf(auth),
        content: input.content,
      });
      return null;
    },

    queue: (ctx: TRequestContext, input: TRouteInput<'feedback', 'feedbackQueue'>) =>
      asPlatform(ctx, async (db) => {
        const { page, limit, days, ...filter } = input;
        const since = days ? new Date(now().getTime() - days * dayMs) : undefined;
        const { records, total } = await repo.queue(db, { ...filter, since }, { page, limit });
        return toPage(records.map(toFeedback), total, input);
      }),

    platformInfo: (ctx: TRequestContext, input: TRouteInput<'feedback', 'feedbackPlatformInfo'>) =>
      asPlatform(ctx, async (db) => {
        const row = await repo.one(db, input.id, null);
        if (!row) throw errors.notFound();
        return withThread(db, row);
      }),

    accept: (ctx: TRequestContext, input: TRouteInput<'feedback', 'feedbackAccept'>) =>
      asPlatform(ctx, async (db) => {
        const moved = await repo.moveOpen(db, input.id, 'processing', { onlyFrom: 'pending' });
        if (!moved) throw await refusal(db, input.id, errors.notRepliable);
        return null;
      }),

    /** A reply joins the thread and rings the sender's bell, in the same transaction. */
    reply: (ctx: TRequestContext, input: TRouteInput<'feedback', 'feedbackReply'>) =>
      asPlatform(ctx, async (db) => {
        const sender = await repo.moveOpen(db, input.id, 'replied', { isReply: true });
        if (!sender) throw await refusal(db, input.id, errors.closed);
        await repo.addMessage(db, {
          tenantId: sender.tenantId,
          feedbackId: input.id,
          side: 'platform',
          author: nameOf(ctx.auth),
          content: input.content,
        });
        const excerpt = input.content.length > 100 ? `${input.content.slice(0, 100)}…` : input.content;
        await deps.notify(db, [
          {
            ...sender,
            title: '您的意见反馈有新回复',
            content: excerpt,
            link: feedbackNoticeLink(input.id),
          },
        ]);
        return null;
      }),

    close: (ctx: TRequestContext, input: TRouteInput<'feedback', 'feedbackClose'>) =>
      asPlatform(ctx, async (db) => {
        if (!(await repo.moveOpen(db, input.id, 'closed'))) throw await refusal(db, input.id, errors.closed);
        return null;
      }),
  };
};
