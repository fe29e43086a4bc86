import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail } from './envelope';
import { noSession } from './errors';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from './session';
import { installSessionFold, SessionChanged } from './session-fold';

/**
 * Loads the session from the `sid` cookie on every /api request (nothing else reads it): read from the database, or,
 * for a read request of a session this worker knows, remembered and checked within the request's first statement
 * (session-fold.ts). A reply that ran no statement is checked before it leaves.
 */
export function registerSessionLoading(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionCheck', null);
  const fold = installSessionFold(app.database.db, app.config.SESSION_IDLE_MINUTES * 60_000);
  app.addHook('onRequest', (req, _reply, done) => {
    const token = req.url.startsWith('/api/') ? req.cookies[SESSION_COOKIE] : undefined;
    if (!token) return done();
    fold.load(
      token,
      req.method,
      (session, check) => {
        req.session = session;
        req.sessionCheck = check;
        done();
      },
      (err) => done(err as Error),
    );
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const check = req.sessionCheck;
    if (!check || check.state === 'valid' || check.state === 'ended') return payload;
    try {
      await check.verify();
      return payload;
    } catch (err) {
      destroyStream(payload);
      if (err instanceof SessionChanged) {
        reply.code(307).header('location', req.url);
        return '';
      }
      const answer = noSession(req.headers.loginuserid !== undefined);
      reply.code(answer.status).header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(fail(answer.message, answer.code));
    }
  });
}

function destroyStream(payload: unknown) {
  const stream = payload as { destroy?: () => void; pipe?: unknown } | null;
  if (stream && typeof stream.pipe === 'function' && typeof stream.destroy === 'function') stream.destroy();
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.COOKIE_SECURE,
    maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: app.config.COOKIE_SECURE });
}
