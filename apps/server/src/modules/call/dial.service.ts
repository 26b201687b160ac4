import crypto from 'node:crypto';
import {
  type callRoutes,
  maskedPhoneRule,
  maskPhone,
  shanghaiClock,
  shanghaiDayStart,
  softphoneLineMode,
  type TCalleeCheckRequest,
  type TDialRequest,
  type TDialResult,
  type TDialState,
  type TParsedRequestOf,
  type TUsableLine,
} from '@yunhu/contract';
import type { TDatabase, TDb } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { detachFromRequest, withTenant } from '../../db/tenant.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { currentRequestId } from '../../http/request-log.js';
import { ensureDialFunds } from '../billing/index.js';
import { findBlocked, recordIntercept, type TBlockLevel } from '../blacklist/index.js';
import { offeredCallerNumbers, pickCallerNumber } from '../caller-report/index.js';
import { endCallClaim, type TCustomerAccess, takeCallClaim } from '../crm/index.js';
import { callingRulesFor, findUsableSeat } from '../seat/index.js';
import type { TCarrier } from '../telephony/index.js';
import { callErrors } from './call.errors.js';
import { isBindOver, callRepository as repo } from './call.repository.js';
import { callProgressRepository as progressRepo } from './call-progress.repository.js';
import { progressOf } from './callback-progress.js';
import { isWithinHours, newBindId } from './dial.rules.js';

/**
 * The customer check of the CRM area: the customer, or not found when the person may not see him
 * (within his scope, or by the grant of a calling task's open item).
 */
export type TCustomerGuard = (
  tx: TDb,
  auth: TAuth,
  access: TCustomerAccess,
  customerId: number,
) => Promise<{ mobile: string }>;

/** Whether this person sees customer numbers masked (the CRM privacy rule). */
export type TIsMasked = (tx: TDb, auth: TAuth) => Promise<boolean>;

type TCallingRules = Awaited<ReturnType<typeof callingRulesFor>>;
type TSeat = NonNullable<Awaited<ReturnType<typeof findUsableSeat>>>;

/** The calling task's check of a dial made for one of its items (the task-card area's). */
export type TTaskItemGuard = (tx: TDb, auth: TAuth, itemId: number, customerId: number | undefined) => Promise<void>;

/** A soft-phone request whose INVITE never came stops counting as a call under way after this. */
const createdStaleAfterMs = 2 * 60_000;
/** Any request stops counting as under way after this (a lost hang-up must not block the number). */
const liveStaleAfterMs = 2 * 3_600_000;
/**
 * A request ringing but never answered stops blocking its caller's next dial after this (a carrier
 * gives up within about a minute; one without progress events reports no answer, so a long call
 * of such a carrier lets a second dial through after it, rather than a lost callback stopping him).
 */
const ringingStaleAfterMs = 2 * 60_000;

export type TDialService = ReturnType<typeof createDialService>;

type TDialStateRequest = TParsedRequestOf<(typeof callRoutes)['dialState']>;

/** What the dial request is handed: it opens its own transactions (see `dial`). */
export type TDialContext = Omit<TRequestContext, 'tx'>;

/**
 * The dial flow on the server (spec section 4 Dial flow): the callee check, the
 * refusals (seat, black-list, hours, daily limits) and the dial request whose bind id ties the call
 * record to the person and the customer. Soft-phone lines leave the call to the page's SIP phone;
 * call-back and app lines hand it to the carrier.
 */
export const createDialService = (deps: {
  database: TDatabase;
  customerGuard: TCustomerGuard;
  taskItemGuard: TTaskItemGuard;
  isMasked: TIsMasked;
  carrier: TCarrier;
  now?: () => Date;
}) => {
  const now = deps.now ?? (() => new Date());

  /**
   * The number to dial: as typed, or, from a customer, checked against him (a masked number is
   * his mobile as this person sees it, replaced by the real one here).
   */
  const numberFor = async ({ auth, tx, scope }: TRequestContext, typed: string, customerId?: number) => {
    if (customerId === undefined) return typed;
    const customer = await deps.customerGuard(tx, auth, scope, customerId);
    if (!maskedPhoneRule.test(typed)) return typed;
    if (maskPhone(customer.mobile) !== typed) throw callErrors.numberMismatch();
    return customer.mobile;
  };

  /** Step 2: true when a colleague is on a call with this number now, 0 otherwise. */
  const calleeCheck = async (ctx: TRequestContext, input: TCalleeCheckRequest): Promise<true | 0> =>
    (await repo.isNumberBusyWithOthers(ctx.tx, {
      tenantId: ctx.auth.tenantId,
      userId: ctx.auth.userId,
      telB: await numberFor(ctx, input.mobile, input.octCustomerId),
      now: now(),
      createdStaleAfterMs,
      liveStaleAfterMs,
    }))
      ? true
      : 0;

  type TOutcome =
    | { kind: 'ok'; result: TDialResult; order: Parameters<TCarrier['placeCall']>[0] | null }
    | { kind: 'blocked'; level: TBlockLevel; telB: string };

  /** The calling settings' refusals: outside the allowed hours, a call under way, a daily limit reached. */
  const checkRules = async (tx: TDb, auth: TAuth, rules: TCallingRules, telB: string, at: Date) => {
    if (!isWithinHours(shanghaiClock(at), rules.allowedFrom, rules.allowedTo)) {
      throw callErrors.outsideHours(rules.allowedFrom, rules.allowedTo);
    }
    // One person's dials are counted one at a time, so two quick clicks cannot both pass a limit.
    await lockForTransaction(tx, 'call_binds', auth.userId);
    // Spec section 4 Dial flow, step 1: while his call is active a second dial does nothing.
    if (
      await progressRepo.hasCallUnderWay(tx, {
        tenantId: auth.tenantId,
        userId: auth.userId,
        ringingSince: new Date(at.getTime() - ringingStaleAfterMs),
        talkingSince: new Date(at.getTime() - liveStaleAfterMs),
      })
    ) {
      throw callErrors.callInProgress();
    }
    const since = shanghaiDayStart(at);
    const base = { tenantId: auth.tenantId, userId: auth.userId, since };
    if (rules.perNumberDailyLimit > 0 && (await repo.countBinds(tx, { ...base, telB })) >= rules.perNumberDailyLimit) {
      throw callErrors.perNumberLimit(rules.perNumberDailyLimit);
    }
    if (rules.dailyLimit > 0 && (await repo.countBinds(tx, base)) >= rules.dailyLimit) {
      throw callErrors.dailyLimit(rules.dailyLimit);
    }
  };

  /** The dial request: for the page's SIP phone on a soft-phone line, else the carrier's order. */
  const writeRequest = async (
    tx: TDb,
    auth: TAuth,
    {
      seat,
      rules,
      telB,
      customerId,
      at,
    }: { seat: TSeat; rules: TCallingRules; telB: string; customerId: number | null; at: Date },
  ): Promise<TOutcome> => {
    // 号码报备: while 数据审核 is on, only a number whose report is approved goes out.
    const telX = await pickCallerNumber(tx, {
      tenantId: auth.tenantId,
      lineId: seat.lineId,
      numbers: seat.callerNumbers,
      preferred: rules.callerNumber,
    });
    const bind = await repo.insertBind(tx, {
      tenantId: auth.tenantId,
      bindId: newBindId(() => crypto.randomUUID()),
      userId: auth.userId,
      deptId: auth.deptId,
      lineId: seat.lineId,
      lineMode: seat.lineMode,
      telA: await repo.userMobile(tx, auth.tenantId, auth.userId),
      telB,
      telX,
      customerId,
      isRecorded: rules.recording,
      // A carrier call is under way from the order on; a soft-phone one once its INVITE comes.
      state: seat.lineMode === softphoneLineMode ? 'created' : 'ringing',
      // Handed to Kamailio with the call's invite event: its later events carry it back to the logs.
      requestId: currentRequestId() ?? null,
      createdAt: at,
      updatedAt: at,
    });
    const isSoftphone = seat.lineMode === softphoneLineMode;
    // Kamailio dials a bind id as its number (route CALLEE), for those who may not see it.
    const sipTarget = !isSoftphone ? '' : (await deps.isMasked(tx, auth)) ? bind.bindId : telB;
    return {
      kind: 'ok',
      result: { bindId: bind.bindId, lineMode: seat.lineMode, status: 1, telX, sipTarget },
      order: isSoftphone
        ? null
        : {
            bindId: bind.bindId,
            tenantId: auth.tenantId,
            lineMode: seat.lineMode,
            telA: bind.telA,
            telB: bind.telB,
            telX,
            isRecorded: bind.isRecorded,
          },
    };
  };

  /**
   * Opens its own transactions (a detached route): a black-listed number's refusal must stay
   * logged although the request answers with an error, and the carrier is ordered only once the
   * dial request is committed.
   */
  const dial = async ({ auth, scope }: TDialContext, input: TDialRequest): Promise<TDialResult> => {
    const at = now();
    const outcome = await withTenant(deps.database, auth.tenantId, async (tx): Promise<TOutcome> => {
      if (input.taskItemId !== undefined) await deps.taskItemGuard(tx, auth, input.taskItemId, input.octCustomerId);
      const telB = await numberFor({ auth, tx, scope }, input.telB, input.octCustomerId);
      const seat = await findUsableSeat(tx, auth.tenantId, auth.userId, input.interfaceId, at);
      if (!seat) throw callErrors.noSeat();
      if (seat.lineMode !== softphoneLineMode && !deps.carrier.isAvailable) throw callErrors.noCarrier();
      // Nothing left on the line after the calls under way (on every line) hold their block: 余额不足 (billing).
      await ensureDialFunds(tx, auth.tenantId, { lineId: seat.lineId, userId: auth.userId }, at, () =>
        repo.countUnderWayByLine(tx, {
          tenantId: auth.tenantId,
          now: at,
          createdStaleAfterMs,
          liveStaleAfterMs,
        }),
      );
      const level = (await findBlocked(tx, auth.tenantId, [telB], at)).get(telB);
      if (level) return { kind: 'blocked', level, telB };
      const rules = await callingRulesFor(tx, auth.tenantId, auth.userId);
      await checkRules(tx, auth, rules, telB, at);
      // 正在拨打, last of the checks: a refused dial rolls its claim back with it; ended with the call.
      if (input.octCustomerId !== undefined) {
        const { tenantId, userId, realName: userName } = auth;
        await takeCallClaim(tx, { tenantId, customerId: input.octCustomerId, userId, userName });
      }
      return writeRequest(tx, auth, { seat, rules, telB, customerId: input.octCustomerId ?? null, at });
    });
    if (outcome.kind === 'blocked') {
      // The refusal is logged (黑名单拦截) in its own transaction: the refused dial writes nothing else.
      await withTenant(deps.database, auth.tenantId, (tx) =>
        recordIntercept(tx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          deptId: auth.deptId,
          number: outcome.telB,
          level: outcome.level,
          reason: '',
          via: '拨号',
        }),
      );
      throw callErrors.blocked(outcome.level);
    }
    // The carrier is called once the request is committed, so its callback always finds the bind.
    // The simulated call outlives this request and opens transactions of its own.
    const order = outcome.order;
    if (order) detachFromRequest(() => deps.carrier.placeCall(order));
    return outcome.result;
  };

  /** The lines he holds a valid seat on now, his calling-settings line first marked as default. */
  const usableLines = async ({ auth, tx }: TRequestContext): Promise<TUsableLine[]> => {
    const at = now();
    const rules = await callingRulesFor(tx, auth.tenantId, auth.userId);
    const found: TUsableLine[] = [];
    for (const lineId of await repo.activeLineIds(tx)) {
      const seat = await findUsableSeat(tx, auth.tenantId, auth.userId, lineId, at);
      if (seat) {
        found.push({
          lineId: seat.lineId,
          lineName: seat.lineName,
          lineMode: seat.lineMode,
          callerNumbers: await offeredCallerNumbers(tx, auth.tenantId, seat.lineId, seat.callerNumbers),
          isDefault: false,
        });
      }
    }
    const preferred = found.find((l) => l.lineId === rules.lineId) ?? found[0];
    if (preferred) preferred.isDefault = true;
    return found;
  };

  /** His own dial request and, once written, its call record; another's answers not found. */
  const dialState = async ({ auth, tx }: TRequestContext, input: TDialStateRequest): Promise<TDialState> => {
    const bind = await repo.findOwnBind(tx, auth.tenantId, auth.userId, input.bindId);
    if (!bind) throw callErrors.noSuchDial();
    const record = await repo.recordOfBind(tx, bind);
    return {
      bindId: bind.bindId,
      state: bind.state,
      isOver: record !== null || isBindOver(bind.state),
      callStatus: record?.callStatus ?? null,
      duration: record?.duration ?? null,
      callRecordId: record?.id ?? null,
      customerId: bind.customerId,
      progress: progressOf(bind, record !== null || isBindOver(bind.state)),
    };
  };

  /** Withdraws his soft-phone request whose call the page never placed; a call under way stays. */
  const dialCancel = async ({ auth, tx }: TRequestContext, input: TDialStateRequest): Promise<null> => {
    const bind = await repo.findOwnBind(tx, auth.tenantId, auth.userId, input.bindId);
    if (!bind) throw callErrors.noSuchDial();
    if (bind.state === 'cancelled') return null;
    if (bind.state !== 'created') throw callErrors.alreadyPlaced();
    await repo.setBindState(tx, auth.tenantId, bind.bindId, 'cancelled', ['created']);
    if (bind.customerId !== null) {
      await endCallClaim(tx, { tenantId: auth.tenantId, customerId: bind.customerId, userId: auth.userId });
    }
    return null;
  };

  return { calleeCheck, dial, usableLines, dialState, dialCancel };
};
