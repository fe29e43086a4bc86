import { MSG } from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { AppError } from './errors';

/**
 * Form bodies with nested keys (`a[0][b]=1`), as the spec's request helper posts them.
 * Depth and array limits keep a hostile body from building huge objects.
 */
export function registerFormBody(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body: string | Buffer, done) => {
      try {
        const parsed = qs.parse(String(body), { depth: 8, arrayLimit: 1000, parameterLimit: 5000, allowDots: false });
        done(null, parsed);
      } catch {
        done(new AppError(400, MSG.malformedBody), undefined);
      }
    },
  );
}
