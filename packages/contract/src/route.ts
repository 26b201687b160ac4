import type { z } from 'zod';

export type THttpMethod = 'GET' | 'POST';

/**
 * One endpoint of the product: the single source of truth the server binds handlers to,
 * the web client derives its typed API from, and the security tests walk.
 */
export type TRouteDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = {
  method: THttpMethod;
  path: string;
  /** Body for POST, query string for GET. Multipart routes validate their non-file fields. */
  request: Req;
  /** The `data` of the envelope; for blob routes the schema is ignored. */
  response: Res;
  /** 'public' needs no session; 'user' needs a valid token. */
  access: 'public' | 'user';
  /** Permission string (`area:object:action`) a signed-in user must hold; null = any signed-in user. */
  permission: string | null;
  /** Mutations of audited routes write an operation-log row. */
  audited: boolean;
  /**
   * Changes nothing, whoever calls it how often: the server opens its transaction READ ONLY (on a
   * PostgreSQL server, where a write there fails) and runs it once more when the database ends its
   * connection under it. Unmarked, a signed-in route is taken to write and is never run again.
   */
  readOnly: boolean;
  /** Chinese name of the action, used in the operation log. */
  summary: string;
  /** Business area (module) the route belongs to; shown in the operation log. */
  module: string;
  body: 'json' | 'multipart';
  result: 'json' | 'blob';
  /** Exists only outside production (development adapters' test hooks). */
  devOnly: boolean;
  /**
   * Part of the open API: an API key (`Authorization: Bearer`) may call it with the permissions it
   * was given, and the OpenAPI document lists it. Every other route refuses a key.
   */
  openApi: boolean;
};

type RouteInput<Req extends z.ZodType, Res extends z.ZodType> = Pick<
  TRouteDef<Req, Res>,
  'method' | 'path' | 'request' | 'response' | 'summary'
> &
  Partial<Omit<TRouteDef<Req, Res>, 'method' | 'path' | 'request' | 'response' | 'summary' | 'module'>>;

/** Builds the route definitions of one business area with its defaults (signed-in, JSON, not audited). */
export const routesOf =
  (module: string) =>
  <
    Req extends z.ZodType,
    Res extends z.ZodType,
    A extends TRouteDef['access'] = 'user',
    B extends TRouteDef['result'] = 'json',
  >(
    def: RouteInput<Req, Res> & { access?: A; result?: B },
  ): TRouteDef<Req, Res> & { access: A; result: B } =>
    ({
      access: 'user',
      permission: null,
      audited: false,
      readOnly: false,
      body: 'json',
      result: 'json',
      devOnly: false,
      openApi: false,
      module,
      ...def,
    }) as TRouteDef<Req, Res> & { access: A; result: B };

export type TRouteTable = Record<string, TRouteDef>;
export type TRequestOf<R> = R extends TRouteDef<infer Req, z.ZodType> ? z.input<Req> : never;
export type TParsedRequestOf<R> = R extends TRouteDef<infer Req, z.ZodType> ? z.output<Req> : never;
export type TResponseOf<R> = R extends TRouteDef<z.ZodType, infer Res> ? z.output<Res> : never;
