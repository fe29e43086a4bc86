import { AUTHC_API as API, AUTH_MSG, listReply, MSG, ROLE } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/access';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth';
import { serve } from '../../platform/endpoints';
import { ok } from '../../platform/envelope';
import { destroySession } from '../../platform/session';
import { casSettings } from '../user';
import { buildLoginRecord, casLogin, clearLoginThrottle, LoginThrottled, login, loginThrottles } from './authc.service';

const PUBLIC = { public: true } as const;
/** The sign-in limits in force are the administrators' to read and clear. */
const ADMIN = { roles: [ROLE.admin] } as const;

/** `/api/authc`: sign-in, CAS single sign-on, sign-out and try-login (AUTHC_API). */
export const authcRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (req: { ip: string; headers: Record<string, unknown>; id: string }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    requestId: req.id,
  });

  serve(app, API.login, PUBLIC, async (req, reply) => {
    const signedIn = await login(app.database.db, app.config, req.body, meta(req), app.clock.now()).catch((err) => {
      if (err instanceof LoginThrottled) reply.header('retry-after', String(err.retryAfterSeconds));
      throw err;
    });
    // The browser's previous session ends only when the new one starts: a failed attempt leaves it working.
    if (req.session) await destroySession(app.database.db, req.session.idHash);
    setSessionCookie(app, reply, signedIn.token);
    return ok(signedIn.record, MSG.loginSuccess);
  });

  serve(app, API.casConfig, PUBLIC, async () => {
    const c = await casSettings(app.database.db, app.config);
    const loginUrl = c.enabled && c.serverUrl ? `${c.serverUrl.replace(/\/$/, '')}/login` : null;
    return ok({ enabled: c.enabled, loginUrl });
  });

  serve(app, API.casLogin, PUBLIC, async (req, reply) => {
    const { token, record } = await casLogin(app.database.db, app.config, req.body, meta(req));
    if (req.session) await destroySession(app.database.db, req.session.idHash);
    setSessionCookie(app, reply, token);
    return ok(record, MSG.loginSuccess);
  });

  serve(app, API.logout, { session: true }, async (req, reply) => {
    if (req.session) await destroySession(app.database.db, req.session.idHash);
    clearSessionCookie(app, reply);
    return ok(null, MSG.logoutSuccess);
  });

  // No CSRF check: try-login is how the client gets its CSRF secret.
  serve(app, API.tryLogin, { session: true, csrf: false }, async (req) => {
    const session = req.session!;
    return ok(await buildLoginRecord(app.database.db, session.userId, session.csrfSecret));
  });

  serve(app, API.throttles, ADMIN, async (req) => {
    const { list, total } = await loginThrottles(app.database.db, app.config, app.clock.now(), req.query);
    return ok(listReply(list, total, req.query));
  });

  serve(app, API.clearThrottle, ADMIN, async (req) => {
    const cleared = await clearLoginThrottle(app.database.db, actorOf(req), req.body);
    return ok({ cleared }, AUTH_MSG.throttleCleared(cleared));
  });
};
