import crypto from 'node:crypto';
import type { TSmsPurpose } from '@yunhu/contract';
import QRCode from 'qrcode';
import type { TSmsSender } from '../../adapters/sms.js';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TAuditSubject, TAuth } from '../../http/context.js';
import { conflict, invalid, unauthorized } from '../../http/errors.js';
import { dummyHash, hashPassword, hashToken, newToken, verifyPassword } from '../../security/password.js';
import type { TOrgService } from '../org/org.service.js';
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
type TLimit = { key: string; tries: number; windowSeconds: number; message: string };

/** Stands for a code never sent (an unknown mobile): no code hashes to it, so nothing can match. */
const NO_CODE = 'none';

/** The locked-out message of one source for one account (the sign-in page shows it as is). */
const lockedMessage = (minutes: number) => `密码错误次数过多，账号已锁定，请${minutes}分钟后再试`;

type TLoginRow = NonNullable<Awaited<ReturnType<typeof repo.findLoginUser>>>;

export type TAuthService = ReturnType<typeof createAuthService>;

export const createAuthService = (deps: {
  database: TDatabase;
  sms: TSmsSender;
  org: TOrgService;
  sessionHours: number;
}) => {
  const { db } = deps.database;
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
  const windowSeconds = authLimits.failureWindowMinutes * 60;

  /**
   * Takes a try of every limit, in order, each in one atomic statement; at the first refusal the
   * tries already taken are given back and its message is thrown. Answers the keys taken.
   */
  const takeTries = async (limits: TLimit[]): Promise<string[]> => {
    const taken: string[] = [];
    for (const limit of limits) {
      if (!(await repo.takeTry(db, limit.key, limit.tries, limit.windowSeconds))) {
        for (const key of taken) await repo.giveBackTry(db, key);
        throw conflict(limit.message);
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
        message: lockedMessage(authLimits.failureWindowMinutes),
      },
      { key: `pw:src:${ip}`, tries: authLimits.ipFailures, windowSeconds, message: '登录尝试过于频繁，请稍后再试' },
    ];
    if (!isKnownSource) {
      limits.push({
        key: `pw:acct:${who}`,
        tries: authLimits.accountTries,
        windowSeconds,
        message: `该账号登录失败次数过多，已暂时锁定，请${authLimits.failureWindowMinutes}分钟后再试或使用短信验证码登录`,
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
    if (row.tenant.status === 'pending') throw conflict('企业注册正在审核中，审核通过后即可登录');
    if (row.tenant.status === 'rejected') {
      throw conflict(`企业注册未通过审核${row.tenant.statusReason ? `：${row.tenant.statusReason}` : ''}`);
    }
    if (row.tenant.status === 'closed') throw conflict('企业已停用，请联系平台客服');
    if (row.user.status === 'pending') throw conflict('账号正在审核中，请联系企业管理员');
    if (row.user.status === 'disabled') throw conflict('账号已停用，请联系企业管理员');
    if (row.user.status === 'rejected') throw conflict('账号申请未通过，请联系企业管理员');
    if (row.user.status !== 'active') throw conflict('账号不可用，请联系企业管理员');
  };

  const issueSession = async (row: TLoginRow, ip: string) => {
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + deps.sessionHours * 3600_000);
    await repo.createSession(db, { tokenHash: hash, userId: row.user.id, tenantId: row.tenant.id, expiresAt, ip });
    await repo.touchLogin(db, row.user.id);
    return { token, expire: expiresAt.getTime() };
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
        message: `验证码发送过于频繁，请${authLimits.smsIntervalSeconds}秒后再试`,
      },
      {
        key: `sms:day:${mobile}`,
        tries: authLimits.smsPerMobilePerDay,
        windowSeconds: 86_400,
        message: '该手机号今日验证码次数已达上限，请明天再试',
      },
      {
        key: `sms:src:${ip}`,
        tries: authLimits.smsPerIpPerHour,
        windowSeconds: 3600,
        message: '验证码请求过于频繁，请稍后再试',
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
            message: '验证码尝试过于频繁，请稍后再试',
          },
        ])
      : [];
    const row = await repo.latestSmsCode(db, mobile, purpose);
    if (!row || !(await repo.takeSmsTry(db, row.id, authLimits.smsMaxTries))) {
      throw invalid('验证码已失效，请重新获取');
    }
    if (row.codeHash !== hashToken(`${mobile}:${code}`)) throw invalid('验证码不正确');
    if (!(await repo.consumeSmsCode(db, row.id))) throw invalid('验证码已失效，请重新获取');
    if (sourceKey) await repo.giveBackTry(db, sourceKey);
  };

  const assertPasswordChange = (oldPassword: string, newPassword: string) => {
    if (oldPassword === newPassword) throw invalid('新密码不能与原密码相同');
  };

  const setPassword = async (userId: number, newPassword: string) => {
    await repo.updatePassword(db, userId, await hashPassword(newPassword));
    // Spec: a password change ends every session of the account.
    await repo.revokeUserSessions(db, userId);
  };

  return {
    sendCode,

    login: async (input: { username: string; password: string }, ip: string, audit: (s: TAuditSubject) => void) => {
      const row = await repo.findLoginUser(db, input.username);
      if (row) audit(subjectOf(row));
      if (!(await checkPassword(input.username, input.password, row, ip)) || !row) throw conflict('账号或密码错误');
      assertMaySignIn(row);
      return issueSession(row, ip);
    },

    loginBySms: async (input: { mobile: string; code: string }, ip: string, audit: (s: TAuditSubject) => void) => {
      const row = await repo.findUserByMobile(db, input.mobile);
      if (row) audit(subjectOf(row));
      // An unknown mobile never had a working code, so it fails here like a wrong code does.
      await useCode(input.mobile, 'login', input.code, ip);
      if (!row) throw invalid('验证码已失效，请重新获取');
      assertMaySignIn(row);
      return issueSession(row, ip);
    },

    logout: async (auth: TAuth) => {
      await repo.revokeSession(db, auth.tokenHash);
      return null;
    },

    /** The session behind a token, or null when it is unknown, expired, revoked or its user may no longer act. */
    authenticate: async (token: string | null): Promise<TAuth | null> => {
      if (!token || token.length > 200) return null;
      const row = await repo.findSession(db, hashToken(token));
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
      };
    },

    signup: async (
      input: {
        enterpriseName: string;
        realName: string;
        username: string;
        mobile: string;
        code: string;
        password: string;
      },
      ip: string,
      audit: (s: TAuditSubject) => void,
    ) => {
      if (await repo.findLoginUser(db, input.username)) throw conflict('该账号已被使用');
      if (await repo.findUserByMobile(db, input.mobile)) throw conflict('该手机号已注册，请直接登录');
      await useCode(input.mobile, 'signup', input.code, ip);
      const created = await deps.org.registerEnterprise({
        enterpriseName: input.enterpriseName,
        realName: input.realName,
        username: input.username,
        mobile: input.mobile,
        passwordHash: await hashPassword(input.password),
      });
      audit({ tenantId: created.tenantId, userId: created.userId, userName: input.username, realName: input.realName });
      return { tenantCode: created.tenantCode, status: 'pending' as const };
    },

    updatePassword: async (auth: TAuth, input: { oldPassword: string; newPassword: string }) => {
      const row = await repo.findLoginUser(db, auth.username);
      if (!row || !(await verifyPassword(input.oldPassword, row.user.passwordHash))) throw invalid('原密码不正确');
      assertPasswordChange(input.oldPassword, input.newPassword);
      await setPassword(auth.userId, input.newPassword);
      return null;
    },

    updatePasswordByOld: async (
      input: { username: string; oldPassword: string; newPassword: string },
      ip: string,
      audit: (s: TAuditSubject) => void,
    ) => {
      const row = await repo.findLoginUser(db, input.username);
      if (row) audit(subjectOf(row));
      if (!(await checkPassword(input.username, input.oldPassword, row, ip)) || !row) {
        throw conflict('账号或原密码错误');
      }
      assertPasswordChange(input.oldPassword, input.newPassword);
      await setPassword(row.user.id, input.newPassword);
      return null;
    },

    updatePasswordBySms: async (
      input: { mobile: string; code: string; newPassword: string },
      ip: string,
      audit: (s: TAuditSubject) => void,
    ) => {
      const row = await repo.findUserByMobile(db, input.mobile);
      if (row) audit(subjectOf(row));
      await useCode(input.mobile, 'reset', input.code, ip);
      if (!row) throw invalid('验证码已失效，请重新获取');
      await setPassword(row.user.id, input.newPassword);
      return null;
    },

    /** Code for a signed-in user: to a new mobile (phone change) or to the own mobile (password). */
    sendCaptcha: async (auth: TAuth, input: { mobile: string; type: 'phone' | 'password' }, ip: string) => {
      if (input.type === 'phone') {
        const owner = await repo.findUserByMobile(db, input.mobile);
        if (owner)
          throw conflict(owner.user.id === auth.userId ? '新手机号不能与当前手机号相同' : '该手机号已被其他账号使用');
        return sendCode(input.mobile, 'phone', ip);
      }
      const me = await repo.findLoginUser(db, auth.username);
      if (me?.user.mobile !== input.mobile) throw invalid('请填写本账号绑定的手机号');
      return sendCode(input.mobile, 'reset', ip);
    },

    useCode,

    /** Ends every session of a user at once (the org area: disable, delete, password reset). */
    revokeUserSessions: async (userId: number) => {
      await repo.revokeUserSessions(db, userId);
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
      if (!ticket) throw invalid('二维码无效，请刷新');
      if (ticket.status === 'consumed') throw invalid('二维码已使用，请刷新');
      if (ticket.expiresAt.getTime() < Date.now()) return { status: 'expired' as const };
      if (ticket.status !== 'confirmed' || !ticket.openid) return { status: ticket.status as 'waiting' | 'scanned' };
      if (ticket.purpose === 'bind') {
        const holder = await repo.findUserByOpenid(db, ticket.openid);
        if (holder && holder.user.id !== ticket.userId) throw conflict('该微信已绑定其他账号');
        if (!(await repo.moveTicket(db, ticketId, 'confirmed', { status: 'consumed' })))
          throw invalid('二维码已使用，请刷新');
        await repo.setOpenid(db, ticket.userId!, ticket.openid);
        return { status: 'bound' as const };
      }
      const row = await repo.findUserByOpenid(db, ticket.openid);
      if (!row) return { status: 'unbound' as const };
      audit(subjectOf(row));
      assertMaySignIn(row);
      if (!(await repo.moveTicket(db, ticketId, 'confirmed', { status: 'consumed' })))
        throw invalid('二维码已使用，请刷新');
      return { status: 'confirmed' as const, ...(await issueSession(row, ip)) };
    },

    /** The dev WeChat provider's scan: what the phone app would report to the server. */
    devWechatScan: async (input: { ticket: string; openid: string }) => {
      const ticket = await repo.findTicket(db, input.ticket);
      if (!ticket || ticket.expiresAt.getTime() < Date.now()) throw invalid('二维码已失效');
      if (!(await repo.moveTicket(db, input.ticket, 'waiting', { status: 'confirmed', openid: input.openid }))) {
        throw conflict('二维码已被扫描');
      }
      return null;
    },

    wechatUnbind: async (auth: TAuth) => {
      await repo.setOpenid(db, auth.userId, null);
      return null;
    },
  };
};
