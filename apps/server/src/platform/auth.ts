import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSession, SESSION_COOKIE, SESSION_LIFETIME_MS } from './session';

/**
 * Loads the session from the `sid` cookie on every /api request (nothing else reads it): one prepared statement
 * (platform/session.ts) reads the session, its user, grants and charged departments, so a logout, an expiry, a
 * disabled user, a password change and a role or department change take effect on the next request, whichever worker
 * or instance serves it.
 */
export function registerSessionLoading(app: FastifyInstance) {
  app.decorateRequest('session', null);
  const db = app.database.db;
  const idleMs = app.config.SESSION_IDLE_MINUTES * 60_000;
  app.addHook('onRequest', async (req) => {
    const token = req.url.startsWith('/api/') ? req.cookies[SESSION_COOKIE] : undefined;
    if (token) req.session = await findSession(db, token, idleMs);
  });
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
