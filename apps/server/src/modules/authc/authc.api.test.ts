import { ROLE } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('/api/authc', () => {
  it('signs in with a session cookie that is HttpOnly and SameSite=Lax', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/authc/login',
      payload: { userId: 'zyadmin', password: 'Admin@2026' },
    });
    expect(res.statusCode).toBe(200);
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(sid?.value.length).toBeGreaterThanOrEqual(32);
    const data = res.json().data;
    expect(data).toMatchObject({ userId: 'zyadmin', userName: '系统管理员', roleIdList: [ROLE.admin] });
    expect(data.csrfSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a wrong password with 401 and a Chinese message, and does not reveal unknown ids', async () => {
    const wrong = await s.app.inject({
      method: 'POST',
      url: '/api/authc/login',
      payload: { userId: 'zyadmin', password: 'nope' },
    });
    const unknown = await s.app.inject({
      method: 'POST',
      url: '/api/authc/login',
      payload: { userId: 'nobody', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().meta.message).toBe('工号或密码错误');
    expect(unknown.json().meta.message).toBe(wrong.json().meta.message);
    expect(wrong.cookies.find((c) => c.name === 'sid')).toBeUndefined();
  });

  it('returns the login record on try-login with a valid cookie and 401 without one', async () => {
    const { cookie } = await s.login('bmfzr01');
    const res = await s.app.inject({ method: 'GET', url: '/api/authc/tryLogin', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userId).toBe('bmfzr01');
    const anon = await s.app.inject({ method: 'GET', url: '/api/authc/tryLogin' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().meta.message).toBe('未登录或登录已过期，请重新登录');
  });

  it('ends the session at logout', async () => {
    const { cookie } = await s.login('fbr01');
    const out = await s.app.inject({ method: 'POST', url: '/api/authc/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const again = await s.app.inject({ method: 'GET', url: '/api/authc/tryLogin', headers: { cookie } });
    expect(again.statusCode).toBe(401);
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
