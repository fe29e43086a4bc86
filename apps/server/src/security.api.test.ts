import { AUTH_MSG, MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, withCsrf } from './test/harness';

/** The only routes that may be used without a session; a new one must be added here on purpose. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/authc/login',
  'GET /api/authc/casConfig',
  'POST /api/authc/casLogin',
  'GET /api/user/systemSetting',
  'GET /api/user/systemSetting/logo',
  'GET /api/user/appConfig',
]);
/** Routes that take a session without a CSRF token: only try-login, which hands the client its secret. */
const NO_CSRF = new Set(['GET /api/authc/tryLogin']);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const apiRoutes = () =>
  s.app.routeCatalog.filter(
    (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  );
const concrete = (url: string) => url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');

describe('every registered route', () => {
  it('declares its access, and only the known ones are public', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
    const publicOnes = routes.filter((r) => r.access && 'public' in r.access).map((r) => `${r.method} ${r.url}`);
    expect(new Set(publicOnes)).toEqual(PUBLIC);
  });

  it('refuses a request without a session (401)', async () => {
    for (const r of apiRoutes()) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC.has(key)) continue;
      const res = await s.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload: {} });
      expect(res.statusCode, key).toBe(401);
      expect(res.json().meta.success, key).toBe(false);
    }
  });

  it('refuses a signed-in request with a missing or forged CSRF token (403)', async () => {
    const { cookie, record } = await s.login('zyadmin');
    for (const r of apiRoutes()) {
      const key = `${r.method} ${r.url}`;
      if (PUBLIC.has(key) || NO_CSRF.has(key)) continue;
      const missing = await s.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers: { cookie } });
      expect(missing.statusCode, `${key} missing`).toBe(403);
      expect(missing.json().meta.message, key).toBe(AUTH_MSG.csrfInvalid);
      const forged = withCsrf(concrete(r.url), 'f'.repeat(64));
      const bad = await s.app.inject({ method: r.method as 'GET', url: forged, headers: { cookie } });
      expect(bad.statusCode, `${key} forged`).toBe(403);
    }
    // The same session with its real secret passes the CSRF check.
    const good = await s.app.inject({
      method: 'GET',
      url: withCsrf('/api/user/roles', record.csrfSecret),
      headers: { cookie },
    });
    expect(good.statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('answers a missing menu grant with 403 and the spec message', async () => {
    const t = await startTestServer({
      extraRoutes: (app) => {
        app.get('/api/test/data-manage', { config: { access: { menus: ['dataManagement'] } } }, async () => ({
          ok: 1,
        }));
        app.get('/api/test/depart-head', { config: { access: { roles: ['targetTaskDepart'] } } }, async () => ({
          ok: 1,
        }));
      },
    });
    try {
      const owner = await t.login('rwfzr01');
      const denied = await owner.request({ method: 'GET', url: '/api/test/data-manage' });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().meta.message).toBe(MSG.noPermission);
      const admin = await t.login('zyadmin');
      expect((await admin.request({ method: 'GET', url: '/api/test/data-manage' })).statusCode).toBe(200);
      // targetTaskDepart is derived on the server for the head of a department.
      expect((await owner.request({ method: 'GET', url: '/api/test/depart-head' })).statusCode).toBe(403);
      const head = await t.login('bmfzr01');
      expect((await head.request({ method: 'GET', url: '/api/test/depart-head' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
