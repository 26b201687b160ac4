import { ResultCode } from '@yunhu/contract';

/**
 * The one error type of the server: an envelope code, a Chinese message the user can act on, and
 * a stable key (`<area>.<name>`) a client may branch on instead of the message text.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** Which envelope code an error answers with (DESIGN.md section 3). */
export type TErrorKind = 'invalid' | 'conflict' | 'notFound' | 'unauthorized' | 'forbidden' | 'internal' | 'busy';

const codeOf: Record<TErrorKind, number> = {
  invalid: ResultCode.invalid,
  conflict: ResultCode.conflict,
  // "Not found" of a record is a state the user meets (a colleague deleted it): 10056 with its message.
  notFound: ResultCode.conflict,
  unauthorized: ResultCode.unauthorized,
  forbidden: ResultCode.forbidden,
  // Where the spec gives a business refusal code 500 (section 8: the invitation code's missing agent).
  internal: ResultCode.serverError,
  busy: ResultCode.busy,
};

// biome-ignore lint/suspicious/noExplicitAny: a message builder's parameters are its own; `never[]` would refuse them.
type TMessage = string | ((...args: any[]) => string);
/** One declared error: its kind and its message (text, or a builder for the parameters it names). */
export type TErrorDef = readonly [kind: TErrorKind, message: TMessage];

type TRaise<M> = M extends (...args: infer A) => string ? (...args: A) => AppError : () => AppError;

/**
 * An area's errors, declared once in `<area>.errors.ts`:
 * `export const crmErrors = defineErrors('crm', { customerMissing: ['notFound', '客户不存在或已删除'] })`
 * then `throw crmErrors.customerMissing()`; the envelope carries `reason: 'crm.customerMissing'`.
 */
export const defineErrors = <const D extends Record<string, TErrorDef>>(
  area: string,
  defs: D,
): { [K in keyof D]: TRaise<D[K][1]> } & { keys: { [K in keyof D]: string } } => {
  const out: Record<string, unknown> = {};
  const keys: Record<string, string> = {};
  for (const [name, [kind, message]] of Object.entries(defs)) {
    const reason = `${area}.${name}`;
    keys[name] = reason;
    out[name] = (...args: unknown[]) =>
      new AppError(codeOf[kind], typeof message === 'function' ? message(...args) : message, reason);
  }
  out.keys = keys;
  return out as { [K in keyof D]: TRaise<D[K][1]> } & { keys: { [K in keyof D]: string } };
};

/** The errors every area may meet: sign-in, permission, malformed input. */
export const commonErrors = defineErrors('common', {
  unauthorized: ['unauthorized', '登录已过期，请重新登录'],
  forbidden: ['forbidden', '没有权限，请联系管理员'],
  /** A session whose password someone else set, before it is changed. */
  passwordChangeRequired: ['forbidden', '您的密码由管理员设置，请先修改密码后再使用'],
  notFound: ['notFound', '数据不存在或已删除'],
  /** A field the contract's schema could not say (the message names it). */
  invalidInput: ['invalid', (message: string) => message],
  /** A state the request does not fit (the message says which). */
  conflict: ['conflict', (message: string) => message],
  /**
   * The database could not answer (its connections were cut, or none came free in time) and the
   * request could not be run again safely: nothing is lost by asking again.
   */
  busy: ['busy', '服务繁忙，请稍后重试'],
});

/** A request without a live session (the binder's refusal, code 401). */
export const unauthorized = () => commonErrors.unauthorized();
/** A permission the person lacks (the binder's refusal, code 403). */
export const forbidden = () => commonErrors.forbidden();

/** Shown for any unexpected failure; the client maps it to 网络不稳定，请稍后重试 (spec section 8). */
export const internalErrorMessage = '服务器内部异常，请稍后重试';
