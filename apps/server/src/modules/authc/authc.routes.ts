import { envelope, LoginInputSchema, LoginRecordSchema, MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, requireSession, setSessionCookie } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { destroySession } from '../../platform/session';
import { buildLoginRecord, login } from './authc.service';

/** `/api/authc`: sign-in, sign-out and try-login. */
export const authcRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['登录认证'],
        summary: '账号密码登录 / sign in with user id and password',
        body: LoginInputSchema,
        response: { 200: envelope(LoginRecordSchema) },
      },
    },
    async (req, reply) => {
      // A new id at every sign-in: the old session of this browser ends.
      if (req.session) await destroySession(app.database.db, req.session.idHash);
      const { token, record } = await login(app.database.db, req.body, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        requestId: req.id,
      });
      setSessionCookie(app, reply, token);
      return ok(record, MSG.loginSuccess);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['登录认证'],
        summary: '退出登录 / sign out',
        response: { 200: envelope(z.null()) },
      },
    },
    async (req, reply) => {
      if (req.session) await destroySession(app.database.db, req.session.idHash);
      clearSessionCookie(app, reply);
      return ok(null, MSG.logoutSuccess);
    },
  );

  app.get(
    '/tryLogin',
    {
      schema: {
        tags: ['登录认证'],
        summary: '凭会话 Cookie 取回登录记录 / login record of a valid session cookie',
        response: { 200: envelope(LoginRecordSchema) },
      },
      preHandler: requireSession,
    },
    async (req) => {
      const session = req.session!;
      return ok(await buildLoginRecord(app.database.db, session.userId, session.csrfSecret));
    },
  );
};
