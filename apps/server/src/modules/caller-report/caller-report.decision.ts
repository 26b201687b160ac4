import { noticeLinks } from '@yunhu/contract';
import type { TDb } from '../../db/client.js';

export type TSmsSend = {
  send: (mobile: string, text: string, meta: { code: string; purpose: string }) => Promise<void>;
};
export type TLogger = { warn: (obj: object, msg: string) => void };

/** A decided report as the review's conditional update returns it. */
type TDecided = { tenantId: number; createdBy: number; number: string };

/** What a decision tells the enterprise; `reason` null: approved. */
export const decisionMessage = (number: string, reason: string | null) =>
  reason === null
    ? { title: '号码报备已通过', content: `外显号码 ${number} 的报备已审核通过，可用于外呼。` }
    : {
        title: '号码报备被驳回',
        content: `外显号码 ${number} 的报备被驳回：${reason}。请修改后重新提交。`,
      };

/**
 * How the enterprise hears a decision: a bell notice to its administrators and the report's
 * creator, written in the decision's transaction (so a decision refused as already taken tells no
 * one), then an SMS to the administrators once that transaction is committed.
 */
export const decisionNotices = (deps: {
  /** The enterprise's active administrators (the org area's). */
  administrators: (db: TDb, tenantId: number) => Promise<{ userId: number; mobile: string | null }[]>;
  notifyUsers: (
    db: TDb,
    rows: { tenantId: number; userId: number; title: string; content: string; link?: string }[],
  ) => unknown;
  sms: TSmsSend;
  logger: TLogger;
}) => ({
  tellDecision: async (db: TDb, decided: TDecided, reason: string | null) => {
    const message = decisionMessage(decided.number, reason);
    const admins = await deps.administrators(db, decided.tenantId);
    const userIds = new Set([decided.createdBy, ...admins.map((a) => a.userId)]);
    await deps.notifyUsers(
      db,
      [...userIds].map((userId) => ({
        tenantId: decided.tenantId,
        userId,
        ...message,
        link: noticeLinks.callerReports,
      })),
    );
    return {
      tenantId: decided.tenantId,
      mobiles: admins.flatMap((a) => (a.mobile ? [a.mobile] : [])),
      text: message.content,
    };
  },

  /** A failed send is logged and never takes the decision back. */
  sendDecisionSms: async (told: { tenantId: number; mobiles: string[]; text: string }) => {
    for (const mobile of told.mobiles) {
      await deps.sms
        .send(mobile, `【云呼】${told.text}`, { code: '', purpose: 'callerReport' })
        .catch((error: unknown) =>
          deps.logger.warn({ err: error, tenantId: told.tenantId }, 'caller report: decision SMS failed'),
        );
    }
  },
});
