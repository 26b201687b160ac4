import { ResultCode } from '@yunhu/contract';

/** The one error type of the server: a business code and a Chinese message the user can act on. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const invalid = (msg: string) => new AppError(ResultCode.invalid, msg);
export const conflict = (msg: string) => new AppError(ResultCode.conflict, msg);
export const notFound = (msg = '数据不存在或已删除') => new AppError(ResultCode.conflict, msg);
export const unauthorized = (msg = '登录已过期，请重新登录') => new AppError(ResultCode.unauthorized, msg);
export const forbidden = (msg = '没有权限，请联系管理员') => new AppError(ResultCode.forbidden, msg);

/** Shown for any unexpected failure; the client maps it to 网络不稳定，请稍后重试 (spec section 8). */
export const internalErrorMessage = '服务器内部异常，请稍后重试';
