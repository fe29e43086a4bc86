import { ERROR_CODE } from '@zg/contract';

/** Why a request failed: the server answered with an error, or no usable answer came in time, or none at all. */
export type ApiErrorReason = 'server' | 'timeout' | 'network';

/** The one error type of every API call; `message` is Chinese and can be shown as it is. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Business code from `meta.code`, when the server sent one. */
  readonly code: number | undefined;
  readonly reason: ApiErrorReason;
  /** Set once the user has been told (toast, dialog or redirect), so nobody tells them again. */
  handled = false;

  constructor(status: number, code: number | undefined, message: string, reason: ApiErrorReason, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.code = code;
    this.reason = reason;
  }
}

/** The session is over and the user is already being sent to sign in again (302, or 401 with code 53000010). */
export function endsSession(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 302 || (error.status === 401 && error.code === ERROR_CODE.sessionExpired);
}

/** A cancellation by the caller (an aborted signal), which nobody needs to hear about. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The Chinese message of a failed call (the server's meta.message), else the given fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
