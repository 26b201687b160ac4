import { ResultCode, successCodes } from '@yunhu/contract';
import * as t from '../../locales/zh-CN/signIn';

/** The server's envelope (`TEnvelope`), or what a proxy answered instead: any field may be missing. */
export type TEnvelopeLike = { code?: number | null; msg?: string; message?: string; data?: unknown; reason?: string };

export type THandleDeps = {
  showError: (text: string) => void;
  /** Code 401: the session is gone (clear it and go to the login page). */
  onExpired: () => void;
};

/** A failed request: the envelope's code and message, and its stable key (`reason`) to branch on. */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** `<area>.<name>` as the server declared it (`<area>.errors.ts`); undefined when no envelope came. */
  readonly reason: string | undefined;
  constructor(code: number, msg: string, data?: unknown, reason?: string) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.reason = reason;
  }
}

/** The keys the client branches on; messages are for people and may be reworded. */
export const reasons = {
  /** Any unexpected server failure (code 500): shown as 网络不稳定，请稍后重试 (spec section 8). */
  internal: 'common.internal',
  /** The invitation-code lookup's missing agent: a 500 the user should not see (spec section 8). */
  agentNotFound: 'org.agentNotFound',
} as const;

/** Whether this failure is the invitation-code lookup's missing agent (spec section 8). */
export const isAgentNotFound = (reason: string | undefined): boolean => reason === reasons.agentNotFound;
const SHOWN_CODES = new Set<number>([10056, 10002, 403, ResultCode.busy]);

/**
 * Spec section 8, response handling: decides from the HTTP status and the envelope whether a
 * response succeeds (returns its data) or fails (throws ApiError), and what the user sees.
 */
export const handleEnvelope = (status: number, body: TEnvelopeLike | null | undefined, deps: THandleDeps): unknown => {
  const msg = body?.msg || body?.message || '';
  const reason = body?.reason;
  if (status !== 200) {
    deps.showError(msg || `${t.app.networkUnstable}（${status}）`);
    throw new ApiError(status, msg, undefined, reason);
  }
  const code = body?.code;
  if (code === undefined || code === null || successCodes.includes(code)) return body?.data;
  if (code === 401) {
    deps.showError(t.app.expired);
    deps.onExpired();
  } else if (code === 500) {
    if (reason === reasons.internal) deps.showError(t.app.networkUnstable);
    else if (!isAgentNotFound(reason)) deps.showError(msg || t.app.unknownError);
  } else if (SHOWN_CODES.has(code)) {
    deps.showError(msg || t.app.unknownError);
  }
  throw new ApiError(code, msg, body?.data, reason);
};
