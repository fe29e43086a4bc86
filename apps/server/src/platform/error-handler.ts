import { FIELD_ISSUE, MSG } from '@zg/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { fail } from './envelope';
import { AppError } from './errors';

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
    const status = err.statusCode ?? 500;
    switch (err.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.code(415).send(fail(MSG.unsupportedMedia));
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.code(413).send(fail(MSG.tooLarge));
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
