import { CasConfigSchema, envelope, LoginInputSchema, LoginRecordSchema, MSG } from '@zg/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, setSessionCookie } from '../../platform/auth';
import { ok } from '../../platform/envelope';
import { destroySession } from '../../platform/session';
import { buildLoginRecord, casLogin, LoginThrottled, login } from './authc.service';

const TAGS = ['登录认证'];

/** `/api/authc`: sign-in, CAS single sign-on, sign-out and try-login. */
export const authcRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (req: { ip: string; headers: Record<string, unknown>; id: string }) => ({
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
    requestId: req.id,
  });

  app.post(
    '/login',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary: '账号密码登录；每次登录发放新的会话 / sign in; a new session id each time',
        body: LoginInputSchema,
        response: { 200: envelope(LoginRecordSchema) },
      },
    },
    async (req, reply) => {
      const signedIn = await login(app.database.db, app.config, req.body, meta(req), app.clock.now()).catch((err) => {
        if (err instanceof LoginThrottled) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      });
      // The browser's previous session ends only when the new one starts: a failed attempt leaves it working.
      if (req.session) await destroySession(app.database.db, req.session.idHash);
      setSessionCookie(app, reply, signedIn.token);
      return ok(signedIn.record, MSG.loginSuccess);
    },
  );

  app.get(
    '/casConfig',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary: '统一身份认证（CAS）配置 / whether CAS is on and where its login entry is',
        response: { 200: envelope(CasConfigSchema) },
      },
    },
    async () => {
      const c = app.config;
      const loginUrl = c.CAS_ENABLED && c.CAS_SERVER_URL ? `${c.CAS_SERVER_URL.replace(/\/$/, '')}/login` : null;
      return ok({ enabled: c.CAS_ENABLED, loginUrl });
    },
  );

  app.post(
    '/casLogin',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary: 'CAS 票据登录（服务端向 CAS 校验票据） / sign in with a CAS ticket validated by the server',
        body: z.object({
          ticket: z.string().trim().min(1).max(512).describe('CAS 票据 / service ticket'),
          service: z.string().url().max(2000).describe('登录时使用的服务地址 / service URL used at CAS login'),
        }),
        response: { 200: envelope(LoginRecordSchema) },
      },
    },
    async (req, reply) => {
      const { token, record } = await casLogin(app.database.db, app.config, req.body, meta(req));
      if (req.session) await destroySession(app.database.db, req.session.idHash);
      setSessionCookie(app, reply, token);
      return ok(record, MSG.loginSuccess);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: { session: true } },
      schema: { tags: TAGS, summary: '退出登录 / sign out', response: { 200: envelope(z.null()) } },
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
      config: { access: { session: true, csrf: false } },
      schema: {
        tags: TAGS,
        summary: '凭会话 Cookie 取回登录记录（含 CSRF 密钥） / login record of a valid session cookie',
        response: { 200: envelope(LoginRecordSchema) },
      },
    },
    async (req) => {
      const session = req.session!;
      return ok(await buildLoginRecord(app.database.db, session.userId, session.csrfSecret));
    },
  );
};
