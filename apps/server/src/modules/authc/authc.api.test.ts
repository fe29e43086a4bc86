import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_MSG, ERROR_CODE, ROLE } from '@zg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

const login = (userId: string, password: string, headers: Record<string, string> = {}) =>
  s.app.inject({ method: 'POST', url: '/api/authc/login', payload: { userId, password }, headers });

describe('/api/authc sign-in', () => {
  it('signs in with a session cookie that is HttpOnly and SameSite=Lax', async () => {
    const res = await login('zyadmin', 'Admin@2026');
    expect(res.statusCode).toBe(200);
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(sid?.maxAge).toBe(7 * 24 * 3600);
    expect(sid?.value.length).toBeGreaterThanOrEqual(32);
    const data = res.json().data;
    expect(data).toMatchObject({ userId: 'zyadmin', userName: '系统管理员', roleIdList: [ROLE.admin] });
    expect(data.csrfSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('issues a new session id at every sign-in and ends the previous one of that browser', async () => {
    const first = await s.login('fbr01');
    const again = await s.app.inject({
      method: 'POST',
      url: '/api/authc/login',
      payload: { userId: 'fbr01', password: 'Demo@2026' },
      headers: { cookie: first.cookie },
    });
    const sid = again.cookies.find((c) => c.name === 'sid')?.value;
    expect(`sid=${sid}`).not.toBe(first.cookie);
    const old = await s.app.inject({ method: 'GET', url: '/api/authc/tryLogin', headers: { cookie: first.cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a wrong password with 401 and a Chinese message, and does not reveal unknown ids', async () => {
    const wrong = await login('xld01', 'nope');
    const unknown = await login('nobody', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().meta.message).toBe('工号或密码错误');
    expect(unknown.json().meta.message).toBe(wrong.json().meta.message);
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('refuses 20 rapid wrong passwords with 429, even the right one afterwards', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 20; i++) codes.push((await login('rwfzr06', `wrong${i}`)).statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(10);
    const locked = await login('rwfzr06', 'Demo@2026');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().meta.message).toBe(AUTH_MSG.loginLocked);
  });

  it('limits failures per address across user ids', async () => {
    const t = await startTestServer({ env: { LOGIN_MAX_FAILURES_PER_IP: '5' } });
    try {
      for (let i = 0; i < 5; i++) {
        await t.app.inject({ method: 'POST', url: '/api/authc/login', payload: { userId: `x${i}`, password: 'x' } });
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authc/login',
        payload: { userId: 'zyadmin', password: 'Admin@2026' },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('/api/authc sessions', () => {
  it('returns the login record on try-login with a valid cookie and 401 without one', async () => {
    const { cookie } = await s.login('bmfzr01');
    const res = await s.app.inject({ method: 'GET', url: '/api/authc/tryLogin', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userId).toBe('bmfzr01');
    const anon = await s.app.inject({ method: 'GET', url: '/api/authc/tryLogin' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().meta.message).toBe('未登录或登录已过期，请重新登录');
  });

  it('refuses a reused sid after logout', async () => {
    const me = await s.login('fbr01');
    const out = await me.request({ method: 'POST', url: '/api/authc/logout' });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const reused = await me.request({ method: 'GET', url: '/api/user/basicInfo' });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().meta.message).toBe('未登录或登录已过期，请重新登录');
  });

  it('answers a client that still sends its login headers after its session ended as expired', async () => {
    const me = await s.login('rwfzr01');
    await me.request({ method: 'POST', url: '/api/authc/logout' });
    const res = await me.request({ method: 'GET', url: '/api/user/basicInfo', headers: { loginUserId: 'rwfzr01' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().meta.code).toBe(ERROR_CODE.sessionExpired);
  });

  it('answers identity headers that disagree with the session as an expired session', async () => {
    const me = await s.login('rwfzr01');
    const name = encodeURIComponent(encodeURIComponent('张伟'));
    const same = await me.request({
      method: 'GET',
      url: '/api/user/basicInfo',
      headers: { loginUserId: 'rwfzr01', loginUserName: name, loginUserOrgId: 'D02' },
    });
    expect(same.statusCode).toBe(200);
    for (const headers of [{ loginUserId: 'zyadmin' }, { loginUserName: 'someone' }, { loginUserOrgId: 'D09' }]) {
      const res = await me.request({ method: 'GET', url: '/api/user/basicInfo', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().meta).toEqual({ success: false, message: '登录已过期', code: ERROR_CODE.sessionExpired });
    }
  });

  it('ends every session of a user who is disabled', async () => {
    const me = await s.login('rwfzr05');
    await s.database.db.update(users).set({ enabled: false }).where(eq(users.id, 'rwfzr05'));
    expect((await me.request({ method: 'GET', url: '/api/user/basicInfo' })).statusCode).toBe(401);
    const res = await login('rwfzr05', 'Demo@2026');
    expect(res.statusCode).toBe(401);
    expect(res.json().meta.message).toBe('该账号已被停用，请联系管理员');
  });

  it('signs in every demo account with its role and department facts', async () => {
    const expectations: [string, string][] = [
      ['fbr01', ROLE.targetPublisher],
      ['bmfzr01', ROLE.targetDepartHead],
      ['rwfzr01', ROLE.targetTaskOwner],
      ['shr01', ROLE.targetDepartAuditor],
      ['xld01', ROLE.schoolLeader],
    ];
    for (const [userId, role] of expectations) {
      const { record } = await s.login(userId);
      expect(record.roleIdList, userId).toContain(role);
      expect(Object.keys(record.menus as object).length, userId).toBeGreaterThan(0);
    }
    const head = (await s.login('bmfzr01')).record;
    expect(head.newChargeDeparmentList).toEqual([{ bmid: 'D02', bmmc: '教务处', fzrmc: '王建国' }]);
    expect(head.chargeDeparmentList).toEqual(['教务处']);
    const owner = (await s.login('rwfzr01')).record;
    expect(owner.orgId).toBe('D02');
    expect(owner.newChargeDeparmentList).toEqual([]);
  });
});

describe('CAS single sign-on', () => {
  it('validates the ticket against the CAS server and signs the mapped user in', async () => {
    const seen: string[] = [];
    const cas = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push(url.pathname);
      const ok = url.pathname === '/cas/serviceValidate' && url.searchParams.get('ticket') === 'ST-1-good';
      res.setHeader('content-type', 'application/xml');
      res.end(
        ok
          ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${url.searchParams.get('service')?.includes('other') ? 'zyadmin' : 'shr01'}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
          : '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">x</cas:authenticationFailure></cas:serviceResponse>',
      );
    });
    await new Promise<void>((r) => cas.listen(0, '127.0.0.1', r));
    const port = (cas.address() as AddressInfo).port;
    const t = await startTestServer({
      env: {
        CAS_ENABLED: 'true',
        CAS_SERVER_URL: `http://127.0.0.1:${port}/cas`,
        CAS_SERVICE_URL: 'https://zg.school.edu.cn/',
      },
    });
    try {
      const conf = await t.app.inject({ method: 'GET', url: '/api/authc/casConfig' });
      expect(conf.json().data).toEqual({ enabled: true, loginUrl: `http://127.0.0.1:${port}/cas/login` });
      const service = 'https://zg.school.edu.cn/#/index';
      const good = await t.app.inject({
        method: 'POST',
        url: '/api/authc/casLogin',
        payload: { ticket: 'ST-1-good', service },
      });
      expect(good.statusCode).toBe(200);
      expect(good.json().data.userId).toBe('shr01');
      expect(good.cookies.find((c) => c.name === 'sid')?.httpOnly).toBe(true);
      expect(seen).toContain('/cas/serviceValidate');

      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/authc/casLogin',
        payload: { ticket: 'ST-2-bad', service },
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().meta.message).toBe(AUTH_MSG.casTicketInvalid);

      // A ticket for another application is refused before the CAS server is even asked.
      const before = seen.length;
      const foreign = await t.app.inject({
        method: 'POST',
        url: '/api/authc/casLogin',
        payload: { ticket: 'ST-1-good', service: 'https://other.example.com/' },
      });
      expect(foreign.statusCode).toBe(401);
      expect(seen.length).toBe(before);
    } finally {
      await t.close();
      cas.close();
    }
  });

  it('is refused when CAS is not enabled', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/authc/casLogin',
      payload: { ticket: 'ST-1', service: 'https://zg.school.edu.cn/' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.message).toBe(AUTH_MSG.casDisabled);
  });
});
