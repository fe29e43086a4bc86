import { FIELD_ISSUE, MSG } from '@zg/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fail } from './envelope';
import { AppError, causes } from './errors';

const WHERE: Record<string, string> = {
  body: '请求体',
  querystring: '查询参数',
  params: '路径参数',
  headers: '请求头',
};

interface Issue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { code?: string; path?: PropertyKey[]; message?: string } };
}

/** Builds one Chinese message from the zod issues of a rejected request. */
export function describeValidation(issues: readonly Issue[], context?: string): string {
  const parts = issues.slice(0, 3).map((v) => {
    const issue = v.params?.issue;
    const field = (issue?.path ?? []).map(String).join('.') || v.instancePath?.replace(/^\//, '').replace(/\//g, '.');
    const message = issue?.message ?? v.message ?? FIELD_ISSUE.invalidFormat;
    return field ? `${field}：${message}` : message;
  });
  const where = context ? (WHERE[context] ?? context) : '';
  return `${MSG.invalidInput}${where ? `（${where}）` : ''}：${parts.join('；')}`;
}

/** Errors of the operating system or PostgreSQL that mean the disk (or the quota) is full. */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

/** True when the error, or an error it wraps (drizzle wraps the driver's), says the disk is full. */
export function isDiskFull(err: unknown): boolean {
  for (const e of causes(err)) {
    const code = e.code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
  }
  return false;
}

/**
 * The database went away under the request (restarted, stopped, the connection cut): PostgreSQL's shutdown codes,
 * node's connection errors and node-postgres's messages for a connection it lost. Answered 503 数据库不可用, not 500.
 */
const DB_GONE_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
const DB_GONE_MESSAGES = [
  /^Connection terminated/,
  /is not queryable$/,
  /^timeout exceeded when trying to connect$/,
  /^Client was closed and is not queryable$/,
];

export function isDatabaseGone(err: unknown): boolean {
  for (const e of causes(err)) {
    const { code, message } = e;
    if (typeof code === 'string' && DB_GONE_CODES.has(code)) return true;
    if (typeof message === 'string' && DB_GONE_MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}

/**
 * PostgreSQL refusals that come from what a request sent (a reference to a record that is not there, a duplicate, a
 * value too long or out of range): answered as the client's error with a Chinese message. Services check what they
 * can first; this is the net under them, so no input ever becomes a 500.
 */
const INPUT_REFUSALS: Record<string, { status: number; message: string }> = {
  '23503': { status: 400, message: MSG.referenceMissing },
  '23505': { status: 409, message: MSG.duplicate },
  '23502': { status: 400, message: MSG.requiredMissing },
  '23514': { status: 400, message: MSG.invalidInput },
  '22001': { status: 400, message: MSG.valueTooLong },
  '22003': { status: 400, message: MSG.intOutOfRange },
  '22P02': { status: 400, message: MSG.invalidInput },
  '22007': { status: 400, message: MSG.invalidInput },
  '22008': { status: 400, message: MSG.invalidInput },
  '22021': { status: 400, message: MSG.textHasNul },
  '22P05': { status: 400, message: MSG.textHasNul },
};

/** The client-error answer for a database refusal of the request's values, or null for anything else. */
export function inputRefusal(err: unknown): { status: number; message: string } | null {
  for (const e of causes(err)) {
    const code = e.code;
    // SQLSTATEs are five characters; Node's own codes (ECONNRESET ...) are not.
    if (typeof code === 'string' && code.length === 5 && INPUT_REFUSALS[code]) return INPUT_REFUSALS[code];
  }
  return null;
}

/**
 * Errors of a malformed multipart body, raised by busboy while the route reads its parts: they carry no status, so
 * they are recognised by their messages (@fastify/busboy) and answered 400 in this one place, whichever route read them.
 */
const MULTIPART_ERRORS = [
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Missing Content-Type-header\.$/,
  /^Unsupported Content-Type\.$/,
  /^The needle cannot (be an empty|have a length bigger)/,
];
export function isMalformedMultipart(err: { message?: string; statusCode?: number }) {
  return err.statusCode === undefined && MULTIPART_ERRORS.some((re) => re.test(err.message ?? ''));
}

/** Maps every error to the envelope with a fitting status; unexpected errors are logged and answered generically. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((_req, reply) => {
    reply.code(404).send(fail(MSG.notFound));
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, 'app error');
      return reply.code(err.status).send(fail(err.message, err.code));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(fail(describeValidation(err.validation as Issue[], err.validationContext)));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send(fail(MSG.serverError));
    }
    if (isDiskFull(err)) {
      req.log.error({ err }, 'disk full');
      return reply.code(507).send(fail(MSG.diskFull));
    }
    if (isDatabaseGone(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.code(503).send(fail(MSG.dbUnavailable));
    }
    if (isMalformedMultipart(err)) return reply.code(400).send(fail(MSG.malformedBody));
    const refusal = inputRefusal(err);
    if (refusal) {
      req.log.warn({ err }, 'database refused the input');
      return reply.code(refusal.status).send(fail(refusal.message));
    }
    const status = err.statusCode ?? 500;
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(fail(MSG.unsupportedMedia));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_PARTS_LIMIT':
      case 'FST_FILES_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return reply.code(413).send(fail(MSG.tooLarge));
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return reply.code(415).send(fail(MSG.unsupportedMedia));
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return reply.code(400).send(fail(MSG.malformedBody));
    }
    if (status === 429) return reply.code(429).send(fail(MSG.tooManyRequests));
    if (status >= 400 && status < 500) {
      const message = status === 404 ? MSG.notFound : status === 401 ? MSG.notSignedIn : MSG.malformedBody;
      return reply.code(status).send(fail(message));
    }
    req.log.error({ err }, 'unexpected error');
    return reply.code(500).send(fail(MSG.serverError));
  });
}
