import crypto from 'node:crypto';
import type { TSipLineConfig } from '@yunhu/contract';
import type { TSipConfig } from '../../config.js';
import type { TDatabase, TDb } from '../../db/client.js';
import type { TAuth, TRequestContext } from '../../http/context.js';
import { callErrors } from './call.errors.js';
import { callRepository } from './call.repository.js';
import { sipRepository as repo } from './sip.repository.js';
import { sipCallRepository } from './sip-call.repository.js';

/** Digest HA1 (RFC 2617): what Kamailio checks a REGISTER or INVITE against. */
export const sipHa1 = (user: string, realm: string, password: string) =>
  crypto.createHash('md5').update(`${user}:${realm}:${password}`).digest('hex');

/**
 * The key names the enterprise and the person: unique on the platform, stable across password
 * changes, and Kamailio compares the prefix so agents only call colleagues (kamailio.cfg CALLEE).
 * Kamailio accepts exactly this shape (route HA1).
 */
export const sipUserOf = (tenantCode: string, userId: number) =>
  `${tenantCode.toLowerCase().replace(/[^a-z0-9]/g, '')}-${userId}`;

/** 24 characters from [A-Za-z0-9]: 142 bits, safe in any SIP client's settings field. */
const newPassword = () =>
  crypto
    .randomBytes(32)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24);

export type TSipService = ReturnType<typeof createSipService>;

/** Whether the person may use the soft-phone now (a valid seat on a soft-phone line): the user info tells the shell. */
export const hasSoftphoneSeatNow = (tx: TDb, auth: TAuth) =>
  repo.hasSoftphoneSeat(tx, auth.tenantId, auth.userId, new Date());

/** The person behind a SIP key, whatever the tenant (Kamailio's events carry none), or null. */
export const personOfSipKey = (db: TDb, sipUser: string) => sipCallRepository.personOfKey(db, sipUser);

/** How long after the dial request its INVITE may still ask for the caller ID (kamailio.cfg CALLER_ID). */
export const callerIdTtlMs = 10 * 60_000;

/** How long the HA1 of credentials just issued may answer the REGISTER that follows them. */
export const issuedHa1Ms = 10_000;

export const createSipService = (deps: { database: TDatabase; sip: TSipConfig }) => {
  const { database, sip } = deps;

  /**
   * 上线 fetches the config and registers at once. That REGISTER's HA1 lookup answers from what the
   * config request has just checked (seat, account, enterprise) instead of queueing behind the
   * dashboard's queries on the embedded database's one connection: once, within issuedHa1Ms.
   * Re-registrations and INVITEs always ask the database.
   */
  const justIssued = new Map<string, { ha1: string; until: number }>();
  const remember = (sipUser: string, password: string) => {
    const now = Date.now();
    for (const [user, entry] of justIssued) if (entry.until <= now) justIssued.delete(user);
    justIssued.set(sipUser, { ha1: sipHa1(sipUser, sip.realm, password), until: now + issuedHa1Ms });
  };

  const toConfig = (account: { sipUser: string; password: string }): TSipLineConfig => {
    remember(account.sipUser, account.password);
    return { key: account.sipUser, passWord: account.password, wsUrl: sip.wsUrl, realm: sip.realm };
  };

  const requireSeat = async (tx: TDb, auth: TAuth) => {
    if (!(await repo.hasSoftphoneSeat(tx, auth.tenantId, auth.userId, new Date()))) {
      justIssued.delete(sipUserOf(auth.tenantCode, auth.userId));
      throw callErrors.noSoftphoneSeat();
    }
  };

  return {
    /** The line-config request with lineId=2 (spec section 7): issued on first use, then the same. */
    lineConfig: async ({ auth, tx }: TRequestContext) => {
      await requireSeat(tx, auth);
      const account =
        (await repo.findByUser(tx, auth.tenantId, auth.userId)) ??
        (await repo.insert(tx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          sipUser: sipUserOf(auth.tenantCode, auth.userId),
          password: newPassword(),
        }));
      return toConfig(account);
    },

    /** A new password; registrations already made stay until they expire (at most 200 s). */
    resetPassword: async ({ auth, tx }: TRequestContext) => {
      await requireSeat(tx, auth);
      const password = newPassword();
      const account =
        (await repo.updatePassword(tx, auth.tenantId, auth.userId, password)) ??
        (await repo.insert(tx, {
          tenantId: auth.tenantId,
          userId: auth.userId,
          sipUser: sipUserOf(auth.tenantCode, auth.userId),
          password,
        }));
      return toConfig(account);
    },

    /**
     * Kamailio's lookup: the HA1 of a key whose owner may use the soft-phone now, or null (unknown
     * key, other realm, no valid seat, account or enterprise disabled). No tenant: SIP has none.
     */
    ha1: async (sipUser: string, realm: string): Promise<string | null> => {
      if (realm !== sip.realm) return null;
      const issued = justIssued.get(sipUser);
      justIssued.delete(sipUser);
      if (issued && issued.until > Date.now()) return issued.ha1;
      const password = await repo.findUsablePassword(database.db, sipUser, new Date());
      return password === null ? null : sipHa1(sipUser, realm, password);
    },

    /**
     * Kamailio's caller-ID look-up (route CALLER_ID): the 外显号码 the dial flow chose for this bind,
     * for the key that made the dial request only, while it is recent; null otherwise.
     */
    callerId: async (bindId: string, fromUser: string, now = new Date()): Promise<string | null> => {
      const bind = await callRepository.findBind(database.db, bindId);
      if (!bind?.telX || now.getTime() - bind.createdAt.getTime() > callerIdTtlMs) return null;
      const account = await repo.findByUser(database.db, bind.tenantId, bind.userId);
      return account?.sipUser === fromUser ? bind.telX : null;
    },

    /** Kamailio's inbound look-up (route INBOUND): the key a call to this number rings, or null. */
    inboundKey: (number: string, now = new Date()): Promise<string | null> =>
      repo.findInboundKey(database.db, number, now),

    /** Whether the caller presented the shared secret (compared in constant time). */
    isTrustedCaller: (presented: string | undefined): boolean => {
      if (!sip.sharedSecret || !presented) return false;
      const a = crypto.createHash('sha256').update(presented).digest();
      const b = crypto.createHash('sha256').update(sip.sharedSecret).digest();
      return crypto.timingSafeEqual(a, b);
    },
  };
};
