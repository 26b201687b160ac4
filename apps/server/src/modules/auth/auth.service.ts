import crypto from 'node:crypto';
import type { authRoutes, TParsedRequestOf, TSmsPurpose } from '@yunhu/contract';
import QRCode from 'qrcode';
import type { TSmsSender } from '../../adapters/sms.js';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TDataScope } from '../../db/scope.js';
import { tenantRoleOf, withSessionTransaction, withTenant } from '../../db/tenant.js';
import type { TAuditSubject, TAuth, TRequestContext } from '../../http/context.js';
import { type AppError, unauthorized } from '../../http/errors.js';
import { dummyHash, hashPassword, hashToken, newToken, verifyPassword } from '../../security/password.js';
import { scopeFromColumns, type TOrgService } from '../org/index.js';
import { authErrors as errors } from './auth.errors.js';
import { authRepository as repo } from './auth.repository.js';

/**
 * Limits of sign-in and SMS (kept here so tests and the messages agree); why these and how they
 * count: docs/decisions/0009-sign-in-limits.md.
 */
export const authLimits = {
  /** Wrong passwords from one source for one account before that source is locked out of it. */
  sourceAccountTries: 5,
  /** Wrong passwords for one account from all sources together (the stranger's ceiling). */
  accountTries: 50,
  /** Wrong passwords from one source across accounts. */
  ipFailures: 30,
  failureWindowMinutes: 15,
  /** A source the user signed in from within these days is spared the account-wide ceiling. */
  knownSourceDays: 30,
  smsIntervalSeconds: 60,
  smsPerMobilePerDay: 10,
  smsPerIpPerHour: 20,
  smsTtlSeconds: 300,
  smsMaxTries: 5,
  smsGuessesPerIpPerHour: 20,
  wechatTicketSeconds: 300,
};

/** One limit a request must pass: its counter key, how many tries in how long, and the refusal. */
type TLimit = { key: string; tries: number; windowSeconds: number; refusal: () => AppError };

/** Stands for a code never sent (an unknown mobile): no code hashes to it, so nothing can match. */
const NO_CODE = 'none';

type TIn<K extends keyof typeof authRoutes> = TParsedRequestOf<(typeof authRoutes)[K]>;

type TLoginRow = NonNullable<Awaited<ReturnType<typeof repo.findLoginUser>>>;

export type TAuthService = ReturnType<typeof createAuthService>;

/** The hash a token's session is stored under; null for no token or one too long to be ours. */
const sessionHashOf = (token: string | null): string | null => (!token || token.length > 200 ? null : hashToken(token));

type TSessionRow = Pick<
  NonNullable<Awaited<ReturnType<typeof repo.findSession>>>,
  'permissions' | 'isAdmin' | 'offApps'
> & {
  session: { tokenHash: string };
  user: {
    id: number;
    username: string;
    realName: string;
    deptId: number | null;
    status: string;
    mustChangePassword: boolean;
  };
  tenant: { id: number; code: string; status: string; isSuper: boolean };
};

/** Who asks, from his live session; null when his account or his enterprise may no longer act. */
const authOf = (row: TSessionRow | null): TAuth | null => {
  if (row?.user.status !== 'active' || row.tenant.status === 'closed') return null;
  return {
    userId: row.user.id,
    username: row.user.username,
    realName: row.user.realName,
    tenantId: row.tenant.id,
    tenantCode: row.tenant.code,
    isSuper: row.tenant.isSuper,
    isAdmin: row.isAdmin,
    deptId: row.user.deptId,
    permissions: new Set(row.permissions),
    tokenHash: row.session.tokenHash,
    mustChangePassword: row.user.mustChangePassword,
    offApps: row.offApps,
  };
};

export const createAuthService = (deps: {
  database: TDatabase;
  sms: TSmsSender;
  /** The org area's: a pending enterprise with its root department and administrator. */
  registerEnterprise: TOrgService['registerEnterprise'];
  /** The agent (and distributor) of an invitation code; refuses an unknown one (org.agentNotFound). */
  invitationOf?: TOrgService['invitationOf'];
  sessionHours: number;
}) => {
  const { db } = deps.database;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const windowSeconds = authLimits.failureWindowMinutes * 60;

  /**
   * Takes a try of every limit, in order, each in one atomic statement; at the first refusal the
   * tries already taken are given back and its refusal is thrown. Public routes only: each
   * statement commits at once, so a refusal thrown afterwards never rolls a counted try back. Answers the keys taken.
   */
  const takeTries = async (limits: TLimit[]): Promise<string[]> => {
    const taken: string[] = [];
    for (const limit of limits) {
      if (!(await repo.takeTry(db, limit.key, limit.tries, limit.windowSeconds))) {
        for (const key of taken) await repo.giveBackTry(db, key);
        throw limit.refusal();
      }
      taken.push(limit.key);
    }
    // Old counters are cleared now and then by whoever passes; no job needed for a small table.
    if (Math.random() < 0.01) await repo.pruneCounters(db);
    return taken;
  };

  /**
   * The limits of one password check (decision 0009): per source and account (the hard lock, so a
   * stranger locks only his own address out), per source, and per account from everywhere with a
   * much higher ceiling, which spares an address the user signed in from lately. The account is the
   * user whatever name he typed (account or mobile); an unknown name counts by itself.
   */
  const passwordLimits = async (username: string, row: TLoginRow | null, ip: string): Promise<TLimit[]> => {
    const who = row ? `u:${row.user.id}` : `n:${username.toLowerCase()}`;
    const isKnownSource =
      row !== null && (await repo.hasSignedInFrom(db, row.user.id, ip, minutesAgo(authLimits.knownSourceDays * 1440)));
    const limits: TLimit[] = [
      {
        key: `pw:src:${ip}:${who}`,
        tries: authLimits.sourceAccountTries,
        windowSeconds,
        refusal: () => errors.sourceLocked(authLimits.failureWindowMinutes),
      },
      { key: `pw:src:${ip}`, tries: authLimits.ipFailures, windowSeconds, refusal: errors.sourceTooFrequent },
    ];
    if (!isKnownSource) {
      limits.push({
        key: `pw:acct:${who}`,
        tries: authLimits.accountTries,
        windowSeconds,
        refusal: () => errors.accountLocked(authLimits.failureWindowMinutes),
      });
    }
    return limits;
  };

  /**
   * Checks a password under the limits: the tries are taken before the comparison, so concurrent
   * guesses cannot check more than a limit allows. A right password gives its tries back and
   * clears its source's lock; a wrong one keeps them counted.
   */
  const checkPassword = async (username: string, password: string, row: TLoginRow | null, ip: string) => {
    const taken = await takeTries(await passwordLimits(username, row, ip));
    const isValid = await verifyPassword(password, row?.user.passwordHash ?? dummyHash);
    if (!row || !isValid) return false;
    const [sourceKey, ...rest] = taken;
    await repo.clearTries(db, sourceKey!);
    for (const key of rest) await repo.giveBackTry(db, key);
    return true;
  };

  const subjectOf = (row: TLoginRow): TAuditSubject => ({
    tenantId: row.tenant.id,
    userId: row.user.id,
    userName: row.user.username,
    realName: row.user.realName,
  });

  /** Refuses accounts that may not sign in, with the reason a person can act on. */
  const assertMaySignIn = (row: TLoginRow) => {
    if (row.tenant.status === 'pending') throw errors.enterprisePending();
    if (row.tenant.status === 'rejected') throw errors.enterpriseRejected(row.tenant.statusReason ?? '');
    if (row.tenant.status === 'closed') throw errors.enterpriseClosed();
    if (row.user.status === 'pending') throw errors.accountPending();
    if (row.user.status === 'disabled') throw errors.accountDisabled();
    if (row.user.status === 'rejected') throw errors.accountRejected();
    if (row.user.status !== 'active') throw errors.accountUnusable();
  };

  const issueSession = async (row: TLoginRow, ip: string) => {
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + deps.sessionHours * 3600_000);
    await repo.createSession(db, { tokenHash: hash, userId: row.user.id, tenantId: row.tenant.id, expiresAt, ip });
    await repo.touchLogin(db, row.user.id);
    // The session works only to change the password until it is changed (the binder refuses the rest).
    return { token, expire: expiresAt.getTime(), mustChangePassword: row.user.mustChangePassword };
  };

  /**
   * Sends a code. For sign-in and reset, a mobile nobody has gets the same answer but no SMS: a
   * row that no code matches keeps its limits and later answers the same as for a known mobile,
   * so neither step tells whether a mobile is registered.
   */
  const sendCode = async (mobile: string, purpose: TSmsPurpose, ip: string) => {
    await takeTries([
      {
        key: `sms:gap:${mobile}:${purpose}`,
        tries: 1,
        windowSeconds: authLimits.smsIntervalSeconds,
        refusal: () => errors.smsGap(authLimits.smsIntervalSeconds),
      },
      {
        key: `sms:day:${mobile}`,
        tries: authLimits.smsPerMobilePerDay,
        windowSeconds: 86_400,
        refusal: errors.smsDayLimit,
      },
      {
        key: `sms:src:${ip}`,
        tries: authLimits.smsPerIpPerHour,
        windowSeconds: 3600,
        refusal: errors.smsSourceLimit,
      },
    ]);
    const isForAccount = purpose === 'login' || purpose === 'reset';
    const isUnknown = isForAccount && !(await repo.findUserByMobile(db, mobile));
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.insertSmsCode(db, {
      mobile,
      purpose,
      codeHash: isUnknown ? NO_CODE : hashToken(`${mobile}:${code}`),
      expiresAt: new Date(Date.now() + authLimits.smsTtlSeconds * 1000),
      ip,
    });
    if (!isUnknown) {
      await deps.sms.send(mobile, `您的验证码为${code}，${authLimits.smsTtlSeconds / 60}分钟内有效，请勿泄露。`, {
        code,
        purpose,
      });
    }
    return { expireSeconds: authLimits.smsTtlSeconds };
  };

  /**
   * Checks and uses up an SMS code: it expires, works once, and dies after too many tries. The try
   * is taken before the comparison in one statement, so concurrent guesses check at most
   * `smsMaxTries`; with `ip`, one source's guesses across mobiles are limited too, and a right code
   * gives its source's try back.
   */
  const useCode = async (mobile: string, purpose: TSmsPurpose, code: string, ip?: string) => {
    const [sourceKey] = ip
      ? await takeTries([
          {
            key: `sms:guess:${ip}`,
            tries: authLimits.smsGuessesPerIpPerHour,
            windowSeconds: 3600,
            refusal: errors.smsGuessLimit,
          },
        ])
      : [];
    const row = await repo.latestSmsCode(db, mobile, purpose);
    if (!row || !(await repo.takeSmsTry(db, row.id, authLimits.smsMaxTries))) {
      throw errors.codeExpired();
    }
    if (row.codeHash !== hashToken(`${mobile}:${code}`)) throw errors.codeWrong();
    if (!(await repo.consumeSmsCode(db, row.id))) throw errors.codeExpired();
    if (sourceKey) await repo.giveBackTry(db, sourceKey);
  };

  const assertPasswordChange = (oldPassword: string, newPassword: string) => {
    if (oldPassword === newPassword) throw errors.samePassword();
  };

  const setPassword = async (tx: TDb, userId: number, newPassword: string) => {
    await repo.updatePassword(tx, userId, await hashPassword(newPassword));
    // Spec: a password change ends every session of the account.
    await repo.revokeUserSessions(tx, userId);
  };

  return {
    sendCode,

    login: async (input: TIn<'login'>, ip: string, audit: (s: TAuditSubject) => void) => {
      const row = await repo.findLoginUser(db, input.username);
      if (row) audit(subjectOf(row));
      if (!(await checkPassword(input.username, input.password, row, ip)) || !row) throw errors.wrongPassword();
      assertMaySignIn(row);
      return issueSession(row, ip);
    },

    loginBySms: async (input: TIn<'loginBySms'>, ip: string, audit: (s: TAuditSubject) => void) => {
      const row = await repo.findUserByMobile(db, input.mobile);
      if (row) audit(subjectOf(row));
      // An unknown mobile never had a working code, so it fails here like a wrong code does.
      await useCode(input.mobile, 'login', input.code, ip);
      if (!row) throw errors.codeExpired();
      assertMaySignIn(row);
      return issueSession(row, ip);
    },

    logout: async ({ auth, tx }: TRequestContext) => {
      await repo.revokeSession(tx, auth.tokenHash);
      return null;
    },

    /** The session behind a token, or null when it is unknown, expired, revoked or its user may no longer act. */
    authenticate: async (token: string | null): Promise<TAuth | null> => {
      const hash = sessionHashOf(token);
      return hash ? authOf(await repo.findSession(db, hash)) : null;
    },

    /**
     * authenticate and the request's tenant transaction in one: the session is found by
     * the transaction's first statement, which enters his tenant and goes with the BEGIN. `fn` gets
     * null (and no transaction) for no session, as authenticate answers null.
     */
    inSession: <T>(
      token: string | null,
      fn: (found: { tx: TDb; auth: TAuth; scope: TDataScope } | null) => Promise<T>,
      isReadOnly = false,
    ): Promise<T> => {
      const hash = sessionHashOf(token);
      const statement = hash && repo.sessionEntering(hash, new Date(), tenantRoleOf(deps.database));
      if (!statement) return fn(null);
      return withSessionTransaction(
        deps.database,
        {
          statement,
          read: (rows) => {
            const row = repo.sessionEntered(rows);
            const auth = authOf(row);
            // The data scope was read by the same statement (org's columns, the same rule as resolveDataScope).
            return auth && row ? { auth, scope: scopeFromColumns(auth, row.more) } : null;
          },
        },
        (found) => fn(found && { tx: found.tx, ...found.session }),
        isReadOnly,
      );
    },

    signup: async (input: TIn<'signup'>, ip: string, audit: (s: TAuditSubject) => void) => {
      if (await repo.findLoginUser(db, input.username)) throw errors.usernameTaken();
      if (await repo.findUserByMobile(db, input.mobile)) throw errors.mobileRegistered();
      // Before the SMS code is spent: a mistyped invitation code must not cost the person his code.
      const invited = input.inviteCode ? ((await deps.invitationOf?.(input.inviteCode)) ?? null) : null;
      await useCode(input.mobile, 'signup', input.code, ip);
      const created = await deps.registerEnterprise({
        enterpriseName: input.enterpriseName,
        realName: input.realName,
        username: input.username,
        mobile: input.mobile,
        passwordHash: await hashPassword(input.password),
        agentId: invited?.agentId ?? null,
        distributorId: invited?.distributorId ?? null,
      });
      audit({ tenantId: created.tenantId, userId: created.userId, userName: input.username, realName: input.realName });
      return { tenantCode: created.tenantCode, status: 'pending' as const };
    },

    /**
     * A signed-in change checks the old password under the sign-in's limits and counters: a taken
     * session is no way around them. Its route is detached, so each counted try commits by itself.
     */
    updatePassword: async (auth: TAuth, input: TIn<'updatePassword'>, ip: string) => {
      const found = await repo.findLoginUser(db, auth.username);
      const row = found?.user.id === auth.userId ? found : null;
      if (!(await checkPassword(auth.username, input.oldPassword, row, ip)) || !row) throw errors.oldPasswordWrong();
      assertPasswordChange(input.oldPassword, input.newPassword);
      await withTenant(deps.database, auth.tenantId, (tx) => setPassword(tx, auth.userId, input.newPassword));
      return null;
    },

    updatePasswordByOld: async (input: TIn<'updatePasswordByOld'>, ip: string, audit: (s: TAuditSubject) => void) => {
      const row = await repo.findLoginUser(db, input.username);
      if (row) audit(subjectOf(row));
      if (!(await checkPassword(input.username, input.oldPassword, row, ip)) || !row) {
        throw errors.wrongOldPassword();
      }
      assertPasswordChange(input.oldPassword, input.newPassword);
      await setPassword(db, row.user.id, input.newPassword);
      return null;
    },

    updatePasswordBySms: async (input: TIn<'updatePasswordBySms'>, ip: string, audit: (s: TAuditSubject) => void) => {
      const row = await repo.findUserByMobile(db, input.mobile);
      if (row) audit(subjectOf(row));
      await useCode(input.mobile, 'reset', input.code, ip);
      if (!row) throw errors.codeExpired();
      await setPassword(db, row.user.id, input.newPassword);
      return null;
    },

    /**
     * Code for a signed-in user: to a new mobile (phone change) or to the own mobile (password). Its
     * route is detached: the SMS limits count in statements of their own (decision 0009).
     */
    sendCaptcha: async (auth: TAuth, input: TIn<'sendCaptcha'>, ip: string) => {
      if (input.type === 'phone') {
        const owner = await repo.findUserByMobile(db, input.mobile);
        if (owner) throw owner.user.id === auth.userId ? errors.sameMobile() : errors.mobileTaken();
        return sendCode(input.mobile, 'phone', ip);
      }
      const me = await repo.findLoginUser(db, auth.username);
      if (me?.user.mobile !== input.mobile) throw errors.notOwnMobile();
      return sendCode(input.mobile, 'reset', ip);
    },

    useCode,

    /** Ends every session of a user at once, in the caller's transaction (the org area: disable, delete, password reset). */
    revokeUserSessions: async (tx: TDb, userId: number) => {
      await repo.revokeUserSessions(tx, userId);
    },

    /** Ends every session of an enterprise being closed, so opening it again revives none of them. */
    revokeTenantSessions: async (tx: TDb, tenantId: number) => {
      await repo.revokeTenantSessions(tx, tenantId);
    },

    /** `origin` is the address the browser reached us at, so the QR works behind a proxy or Vite too. */
    wechatTicket: async (auth: TAuth | null, purpose: 'login' | 'bind', origin: string) => {
      if (purpose === 'bind' && !auth) throw unauthorized();
      const ticket = crypto.randomBytes(16).toString('hex');
      const expiresAt = new Date(Date.now() + authLimits.wechatTicketSeconds * 1000);
      await repo.insertTicket(db, { ticket, purpose, userId: purpose === 'bind' ? auth!.userId : null, expiresAt });
      const scanUrl = `${origin}/dev/wechat/scan-page?ticket=${ticket}`;
      return {
        ticket,
        scanUrl,
        qrDataUrl: await QRCode.toDataURL(scanUrl, { margin: 1, width: 220 }),
        expireAt: expiresAt.getTime(),
      };
    },

    /** Polled by the page showing the QR code until the scan is confirmed. */
    wechatQrLogin: async (ticketId: string, ip: string, audit: (s: TAuditSubject) => void) => {
      const ticket = await repo.findTicket(db, ticketId);
      if (!ticket) throw errors.qrInvalid();
      if (ticket.status === 'consumed') throw errors.qrUsed();
      if (ticket.expiresAt.getTime() < Date.now()) return { status: 'expired' as const };
      if (ticket.status !== 'confirmed' || !ticket.openid) return { status: ticket.status as 'waiting' | 'scanned' };
      if (ticket.purpose === 'bind') {
        const holder = await repo.findUserByOpenid(db, ticket.openid);
        if (holder && holder.user.id !== ticket.userId) throw errors.wechatTaken();
        if (!(await repo.moveTicket(db, ticketId, 'confirmed', { status: 'consumed' }))) throw errors.qrUsed();
        await repo.setOpenid(db, ticket.userId!, ticket.openid);
        return { status: 'bound' as const };
      }
      const row = await repo.findUserByOpenid(db, ticket.openid);
      if (!row) return { status: 'unbound' as const };
      audit(subjectOf(row));
      assertMaySignIn(row);
      if (!(await repo.moveTicket(db, ticketId, 'confirmed', { status: 'consumed' }))) throw errors.qrUsed();
      return { status: 'confirmed' as const, ...(await issueSession(row, ip)) };
    },

    /** The dev WeChat provider's scan: what the phone app would report to the server. */
    devWechatScan: async (input: TIn<'devWechatScan'>) => {
      const ticket = await repo.findTicket(db, input.ticket);
      if (!ticket || ticket.expiresAt.getTime() < Date.now()) throw errors.qrExpired();
      if (!(await repo.moveTicket(db, input.ticket, 'waiting', { status: 'confirmed', openid: input.openid }))) {
        throw errors.qrScanned();
      }
      return null;
    },

    wechatUnbind: async ({ auth, tx }: TRequestContext) => {
      await repo.setOpenid(tx, auth.userId, null);
      return null;
    },
  };
};
