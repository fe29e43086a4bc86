import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUTH_MSG, CSRF, DERIVED_ROLE_TARGET_TASK_DEPART, type MenuKey, ROLE, SYSTEM_MSG } from '@zg/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError, forbidden, noSession, sessionExpired, unauthorized } from './errors';
import type { SessionInfo } from './session';

/**
 * What a route requires, declared on every `/api` route as `config.access` (deny by default: a route without one
 * stops the server from starting).
 * - `public`: no session (sign-in, health, docs, the system setting).
 * - `session`: any signed-in user; `csrf: false` only for try-login, which hands the client its CSRF secret.
 * - `menus` / `roles`: signed in and holding at least one of the menu keys or roles.
 */
export type Access =
  | { public: true }
  | { session: true; csrf?: false }
  | { menus?: readonly MenuKey[]; roles?: readonly string[] };

/** The signed-in user as the services see it: roles (with derived ones), menus and headed departments. */
export interface Actor {
  userId: string;
  userName: string;
  departmentId: string | null;
  roles: ReadonlySet<string>;
  menus: ReadonlySet<string>;
  chargeDepartmentIds: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Set by platform/endpoints.ts `serve`: the contract endpoint the route comes from. */
    endpoint?: import('@zg/contract').Endpoint;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** The system administrator, who may change any record whoever owns it (record policies build on this one test). */
export const isAdmin = (actor: Pick<Actor, 'roles'>) => actor.roles.has(ROLE.admin);

const isPublic = (a: Access): a is { public: true } => 'public' in a;

/** The actor of a session: its roles (with derived ones), menus and headed departments, read with the session. */
export function actorOfSession(
  s: Pick<SessionInfo, 'userId' | 'userName' | 'departmentId' | 'grants' | 'chargeDepartmentIds'>,
): Actor {
  const roles = new Set(s.grants.map((g) => g.roleId));
  if (s.chargeDepartmentIds.length) roles.add(DERIVED_ROLE_TARGET_TASK_DEPART);
  const menus = new Set(s.grants.flatMap((g) => (g.menuKey ? [g.menuKey] : [])));
  return {
    userId: s.userId,
    userName: s.userName,
    departmentId: s.departmentId,
    roles,
    menus,
    chargeDepartmentIds: s.chargeDepartmentIds,
  };
}

/** True when the actor holds one of the menu keys or roles the access names (or it names neither). */
export function allows(access: { menus?: readonly string[]; roles?: readonly string[] }, actor: Actor) {
  const menus = access.menus ?? [];
  const roles = access.roles ?? [];
  if (!menus.length && !roles.length) return true;
  return menus.some((m) => actor.menus.has(m)) || roles.some((r) => actor.roles.has(r));
}

/** Checks `csrfToken = HMAC(secret, csrfTimestamp)` from the query, in constant time, within the window. */
export function checkCsrf(secret: string, query: unknown, now = Date.now()) {
  const q = (query ?? {}) as Record<string, unknown>;
  const ts = q[CSRF.timestampParam];
  const token = q[CSRF.tokenParam];
  if (typeof ts !== 'string' || typeof token !== 'string' || !/^\d{10,16}$/.test(ts) || !/^[0-9a-f]{64}$/.test(token)) {
    return false;
  }
  if (Math.abs(now - Number(ts)) > CSRF.windowMs) return false;
  // The same HMAC-SHA256 as the contract's hmacSha256Hex (which the browser runs), in native code.
  const expected = createHmac('sha256', secret).update(ts).digest();
  return timingSafeEqual(expected, Buffer.from(token, 'hex'));
}

function decodeTwice(v: string) {
  try {
    return decodeURIComponent(decodeURIComponent(v));
  } catch {
    return null;
  }
}

/**
 * The identity headers never establish identity; when present and different from the session, the request is
 * answered as an expired session so a stale tab re-syncs.
 */
export function headersDisagree(
  req: FastifyRequest,
  s: { userId: string; userName: string; departmentId: string | null },
) {
  const h = req.headers;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const id = one(h.loginuserid);
  if (id && id !== s.userId) return true;
  const name = one(h.loginusername);
  if (name && decodeTwice(name) !== s.userName) return true;
  const org = one(h.loginuserorgid);
  if (org && org !== (s.departmentId ?? '')) return true;
  return false;
}

/** Wires `config.access` of every `/api` route into a preHandler; a route without one is a start-up error. */
export function registerAccessControl(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access) throw new Error(`route ${String(route.method)} ${route.url} declares no config.access`);
    if (isPublic(access)) return;
    const checkCsrfToken = !('session' in access && access.csrf === false);
    const guard = async (req: FastifyRequest) => {
      const s = req.session;
      if (!s) throw noSession(req.headers.loginuserid !== undefined);
      if (headersDisagree(req, s)) throw sessionExpired();
      if (checkCsrfToken && !checkCsrf(s.csrfSecret, req.query)) throw new AppError(403, AUTH_MSG.csrfInvalid);
      const actor = actorOfSession(s);
      req.actor = actor;
      if ('session' in access) return;
      // A reset password is changed first (the self-service routes, all `session`, stay open for it).
      if (s.mustChangePassword) throw forbidden(SYSTEM_MSG.mustChangePassword);
      if (!allows(access, actor)) throw forbidden();
    };
    // Before validation, so nothing about a route's input is revealed to a caller who may not use it.
    const existing = route.preValidation;
    route.preValidation = existing ? [guard, ...(Array.isArray(existing) ? existing : [existing])] : [guard];
  });
}

/** The actor of a request that passed the access check. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}
