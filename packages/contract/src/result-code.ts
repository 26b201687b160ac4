/** Business codes of the `{code,msg,data}` envelope (DESIGN.md section 3). */
export const ResultCode = {
  ok: 0,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  serverError: 500,
  /** The server could not reach its database for a moment: the request changed nothing, ask again. */
  busy: 503,
  invalid: 10002,
  conflict: 10056,
} as const;
export type TResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes the client treats as success (spec section 8). */
export const successCodes: readonly number[] = [0, 200, 206, 207, 1001];
