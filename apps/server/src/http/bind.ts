import {
  passwordChangeOpenPaths,
  type TParsedRequestOf,
  type TResponseOf,
  type TRouteDef,
  type TRouteTable,
} from '@yunhu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isConnectionLost, type TDatabase, type TDb } from '../db/client.js';
import type { TDataScope } from '../db/scope.js';
import { withRequestTransaction, withTenant } from '../db/tenant.js';
import { appGateOf } from './app-gate.js';
import {
  hasPermission,
  type TAuditSubject,
  type TAuth,
  type TDetachedContext,
  type THandlerContext,
  type TPublicHandlerContext,
} from './context.js';
import { isDownload, sendDownloadOf, type TDownload } from './download.js';
import { ok } from './envelope.js';
import { AppError, commonErrors, forbidden, unauthorized } from './errors.js';
import { inputProblem } from './input-hygiene.js';

/** A download route returns what to send (http/download.ts); the binder sends it after the transaction. */
type TResult<R> = R extends { result: 'blob' } ? TDownload : TResponseOf<R>;

/** A signed-in route whose handler opens its own transactions: `detached(handler)` in its routes file. */
export type TDetachedHandler<R> = {
  detached: (ctx: TDetachedContext<TParsedRequestOf<R>>) => Promise<TResult<R>>;
};

export type THandler<R> = R extends { access: 'public' }
  ? (ctx: TPublicHandlerContext<TParsedRequestOf<R>>) => Promise<TResult<R>>
  : ((ctx: THandlerContext<TParsedRequestOf<R>>) => Promise<TResult<R>>) | TDetachedHandler<R>;

/**
 * Marks a handler that must not run inside the request's transaction: a download read through its
 * own cursor, an import that writes after the answer, a dial that waits on the carrier.
 */
export const detached = <C, T>(handler: (ctx: C) => Promise<T>) => ({ detached: handler });

const answer = async (route: TRouteDef, reply: FastifyReply, result: unknown) => {
  if (route.result !== 'blob') return ok(route.response.parse(result ?? null));
  if (!isDownload(result)) throw new Error(`download route ${route.path} returned no download`);
  await sendDownloadOf(reply, result);
  return reply;
};

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

/**
 * The operation log as the binder uses it. `begin` writes the row before the action runs (result
 * pending) and must succeed for the action to run at all; `end` settles it. So no audited action
 * happens without its log row, whatever fails later (docs/decisions/0010-input-hygiene-and-audit.md).
 * `write` is for routes whose subject is known only once the handler has run (sign-in).
 */
export type TAuditLog = {
  begin: (entry: Omit<TAuditEntry, 'result' | 'message'>) => Promise<number>;
  end: (id: number, tenantId: number, result: 'success' | 'failure', message: string) => Promise<void>;
  write: (entry: TAuditEntry) => Promise<void>;
};

/**
 * Who asks and his request's tenant transaction, opened together (null: no live session, no
 * transaction); READ ONLY for a route the contract marks `readOnly`.
 */
export type TInSession = <T>(
  token: string | null,
  fn: (found: { tx: TDb; auth: TAuth; scope?: TDataScope } | null) => Promise<T>,
  isReadOnly?: boolean,
) => Promise<T>;

export type TBindDeps = {
  database: TDatabase;
  authenticate: (token: string | null) => Promise<TAuth | null>;
  /**
   * authenticate and the request's transaction in one round trip (the auth service's
   * inSession); without it, authenticate and then the transaction.
   */
  inSession?: TInSession;
  /**
   * Who an open-API key (`Authorization: Bearer`) acts as, or null for a key that is not a live one;
   * throws when the key is over its rate. Absent: keys are refused.
   */
  authenticateKey?: (key: string) => Promise<TAuth | null>;
  /** The signed-in user's data scope, resolved once per request inside its transaction. */
  scopeOf: (tx: TDb, auth: TAuth) => Promise<TDataScope>;
  audit: TAuditLog;
  /** Where a failure to settle a log row is reported (the action itself already happened). */
  onAuditError: (error: unknown) => void;
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

/** The key of `Authorization: Bearer <key>`, or null (the console sends none). */
export const bearerOf = (req: FastifyRequest): string | null => {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1]! : null;
};

/**
 * A request that carries a key: only a route the contract marks `openApi` takes one, and acts as
 * what the key is (the area that issues keys decides that); any other route refuses it (403).
 */
const keyAuthOf = async (req: FastifyRequest, route: TRouteDef, deps: TBindDeps): Promise<TAuth | null> => {
  const key = bearerOf(req);
  if (key === null) return null;
  if (!route.openApi || !deps.authenticateKey) throw forbidden();
  const auth = await deps.authenticateKey(key);
  if (!auth) throw unauthorized();
  return auth;
};

const fromAuth = (auth: TAuth): TAuditSubject => ({
  tenantId: auth.tenantId,
  userId: auth.userId,
  userName: auth.username,
  realName: auth.realName,
});

const openBeforePasswordChange = new Set(passwordChangeOpenPaths);

/** A session whose password someone else set reaches only the routes that change it. */
const refuseBeforePasswordChange = (auth: TAuth, route: TRouteDef) => {
  if (auth.mustChangePassword && !openBeforePasswordChange.has(route.path)) {
    throw commonErrors.passwordChangeRequired();
  }
};

/**
 * Runs a read once more, on a fresh connection, when its connection was lost under it (the
 * PostgreSQL server ended the session): the pool hands out a connection it has not yet seen die,
 * or the server cuts every connection at once. Only a route the contract marks `readOnly` (its
 * transaction READ ONLY, so it cannot have written) is run again; any other, and a download already
 * answering, is not, and the envelope answers such a loss 服务繁忙，请稍后重试 (http/envelope.ts).
 */
const readAgainOnLostConnection = async <T>(
  route: TRouteDef,
  run: () => Promise<T>,
  reply: FastifyReply,
): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (!route.readOnly || !isConnectionLost(error) || reply.sent) throw error;
    return run();
  }
};

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
  const inSessionOf =
    (authenticate: (token: string | null) => Promise<TAuth | null>): TInSession =>
    async (token, fn, isReadOnly) => {
      const auth = await authenticate(token);
      return auth
        ? withRequestTransaction(deps.database, auth.tenantId, (tx) => fn({ tx, auth }), isReadOnly)
        : fn(null);
    };
  const inSession: TInSession = deps.inSession ?? inSessionOf(deps.authenticate);
  for (const [name, route] of Object.entries(table) as [keyof T & string, TRouteDef][]) {
    if (route.devOnly && deps.isProduction) continue;
    const handler = handlers[name] as unknown as
      | ((ctx: THandlerContext<unknown>) => Promise<unknown>)
      | { detached: (ctx: TDetachedContext<unknown>) => Promise<unknown> };
    const inputOf = (req: FastifyRequest) => {
      const raw =
        route.method === 'GET'
          ? { ...(req.query as object), ...(req.params as object) }
          : route.body === 'multipart'
            ? {}
            : (req.body ?? {});
      const problem = inputProblem(raw);
      if (problem) throw commonErrors.invalidInput(problem);
      return route.request.parse(raw);
    };
    const noSubject = { setSubject: () => undefined };
    const refuseAppOff = appGateOf(route);
    // A signed-in route that is not audited and runs in the request's transaction (every list and
    // read, and the few unaudited writes): the session is found by that transaction's first statement. The same checks
    // in the same order: signed in, permitted, input; the scope; the handler.
    if (route.access === 'user' && !route.audited && typeof handler === 'function') {
      app.route({
        method: route.method,
        url: route.path,
        handler: async (req, reply) => {
          const keyAuth = await keyAuthOf(req, route, deps);
          const session = keyAuth ? inSessionOf(async () => keyAuth) : inSession;
          const result = await readAgainOnLostConnection(
            route,
            () =>
              session(
                tokenOf(req),
                async (found) => {
                  if (!found) throw unauthorized();
                  const { tx, auth } = found;
                  refuseBeforePasswordChange(auth, route);
                  if (!hasPermission(auth, route.permission)) throw forbidden();
                  refuseAppOff(auth, keyAuth !== null);
                  const input = inputOf(req);
                  // Read with the session where inSession reads it (auth's), else resolved here.
                  const scope = found.scope ?? (await deps.scopeOf(tx, auth));
                  return handler({ auth, input, ip: req.ip, req, reply, audit: noSubject, tx, scope });
                },
                route.readOnly,
              ),
            reply,
          );
          return answer(route, reply, result);
        },
      });
      continue;
    }
    app.route({
      method: route.method,
      url: route.path,
      handler: async (req, reply) => {
        const keyAuth = route.access === 'user' ? await keyAuthOf(req, route, deps) : null;
        const auth = keyAuth ?? (await deps.authenticate(tokenOf(req)));
        if (route.access === 'user') {
          if (!auth) throw unauthorized();
          refuseBeforePasswordChange(auth, route);
          if (!hasPermission(auth, route.permission)) throw forbidden();
          refuseAppOff(auth, keyAuth !== null);
        }
        let subject: TAuditSubject | null = auth ? fromAuth(auth) : null;
        const input = inputOf(req);
        const setSubject = (s: TAuditSubject) => {
          subject = s;
        };
        const base = { auth, input, ip: req.ip, req, reply, audit: { setSubject } };
        const run = (): Promise<unknown> => {
          if (route.access !== 'user' || !auth) return (handler as (ctx: unknown) => Promise<unknown>)(base);
          if (typeof handler !== 'function') {
            // Its own transactions: the scope is read in a short one of its own.
            return withTenant(deps.database, auth.tenantId, (tx) => deps.scopeOf(tx, auth)).then((scope) =>
              handler.detached({ ...base, auth, scope }),
            );
          }
          return withRequestTransaction(deps.database, auth.tenantId, async (tx) =>
            handler({ ...base, auth, tx, scope: await deps.scopeOf(tx, auth) }),
          );
        };
        if (!route.audited) return answer(route, reply, await run());
        // The subject is known before the action: its log row is written first (see TAuditLog).
        const entry = { route, ip: req.ip, input };
        const opened = subject
          ? { id: await deps.audit.begin({ ...entry, subject }), tenantId: subject.tenantId }
          : null;
        const settle = async (result: 'success' | 'failure', message: string) => {
          try {
            if (opened) await deps.audit.end(opened.id, opened.tenantId, result, message);
            else if (subject) await deps.audit.write({ ...entry, subject, result, message });
          } catch (error) {
            deps.onAuditError(error);
          }
        };
        try {
          const answered = await answer(route, reply, await run());
          await settle('success', '');
          return answered;
        } catch (error) {
          await settle('failure', error instanceof AppError ? error.message : '系统异常');
          throw error;
        }
      },
    });
  }
};
