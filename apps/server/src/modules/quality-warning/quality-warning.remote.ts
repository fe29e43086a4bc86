import { createHmac, timingSafeEqual } from 'node:crypto';
import { QUALITY_WARNING_API as API, QUALITY_WARNING_MSG as M } from '@zg/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { AppError, badRequest, conflict, unauthorized } from '../../platform/errors';
import { warningRowFacts } from '../diagnosis';
import { lockWarningEvaluation } from '../warning';
import { raiseQualityWarnings } from './quality-warning.raise';
import { openWarningsOf, recordRemoteCall } from './quality-warning.repository';
import { warningValueText } from './quality-warning.rules';

/**
 * handleWarningRemote: another system sends a warning on a row, signed. Headers `X-Zg-Timestamp` (Unix seconds) and
 * `X-Zg-Signature` (hex HMAC-SHA256 with WARNING_REMOTE_SECRET over `<timestamp>.<the body's exact bytes>`). A
 * timestamp further than WARNING_REMOTE_MAX_SKEW_SECONDS from now is refused, and so is a signature seen before (the
 * replay record is in PostgreSQL, so every worker and instance sees it). Deliberately public: the signature is the
 * authentication (security.api.test.ts).
 */

export function signRemote(secret: string, timestamp: string, body: string) {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : undefined;
};

/** Checks the signature and the timestamp, then records the call (a replay is refused). */
async function verify(req: FastifyRequest, db: Db, clock: Clock, secret: string | undefined, skew: number) {
  // Not configured: refused as the caller's lack of right (403), never a server error (5xx) a client could provoke.
  if (!secret) throw new AppError(403, M.remoteOff);
  const ts = header(req, 'x-zg-timestamp');
  const sig = header(req, 'x-zg-signature')?.toLowerCase();
  if (!ts || !sig) throw unauthorized(M.remoteNoSignature);
  const raw = (req as FastifyRequest & { rawBody?: string }).rawBody ?? '';
  const want = signRemote(secret, ts, raw);
  if (!/^[0-9a-f]{64}$/.test(sig) || !timingSafeEqual(Buffer.from(sig, 'hex'), Buffer.from(want, 'hex')))
    throw unauthorized(M.remoteBadSignature);
  const now = clock.now().getTime();
  if (!/^\d{1,12}$/.test(ts) || Math.abs(now - Number(ts) * 1000) > skew * 1000) throw unauthorized(M.remoteOld);
  const fresh = await recordRemoteCall(db, sig, new Date(now), new Date(now - 2 * skew * 1000));
  if (!fresh) throw conflict(M.remoteReplay);
}

export const remoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const raw = String(body);
    (req as FastifyRequest & { rawBody?: string }).rawBody = raw;
    try {
      done(null, raw.length ? JSON.parse(raw) : {});
    } catch {
      done(badRequest(M.remoteBadBody), undefined);
    }
  });
  app.addHook('preValidation', async (req) => {
    await verify(
      req,
      app.database.db,
      app.clock,
      app.config.WARNING_REMOTE_SECRET,
      app.config.WARNING_REMOTE_MAX_SKEW_SECONDS,
    );
  });
  serve(app, API.handleWarningRemote, { public: true }, async (req) => {
    const b = req.body;
    const result = await app.database.db.transaction(async (tx) => {
      await lockWarningEvaluation(tx);
      const [facts] = await warningRowFacts(tx, { rowIds: [b.zkdid] });
      if (!facts) throw badRequest(M.rowNotFound);
      if (!facts.warningRule) throw badRequest(M.remoteNoRule);
      const open = (await openWarningsOf(tx, [facts.id])).find((w) => w.kind === 'process');
      if (open) return { id: open.id, created: false };
      const [made] = await raiseQualityWarnings(
        tx,
        [
          {
            facts,
            kind: 'process',
            warningValue: b.yjz || warningValueText(facts.warningRule),
            monitoredValue: b.jgz,
            source: b.ly,
          },
        ],
        app.clock.now(),
      );
      return { id: made!.id, created: true };
    });
    return ok(result, M.remoteAccepted);
  });
};
