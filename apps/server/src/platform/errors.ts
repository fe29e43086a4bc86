import { ERROR_CODE, MSG } from '@zg/contract';

/** An error the user can act on: an HTTP status, a Chinese message and an optional business code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = MSG.invalidInput) => new AppError(400, message);
export const unauthorized = (message: string = MSG.notSignedIn) => new AppError(401, message);
export const sessionExpired = () => new AppError(401, MSG.sessionExpired, ERROR_CODE.sessionExpired);
/**
 * A request without a live session: a client that still sends its login headers believes it is signed in (its
 * session ended: idle, logout elsewhere, password change), so it gets the session-expired answer that re-syncs the tab.
 */
export const noSession = (sendsLoginHeaders: boolean) => (sendsLoginHeaders ? sessionExpired() : unauthorized());
export const forbidden = (message: string = MSG.noPermission) => new AppError(403, message);
export const notFound = (message: string = MSG.notFound) => new AppError(404, message);
export const conflict = (message: string = MSG.conflict) => new AppError(409, message);
export const tooManyRequests = (message: string = MSG.tooManyRequests) => new AppError(429, message);

/** Whether a database error is PostgreSQL's unique violation (23505), on both drivers (PGlite puts it on the cause). */
export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return (e?.code ?? e?.cause?.code) === '23505';
};

/** The error and the errors it wraps (drizzle wraps the driver's as its cause), at most five deep. */
export function* causes(err: unknown): Generator<object & { code?: unknown; message?: unknown }> {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as object & { code?: unknown; message?: unknown };
  }
}
