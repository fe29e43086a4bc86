import { DATASOURCE_MSG } from '@zg/contract';

const R = DATASOURCE_MSG.reason;

/** Raised by the connection itself: the overall deadline passed (the socket is destroyed with it). */
export class DeadlineError extends Error {
  constructor() {
    super('deadline expired');
  }
}

/**
 * Raised when a data source may not be reached where it points (the application's own database or server, a
 * link-local or metadata address, a host outside DATASOURCE_ALLOWED_HOSTS): the reason in Chinese.
 */
export class DestinationRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Raised when the schema a data source names does not exist in its database. */
export class MissingSchemaError extends Error {
  constructor(readonly schema: string) {
    super(`schema ${schema} does not exist`);
  }
}

const NETWORK: Record<string, string> = {
  ECONNREFUSED: R.refused,
  ENOTFOUND: R.unresolved,
  EAI_AGAIN: R.unresolved,
  EAI_NONAME: R.unresolved,
  EAI_FAIL: R.unresolved,
  EHOSTUNREACH: R.unreachable,
  ENETUNREACH: R.unreachable,
  EADDRNOTAVAIL: R.unreachable,
  EHOSTDOWN: R.unreachable,
  ETIMEDOUT: R.timeout,
  ECONNRESET: R.closed,
  EPIPE: R.closed,
};

/** What PostgreSQL's SQLSTATE says, in Chinese (null: not one the user can act on by name). */
function bySqlState(code: string, message: string, hadPassword: boolean): string | null {
  switch (code) {
    case '28P01':
      return hadPassword ? R.badPassword : R.noPassword;
    case '28000':
      // "role ... does not exist" under trust authentication; otherwise pg_hba.conf turned the connection away.
      return /role .* does not exist/i.test(message) ? R.badPassword : R.rejected;
    case '3D000':
      return R.noDatabase;
    case '42501':
      return R.noPrivilege;
    case '53300':
      return R.tooManyConnections;
    case '57P03':
      return R.starting;
    case '57014':
      return R.timeout;
    default:
      return null;
  }
}

/**
 * Why a connection failed, in Chinese, from what the driver or the socket threw. Never throws; an error it does not
 * know is named with its own text, so the user still sees what the other side said.
 */
export function failureReason(err: unknown, ctx: { hadPassword: boolean }): string {
  if (err instanceof DeadlineError) return R.timeout;
  if (err instanceof MissingSchemaError) return R.noSchema(err.schema);
  if (err instanceof DestinationRefused) return err.reason;
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : String(err);
  if (NETWORK[code]) return NETWORK[code]!;
  if (/^[0-9A-Z]{5}$/.test(code)) {
    const known = bySqlState(code, message, ctx.hadPassword);
    if (known) return known;
  }
  if (/timeout expired|connection timeout|Query read timeout|timed out/i.test(message)) return R.timeout;
  if (/SASL|client password must be a (non-empty )?string|password authentication/i.test(message))
    return ctx.hadPassword ? R.badPassword : R.noPassword;
  if (/Connection terminated|socket hang up|ended by the other party/i.test(message)) return R.closed;
  if (/unexpected|unknown message|protocol|invalid (length|message)|Received unexpected/i.test(message))
    return R.protocol;
  return R.other(truncate(message || code || '无详细信息', 200));
}

const truncate = (s: string, max: number) => (s.length > max ? `${s.slice(0, max)}…` : s);
