import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_MSG, ERROR_CODE, ROLE } from '@zg/contract';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loginAttempts, users } from '../../db/schema';
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
});

describe('/api/authc sign-in limits', () => {
  const START = Date.parse('2026-03-02T08:00:00+08:00');
  let now = START;
  /** Servers whose clock the test moves. */
  const servers = new Set<TestServer>();
  const setNow = (ms: number) => {
    now = ms;
    for (const server of servers) server.app.clock.set(new Date(now));
  };
  beforeAll(() => {
    servers.add(s);
  });
  beforeEach(() => setNow(START));
  afterEach(() => s.app.clock.reset());

  const from = (ip: string, userId: string, password: string, server: TestServer = s, cookie?: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/authc/login',
      payload: { userId, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });
  /** A patient attacker: waits (moves the clock) as long as it is told to, until the password is checked. */
  const patiently = async (ip: string, userId: string, password: string, server: TestServer = s) => {
    const waits: number[] = [];
    for (;;) {
      const res = await from(ip, userId, password, server);
      if (res.statusCode !== 429) return { res, waits };
      const wait = Number(res.headers['retry-after']);
      if (!(wait > 0)) throw new Error(`429 without a wait: ${res.body}`);
      waits.push(wait);
      setNow(now + wait * 1000);
    }
  };

  it('lets the right password in from another address after ten failures on the account', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await patiently('10.0.0.1', 'bmfzr03', `wrong${i}`)).res.statusCode).toBe(401);
    }
    // The attacker's address is now refused on this account ...
    expect((await from('10.0.0.1', 'bmfzr03', 'wrong-again')).statusCode).toBe(429);
    // ... but the owner, at an address with no failures on it, signs in at once.
    const owner = await from('10.0.0.2', 'bmfzr03', 'Demo@2026');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.userId).toBe('bmfzr03');
  });

  it('lets the right password in within a minute after 16 paced failures from the same address (the probe)', async () => {
    // The probe: 16 wrong passwords for zyadmin from one address, each sent when the server said it may be.
    for (let i = 0; i < 16; i++) {
      expect((await patiently('10.0.0.3', 'zyadmin', `wrong${i}`)).res.statusCode).toBe(401);
    }
    const lastFailure = now;
    // The right password from that same address waits at most a minute (the cap), then gets in.
    const owner = await patiently('10.0.0.3', 'zyadmin', 'Admin@2026');
    expect(owner.res.statusCode, owner.res.body).toBe(200);
    expect(owner.res.json().data.userId).toBe('zyadmin');
    expect(owner.waits.every((w) => w <= 60)).toBe(true);
    expect(now - lastFailure).toBeLessThanOrEqual(60_000);
    // Never the old 15-minute lock: no answer on the way asked for minutes.
    const rows = await s.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'pair:zyadmin|10.0.0.3'));
    expect(rows).toEqual([]);
  });

  it('never refuses the right password for longer than the cap, however many failures the address made', async () => {
    for (let i = 0; i < 40; i++) {
      expect((await patiently('10.0.0.4', 'bmfzr04', `wrong${i}`)).res.statusCode).toBe(401);
    }
    const held = await from('10.0.0.4', 'bmfzr04', 'Demo@2026');
    expect(held.statusCode).toBe(429);
    expect(held.json().meta.message).toMatch(/^登录失败次数过多，请\d+秒后再试$/);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60);
    setNow(now + 60_000);
    expect((await from('10.0.0.4', 'bmfzr04', 'Demo@2026')).statusCode).toBe(200);
  });

  it('slows an attacker on one account with a growing wait, without refusing it for good', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await from('10.0.1.1', 'bmfzr05', `wrong${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const slowed = await from('10.0.1.1', 'bmfzr05', 'wrong5');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().meta.message).toBe(AUTH_MSG.loginWait(1));
    expect(slowed.headers['retry-after']).toBe('1');
    // While it waits the right password gets the same answer, so waiting attempts reveal nothing about it.
    const right = await from('10.0.1.1', 'bmfzr05', 'Demo@2026');
    expect(right.statusCode).toBe(429);
    expect(right.json().meta.message).toBe(slowed.json().meta.message);
    // Waiting as told, every attempt is heard; the waits double up to the cap of a minute.
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const attempt = await patiently(i < 4 ? '10.0.1.1' : '10.0.1.2', 'bmfzr05', `again${i}`);
      expect(attempt.res.statusCode).toBe(401);
      waits.push(...attempt.waits);
    }
    // (The second address's first attempt, clean, was not asked to wait: the 16 s wait passed unused.)
    expect(waits).toEqual([1, 2, 4, 8, 32, 60, 60, 60, 60, 60, 60]);
    // The pair's failures are not counted for attempts that were told to wait.
    const rows = await s.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'pair:bmfzr05|10.0.1.1'));
    expect(rows[0]?.failures).toBe(9);
  });

  it('checks one password per turn when attempts arrive together', async () => {
    for (let i = 0; i < 5; i++) expect((await from('10.0.2.1', 'bmfzr06', `wrong${i}`)).statusCode).toBe(401);
    setNow(now + 1000);
    const together = await Promise.all(Array.from({ length: 6 }, (_, i) => from('10.0.2.1', 'bmfzr06', `burst${i}`)));
    expect(together.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
    // From a fresh address, only the first of a burst counts as coming from a clean address.
    const fresh = await Promise.all(Array.from({ length: 6 }, (_, i) => from('10.0.2.2', 'bmfzr06', `fresh${i}`)));
    expect(fresh.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('clears the failures of an address on an account when the right password comes from it', async () => {
    for (let i = 0; i < 4; i++) expect((await from('10.0.3.1', 'bmfzr07', `wrong${i}`)).statusCode).toBe(401);
    expect((await from('10.0.3.1', 'bmfzr07', 'Demo@2026')).statusCode).toBe(200);
    const rows = await s.database.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'pair:bmfzr07|10.0.3.1'));
    expect(rows).toEqual([]);
    // Clean again, it is not asked to wait even though the account has just been failing.
    expect((await from('10.0.3.1', 'bmfzr07', 'wrong')).statusCode).toBe(401);
  });

  it('keeps an address with many failures on many accounts open to a right password (a campus behind one NAT)', async () => {
    const t = await startTestServer({ env: { LOGIN_DELAY_AFTER_FAILURES_PER_IP: '20' } });
    servers.add(t);
    setNow(START);
    try {
      for (let i = 0; i < 50; i++) {
        expect((await from('10.9.0.1', `nobody${i}`, 'guess', t)).statusCode).toBe(401);
      }
      expect((await from('10.9.0.1', 'zyadmin', 'Admin@2026', t)).statusCode).toBe(200);
      expect((await from('10.9.0.1', 'fbr01', 'Demo@2026', t)).statusCode).toBe(200);
      // Someone who has failed from that address is slowed by the address's delay, not locked out.
      expect((await from('10.9.0.1', 'xld01', 'typo', t)).statusCode).toBe(401);
      const slowed = await from('10.9.0.1', 'xld01', 'Demo@2026', t);
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
      setNow(now + 60_000);
      expect((await from('10.9.0.1', 'xld01', 'Demo@2026', t)).statusCode).toBe(200);
    } finally {
      servers.delete(t);
      await t.close();
    }
  });

  it('lets an administrator see the throttles in force and clear one, audited; nobody else', async () => {
    for (let i = 0; i < 8; i++) await patiently('10.0.5.1', 'bmfzr09', `wrong${i}`);
    const held = await from('10.0.5.1', 'bmfzr09', 'Demo@2026');
    expect(held.statusCode).toBe(429);
    const admin = await s.login('zyadmin');
    const list = await admin.request({ method: 'GET', url: '/api/authc/loginThrottle/list?keyword=bmfzr09' });
    expect(list.statusCode, list.body).toBe(200);
    const [account] = list.json().data.list;
    expect(account).toMatchObject({ kind: 'account', subject: 'bmfzr09', failures: 8 });
    expect(account.userName).not.toBe('bmfzr09');
    expect(account.firstFailureAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(account.waitUntil).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const byAddress = await admin.request({ method: 'GET', url: '/api/authc/loginThrottle/list?keyword=10.0.5.1' });
    expect(byAddress.json().data.list).toEqual([expect.objectContaining({ kind: 'address', subject: '10.0.5.1' })]);
    // Only administrators: a department head is refused both routes.
    const head = await s.login('bmfzr01');
    expect((await head.request({ method: 'GET', url: '/api/authc/loginThrottle/list' })).statusCode).toBe(403);
    const refused = await head.request({
      method: 'POST',
      url: '/api/authc/loginThrottle/clear',
      payload: { userId: 'bmfzr09' },
    });
    expect(refused.statusCode).toBe(403);
    // Nothing named is a Chinese 400.
    const nothing = await admin.request({ method: 'POST', url: '/api/authc/loginThrottle/clear', payload: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().meta.message).toContain(AUTH_MSG.throttleClearNeedsTarget);
    const cleared = await admin.request({
      method: 'POST',
      url: '/api/authc/loginThrottle/clear',
      payload: { userId: 'bmfzr09' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.cleared).toBeGreaterThanOrEqual(3);
    // At once: the right password from the failing address is checked and signs in.
    expect((await from('10.0.5.1', 'bmfzr09', 'Demo@2026')).statusCode).toBe(200);
    const audit = await s.database.db.select().from(auditLog).where(eq(auditLog.action, 'login.throttleCleared'));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: 'zyadmin',
        entityId: 'bmfzr09',
        detail: expect.objectContaining({ userId: 'bmfzr09' }),
      }),
    ]);
    // An address is cleared the same way.
    for (let i = 0; i < 3; i++) await patiently('10.0.5.2', `nobody${i}`, 'guess');
    const addr = await admin.request({
      method: 'POST',
      url: '/api/authc/loginThrottle/clear',
      payload: { ip: '10.0.5.2' },
    });
    expect(addr.json().data.cleared).toBeGreaterThanOrEqual(4);
    const rows = await s.database.db.select().from(loginAttempts).where(like(loginAttempts.key, '%10.0.5.2%'));
    expect(rows).toEqual([]);
  });

  it('leaves the session of the browser working when a sign-in attempt fails', async () => {
    const me = await s.login('bmfzr08');
    const failed = await from('127.0.0.1', 'bmfzr08', 'wrong', s, me.cookie);
    expect(failed.statusCode).toBe(401);
    expect(failed.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    expect((await me.request({ method: 'GET', url: '/api/user/basicInfo' })).statusCode).toBe(200);
    // Nor does an attempt that is refused for too many failures.
    for (let i = 0; i < 6; i++) await from('127.0.0.1', 'bmfzr08', `wrong${i}`, s, me.cookie);
    const refused = await from('127.0.0.1', 'bmfzr08', 'wrong', s, me.cookie);
    expect(refused.statusCode).toBe(429);
    expect((await me.request({ method: 'GET', url: '/api/authc/tryLogin' })).statusCode).toBe(200);
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
