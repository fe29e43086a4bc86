import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSession, SESSION_COOKIE, SESSION_LIFETIME_MS } from './session';

/** Loads the session from the `sid` cookie on every request. */
export function registerSessionLoading(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    req.session = await findSession(app.database.db, token, app.config.SESSION_IDLE_MINUTES * 60_000);
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
