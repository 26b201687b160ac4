import type { TParsedRequestOf, TResponseOf, TRouteDef, TRouteTable } from '@yunhu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasPermission,
  type TAuditSubject,
  type TAuth,
  type THandlerContext,
  type TPublicHandlerContext,
} from './context.js';
import { ok } from './envelope.js';
import { AppError, forbidden, unauthorized } from './errors.js';

type TResult<R> = R extends { result: 'blob' } ? FastifyReply : TResponseOf<R>;

export type THandler<R> = R extends { access: 'public' }
  ? (ctx: TPublicHandlerContext<TParsedRequestOf<R>>) => Promise<TResult<R>>
  : (ctx: THandlerContext<TParsedRequestOf<R>>) => Promise<TResult<R>>;

/** One handler for every route of a table: a missing or extra handler does not compile. */
export type THandlers<T extends TRouteTable> = { [K in keyof T]: THandler<T[K]> };

export type TAuditEntry = {
  subject: TAuditSubject;
  route: TRouteDef;
  ip: string;
  result: 'success' | 'failure';
  message: string;
  input: unknown;
};

export type TBindDeps = {
  authenticate: (token: string | null) => Promise<TAuth | null>;
  audit: (entry: TAuditEntry) => Promise<void>;
  isProduction: boolean;
};

/** The token from the CLOUD-TOKEN header, or the CLOUD_TOKEN cookie as fallback (spec section 7). */
export const tokenOf = (req: FastifyRequest): string | null => {
  const header = req.headers['cloud-token'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const cookie = req.headers.cookie;
  if (!cookie) return null;
  for (const part of cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'CLOUD_TOKEN') return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
};

const fromAuth = (auth: TAuth): TAuditSubject => ({
  tenantId: auth.tenantId,
  userId: auth.userId,
  userName: auth.username,
  realName: auth.realName,
});

/**
 * Registers every route of a table with its contract: authentication, the permission check,
 * request validation, response shaping (unknown keys stripped) and the operation log.
 */
export const bindRoutes = <T extends TRouteTable>(
  app: FastifyInstance,
  table: T,
  handlers: THandlers<T>,
  deps: TBindDeps,
): void => {
  for (const [name, route] of Object.entries(table) as [keyof T & string, TRouteDef][]) {
    if (route.devOnly && deps.isProduction) continue;
    const handler = handlers[name] as unknown as (ctx: TPublicHandlerContext<unknown>) => Promise<unknown>;
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        const auth = await deps.authenticate(tokenOf(req));
        if (route.access === 'user') {
          if (!auth) throw unauthorized();
          if (!hasPermission(auth, route.permission)) throw forbidden();
        }
        let subject: TAuditSubject | null = auth ? fromAuth(auth) : null;
        const raw =
          route.method === 'GET'
            ? { ...(req.query as object), ...(req.params as object) }
            : route.body === 'multipart'
              ? {}
              : (req.body ?? {});
        const input = route.request.parse(raw);
        const ctx: TPublicHandlerContext<unknown> = {
          auth,
          input,
          ip: req.ip,
          req,
          reply,
          setAuditSubject: (s) => {
            subject = s;
          },
        };
        const audit = (result: 'success' | 'failure', message: string) =>
          route.audited && subject
            ? deps.audit({ subject, route, ip: req.ip, result, message, input: raw })
            : Promise.resolve();
        try {
          const result = await handler(ctx);
          await audit('success', '');
          if (route.result === 'blob') return reply;
          return ok(route.response.parse(result ?? null));
        } catch (error) {
          await audit('failure', error instanceof AppError ? error.message : '系统异常');
          throw error;
        }
      },
    });
  }
};
