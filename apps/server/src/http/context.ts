import { isPlatformPerm } from '@yunhu/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
};

/** Whom an operation-log row names when the route has no session yet (sign-in, registration). */
export type TAuditSubject = { tenantId: number; userId: number; userName: string; realName: string };

export type THandlerContext<I> = {
  auth: TAuth;
  input: I;
  ip: string;
  req: FastifyRequest;
  reply: FastifyReply;
  /** Lets a public route name the person an audited attempt was about. */
  setAuditSubject: (subject: TAuditSubject) => void;
};

export type TPublicHandlerContext<I> = Omit<THandlerContext<I>, 'auth'> & { auth: TAuth | null };

/**
 * superTenant = 1 sees everything (spec section 6); an enterprise administrator everything but the
 * platform's strings; others need any one of the semicolon-separated strings.
 */
export const hasPermission = (auth: TAuth, perm: string | null): boolean =>
  perm === null ||
  auth.isSuper ||
  perm
    .split(';')
    .map((p) => p.trim())
    .some((p) => !isPlatformPerm(p) && (auth.isAdmin || auth.permissions.has(p)));
