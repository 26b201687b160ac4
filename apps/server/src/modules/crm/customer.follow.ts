import {
  type crmRoutes,
  followMethodLabel,
  type TParsedRequestOf,
  type TTimelineItem,
  timelineKinds,
} from '@yunhu/contract';
import type { TDb } from '../../db/client.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { emitWebhookEvent } from '../integration/index.js';
import { type TCustomerAccess, viewContext } from './crm.context.js';
import { crmErrors } from './crm.errors.js';
import { crmRepository } from './crm.repository.js';
import { diffCustomer } from './crm.view.js';
import { visible } from './customer.read.js';
import { customerRepository as repo } from './customer.repository.js';
import { buildTimeline } from './timeline.js';

type TReq<K extends keyof typeof crmRoutes> = TParsedRequestOf<(typeof crmRoutes)[K]>;
/** A follow-up as written by a person or by a calling task (which passes the phone label its call showed). */
type TFollowInput = TReq<'followAdd'>;

export const timelineOf = async (tx: TDb, auth: TAuth, customerId: number, kinds?: readonly string[]) => {
  const vc = await viewContext(tx, auth);
  return buildTimeline(tx, auth.tenantId, customerId, new Set(kinds ?? timelineKinds), vc);
};

/**
 * Writes a follow-up (and the phone label a call showed) inside the caller's transaction. Calling
 * tasks pass the grant of their open item; others pass their own scope.
 */
export const followIn = async (
  tx: TDb,
  auth: TAuth,
  access: TCustomerAccess,
  input: TFollowInput,
): Promise<TTimelineItem> => {
  const before = await visible(tx, auth, access, input.customerId, true);
  const next = input.nextFollowAt === null ? null : new Date(input.nextFollowAt);
  const r = await crmRepository.insertFollow(tx, {
    tenantId: auth.tenantId,
    customerId: input.customerId,
    userId: auth.userId,
    method: input.method,
    content: input.content,
    nextFollowAt: next,
  });
  const label = input.phoneLabel !== undefined && input.phoneLabel !== before.phoneLabel ? input.phoneLabel : null;
  await repo.update(tx, auth.tenantId, [input.customerId], {
    lastFollowAt: r.createdAt,
    lastFollowContent: input.content,
    nextFollowAt: next,
    releaseRemindedAt: null,
    ...(label ? { phoneLabel: label } : {}),
  });
  // 跟进新增 to the enterprise's webhooks, in the follow-up's own transaction (the outbox).
  await emitWebhookEvent(tx, auth.tenantId, 'followup.created', {
    followUpId: r.id,
    customerId: input.customerId,
    userId: auth.userId,
    method: input.method,
    content: input.content,
    nextFollowAt: next?.getTime() ?? null,
    createdAt: r.createdAt.getTime(),
  });
  if (label) {
    const changes = diffCustomer(before, { phoneLabel: label }, new Map(), new Map());
    await crmRepository.insertChangeLogs(tx, [
      { tenantId: auth.tenantId, customerId: before.id, userId: auth.userId, changes },
    ]);
  }
  return {
    kind: 'follow',
    id: r.id,
    at: r.createdAt.getTime(),
    userName: auth.realName,
    content: r.content,
    detail: {
      method: r.method,
      methodLabel: followMethodLabel[input.method],
      nextFollowAt: next?.getTime() ?? null,
    },
  };
};

/** The customer's timeline, if he may see the customer. */
export const timeline = async (
  { auth, tx, scope }: TRequestContext,
  customerId: number,
  kinds?: readonly string[],
): Promise<TTimelineItem[]> => {
  await visible(tx, auth, scope, customerId);
  return timelineOf(tx, auth, customerId, kinds);
};

/** A follow-up restarts the no-follow-up clock of the automatic release (and its reminder). */
export const followAdd = async ({ auth, tx, scope }: TRequestContext, input: TFollowInput): Promise<TTimelineItem> => {
  if (input.nextFollowAt !== null && input.nextFollowAt <= Date.now()) throw crmErrors.nextFollowPast();
  return followIn(tx, auth, scope, input);
};

export const commentAdd = async (
  { auth, tx, scope }: TRequestContext,
  input: TReq<'commentAdd'>,
): Promise<TTimelineItem> => {
  await visible(tx, auth, scope, input.customerId);
  const r = await crmRepository.insertComment(tx, {
    tenantId: auth.tenantId,
    customerId: input.customerId,
    userId: auth.userId,
    content: input.content,
  });
  return {
    kind: 'comment',
    id: r.id,
    at: r.createdAt.getTime(),
    userName: auth.realName,
    content: r.content,
    detail: {},
  };
};
