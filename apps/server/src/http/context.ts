import { isAgentPerm, isPlatformPerm } from '@yunhu/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acrossTenants } from '../db/across-tenants.js';
import type { TDb } from '../db/client.js';
import type { TDataScope } from '../db/scope.js';
import { commonErrors } from './errors.js';

/** Who is asking: resolved from the token on every request of a 'user' route. */
export type TAuth = {
  userId: number;
  username: string;
  realName: string;
  tenantId: number;
  tenantCode: string;
  isSuper: boolean;
  isAdmin: boolean;
  deptId: number | null;
  permissions: ReadonlySet<string>;
  tokenHash: string;
  /**
   * Someone else set his password: until he changes it, only the routes of
   * `passwordChangeOpenPaths` answer him (the binder). Absent: false.
   */
  mustChangePassword?: boolean;
  /**
   * The add-ons (应用中心 codes) his enterprise has off, read with the session: the binder refuses
   * their routes (http/app-gate.ts). Absent: none.
   */
  offApps?: readonly string[];
};

/** Whom an operation-log row names when the route has no session yet (sign-in, registration). */
export type TAuditSubject = { tenantId: number; userId: number; userName: string; realName: string };

/**
 * What a service is handed for one request: who asks, the request's one tenant
 * transaction, and his data scope resolved once inside it. Services never see Fastify.
 */
export type TRequestContext = { auth: TAuth; tx: TDb; scope: TDataScope };

/** The operation-log entry of the request, as a handler may shape it. */
export type TAuditHandle = {
  /** Names the person an audited attempt was about (a public route has no session yet). */
  setSubject: (subject: TAuditSubject) => void;
};

/**
 * What the binder hands a handler of a signed-in route: the request context plus the input the
 * contract parsed, the audit entry, and the raw request and reply (an upload's file, a cookie).
 */
export type THandlerContext<I> = TRequestContext & {
  input: I;
  audit: TAuditHandle;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
};

/**
 * A signed-in route that manages its own transactions (a download's cursor, an import writing in
 * the background, a dial waiting on the carrier): no request transaction, the scope already resolved.
 */
export type TDetachedContext<I> = Omit<THandlerContext<I>, 'tx'>;

/** A public route (sign-in, registration): maybe a session, no tenant transaction. */
export type TPublicHandlerContext<I> = Omit<THandlerContext<I>, 'auth' | 'tx' | 'scope'> & { auth: TAuth | null };

/**
 * superTenant = 1 sees everything but an agent's console (spec section 6); an enterprise
 * administrator everything but the platform's and agents' strings; others need any one of the
 * semicolon-separated strings.
 */
export const hasPermission = (auth: TAuth, perm: string | null): boolean =>
  perm === null ||
  perm
    .split(';')
    .map((p) => p.trim())
    .some((p) => {
      // An agent's console strings are held by name, by an agent's roles only: neither
      // the platform operator nor an enterprise's administrator reaches an agent's console.
      if (isAgentPerm(p)) return !auth.isSuper && auth.permissions.has(p);
      return auth.isSuper || (!isPlatformPerm(p) && (auth.isAdmin || auth.permissions.has(p)));
    });

/**
 * The platform operator's work across every enterprise (review, contracts, notices, enterprises):
 * the super tenant's alone, whatever a role string says, and read past the tenant wall.
 */
export const asPlatform = <T>(ctx: TRequestContext, fn: (db: TDb) => Promise<T>): Promise<T> => {
  if (!ctx.auth.isSuper) throw commonErrors.forbidden();
  return acrossTenants(ctx.tx, fn);
};
