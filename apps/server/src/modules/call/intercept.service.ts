import {
  type callInterceptRoutes,
  maskPhone,
  type TCallIntercept,
  type TCallInterceptReason,
  type TParsedRequestOf,
  toPage,
} from '@yunhu/contract';
import type { TDatabase } from '../../db/client.js';
import { withTenant } from '../../db/tenant.js';
import type { TRequestContext } from '../../http/context.js';
import type { TIsMasked } from './dial.service.js';
import { interceptRepository as repo } from './intercept.repository.js';
import { sipCallRepository } from './sip-call.repository.js';

/**
 * How long a dial request's bind may be taken by its INVITE: the page places the call at once (a
 * first microphone prompt may hold it a little), and the dial flow stops counting it as under way
 * after the same time.
 */
export const bindTtlMs = 2 * 60_000;

/** What Kamailio saw of a refused call (kamailio.cfg routes INTERCEPT and BIND_TARGET). */
export type TEdgeAttempt = {
  /** The key that authenticated. */
  sipUser: string;
  /** The Request-URI's user: a number, a bind id or a key. */
  dialled: string;
  bindId: string;
  sourceIp: string;
  /** The INVITE's SIP Call-ID: its retransmissions are one attempt ('' when Kamailio sent none). */
  callId: string;
};

type TPageRequest = TParsedRequestOf<(typeof callInterceptRoutes)['page']>;

const isNumber = (s: string) => /^[+]?\d{3,20}$/.test(s);

export type TInterceptService = ReturnType<typeof createInterceptService>;

/**
 * The SIP edge's authorisation of calls toward the carrier and the log of what it refused (呼叫拦截
 * 记录): a call goes out only on the dial flow's bind, once, while fresh, for the key that asked
 * (and for the number it was made for); everything else is refused and written down in the
 * caller's enterprise.
 */
export const createInterceptService = (deps: {
  database: TDatabase;
  isMasked: TIsMasked;
  logger: { warn: (obj: object, msg: string) => void };
}) => {
  const { database } = deps;

  /** Writes the refusal in the caller's enterprise; a key nobody holds (cannot pass digest) is only logged. */
  const record = async (attempt: TEdgeAttempt, reason: TCallInterceptReason): Promise<boolean> => {
    const person = await sipCallRepository.personOfKey(database.db, attempt.sipUser);
    deps.logger.warn({ ...attempt, reason }, 'SIP edge: call refused');
    if (!person) return false;
    await withTenant(database, person.tenantId, (tx) =>
      repo.insert(tx, {
        tenantId: person.tenantId,
        userId: person.userId,
        deptId: person.deptId,
        sipUser: attempt.sipUser,
        number: attempt.dialled,
        bindId: attempt.bindId,
        reason,
        sourceIp: attempt.sourceIp,
        callId: attempt.callId,
      }),
    );
    return true;
  };

  /** Why a bind could not be taken (it was taken by another INVITE when nothing else is wrong). */
  const refusalOf = async (attempt: TEdgeAttempt, number: string | null, now: Date): Promise<TCallInterceptReason> => {
    const bind = await repo.bindForVerdict(database.db, attempt.bindId);
    if (!bind) return 'bind_unknown';
    if (bind.sipUser !== attempt.sipUser) return 'bind_foreign';
    if (number !== null && bind.telB !== number) return 'number_mismatch';
    if (bind.callId !== null || bind.state !== 'created') return 'bind_used';
    if (now.getTime() - bind.createdAt.getTime() >= bindTtlMs) return 'bind_expired';
    return 'bind_used';
  };

  return {
    /**
     * Kamailio's bind look-up (route BIND_TARGET): the number to call when this INVITE (`callId`)
     * takes the bind, else null, the refusal written. `number`: the number the INVITE dialled
     * beside its X-Bind-Id, null when the Request-URI named the bind.
     */
    authorise: async (attempt: TEdgeAttempt & { number: string | null }, now = new Date()): Promise<string | null> => {
      const claimed = await repo.claimBind(database.db, {
        bindId: attempt.bindId,
        sipUser: attempt.sipUser,
        callId: attempt.callId,
        since: new Date(now.getTime() - bindTtlMs),
        number: attempt.number,
      });
      if (claimed) return claimed.telB;
      await record(attempt, await refusalOf(attempt, attempt.number, now));
      return null;
    },

    /** A refusal Kamailio decided itself (no bind at all, a key of another enterprise). */
    record,

    /** 呼叫拦截记录 within the reader's data scope; numbers masked for those who see them masked. */
    page: async ({ auth, tx, scope }: TRequestContext, q: TPageRequest) => {
      const { rows, total } = await repo.page(tx, auth.tenantId, scope, q);
      const isMasked = await deps.isMasked(tx, auth);
      return toPage(
        rows.map(
          (r): TCallIntercept => ({
            id: r.id,
            number: isMasked && isNumber(r.number) ? maskPhone(r.number) : r.number,
            reason: r.reason as TCallInterceptReason,
            sipUser: r.sipUser,
            userName: r.userName,
            deptName: r.deptName,
            sourceIp: r.sourceIp,
            createdAt: r.createdAt.getTime(),
          }),
        ),
        total,
        q,
      );
    },
  };
};
