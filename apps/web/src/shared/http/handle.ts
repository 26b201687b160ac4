import { successCodes } from '@yunhu/contract';
import { t } from '../../locales/zh-CN';

export type TEnvelopeLike = { code?: number | null; msg?: string; message?: string; data?: unknown };

export type THandleDeps = {
  showError: (text: string) => void;
  /** Code 401: the session is gone (clear it and go to the login page). */
  onExpired: () => void;
};

export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  constructor(code: number, msg: string, data?: unknown) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }
}

/** The invitation-code lookup reports a missing agent with a 500 the user should not see (spec section 8). */
export const isAgentNotFound = (msg: string): boolean => /代理商不存在|代理不存在|agent not found/i.test(msg);

const INTERNAL_ERROR = '服务器内部异常';
const SHOWN_CODES = new Set([10056, 10002, 403]);

/**
 * Spec section 8, response handling: decides from the HTTP status and the envelope whether a
 * response succeeds (returns its data) or fails (throws ApiError), and what the user sees.
 */
export const handleEnvelope = (status: number, body: TEnvelopeLike | null | undefined, deps: THandleDeps): unknown => {
  const msg = body?.msg || body?.message || '';
  if (status !== 200) {
    deps.showError(msg || `${t.app.networkUnstable}（${status}）`);
    throw new ApiError(status, msg);
  }
  const code = body?.code;
  if (code === undefined || code === null || successCodes.includes(code)) return body?.data;
  if (code === 401) {
    deps.showError(t.app.expired);
    deps.onExpired();
  } else if (code === 500) {
    if (msg.includes(INTERNAL_ERROR)) deps.showError(t.app.networkUnstable);
    else if (!isAgentNotFound(msg)) deps.showError(msg || t.app.unknownError);
  } else if (SHOWN_CODES.has(code)) {
    deps.showError(msg || t.app.unknownError);
  }
  throw new ApiError(code, msg, body?.data);
};
