import { NOTIFICATION_MSG } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { departmentRecipients, notify } from '.';

let s: TestServer;
let zy: TestSession;
let fb: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  zy = await s.login('zyfzr01');
  fb = await s.login('zgfb01');
});
afterAll(async () => {
  await s?.close();
});

const get = (who: TestSession, url: string) => who.request({ method: 'GET', url: `/api/notification${url}` });
const post = (who: TestSession, url: string, payload?: object) =>
  who.request({ method: 'POST', url: `/api/notification${url}`, payload: payload ?? {} });
const data = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body).data;
};
const unread = async (who: TestSession) => data(await get(who, '/unreadCount')).unread as number;

describe('notify', () => {
  it("writes nothing when the caller's transaction rolls back, and its rows when it commits", async () => {
    const before = await unread(zy);
    await expect(
      s.database.db.transaction(async (tx) => {
        await notify(tx, [{ userIds: ['zyfzr01'], kind: 'urge', title: '回滚的督办' }]);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await unread(zy)).toBe(before);
    await s.database.db.transaction((tx) =>
      notify(tx, [{ userIds: ['zyfzr01'], kind: 'urge', title: '提交的督办', link: '/targetTaskManagement/urge' }]),
    );
    expect(await unread(zy)).toBe(before + 1);
  });

  it('tells each user of one event once, never the actor, and no disabled or unknown account', async () => {
    const db = s.database.db;
    const before = await unread(fb);
    const item = {
      userIds: ['zgfb01', 'zgfb01', 'zyfzr01', null, 'nobody-here'],
      kind: 'taskWarning' as const,
      title: '任务预警：测试任务',
      dedupeKey: 'taskWarning:test:1',
      except: 'zyfzr01',
    };
    expect(await notify(db, [item, item])).toBe(1);
    expect(await notify(db, [item])).toBe(0);
    expect(await unread(fb)).toBe(before + 1);
    // Another event of the same record is another key.
    expect(await notify(db, [{ ...item, dedupeKey: 'taskWarning:test:2' }])).toBe(1);
  });

  it('names the heads and chargers of a department', async () => {
    const heads = await departmentRecipients(s.database.db, ['D04', null, 'D04']);
    expect(heads.length).toBeGreaterThan(0);
    expect(new Set(heads).size).toBe(heads.length);
  });
});

describe('the centre', () => {
  it('counts, lists (all / unread, newest first, paged), marks one and all read', async () => {
    const db = s.database.db;
    await post(zy, '/readAll');
    expect(await unread(zy)).toBe(0);
    for (let i = 1; i <= 3; i++) {
      await notify(db, [
        { userIds: ['zyfzr01'], kind: 'reportAudit', title: `第${i}条`, at: new Date(Date.UTC(2026, 10, 1, i)) },
      ]);
    }
    expect(await unread(zy)).toBe(3);
    const page = data(await get(zy, '/list?current=1&size=2&unread=true'));
    expect(page.total).toBe(3);
    expect(page.pages).toBe(2);
    expect(page.records.map((r: { title: string }) => r.title)).toEqual(['第3条', '第2条']);
    expect(page.records[0]).toMatchObject({ kind: 'reportAudit', kindName: '进度报告待审核', readAt: null });
    expect(page.records[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const read = await post(zy, '/read', { id: page.records[0].id });
    expect(data(read)).toEqual({ unread: 2 });
    expect(JSON.parse(read.body).meta.message).toBe(NOTIFICATION_MSG.markedRead);
    // Read twice: still read, the count unchanged.
    expect(data(await post(zy, '/read', { id: page.records[0].id }))).toEqual({ unread: 2 });
    expect(data(await get(zy, '/list?unread=true')).total).toBe(2);
    const all = data(await get(zy, '/list?unread=false'));
    expect(all.records.find((r: { id: number }) => r.id === page.records[0].id).readAt).not.toBeNull();

    const done = await post(zy, '/readAll');
    expect(data(done)).toEqual({ count: 2 });
    expect(JSON.parse(done.body).meta.message).toBe(NOTIFICATION_MSG.allRead(2));
    expect(await unread(zy)).toBe(0);
  });

  it("refuses another user's item as a missing one, and leaves it unread", async () => {
    await notify(s.database.db, [{ userIds: ['zgfb01'], kind: 'urge', title: '只给 zgfb01' }]);
    const theirs = data(await get(fb, '/list?unread=true')).records[0];
    const before = await unread(fb);
    const res = await post(zy, '/read', { id: theirs.id });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).meta.message).toBe(NOTIFICATION_MSG.notFound);
    expect(await unread(fb)).toBe(before);
    expect(data(await get(zy, '/list')).records.some((r: { id: number }) => r.id === theirs.id)).toBe(false);
  });

  it('refuses bad input with a Chinese message', async () => {
    for (const body of [{ id: 0 }, { id: 'x' }, { id: 2147483648 }, {}]) {
      const res = await post(zy, '/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.parse(res.body).meta.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const big = await get(zy, '/list?size=51');
    expect(big.statusCode).toBe(400);
    expect(JSON.parse(big.body).meta.message).toContain('50');
    expect((await post(zy, '/read', { id: 999999 })).statusCode).toBe(404);
  });

  it('refuses the signed out, and a write without its CSRF token', async () => {
    for (const [method, url] of [
      ['GET', '/unreadCount'],
      ['GET', '/list'],
      ['POST', '/read'],
      ['POST', '/readAll'],
    ] as const) {
      const res = await s.app.inject({
        method,
        url: `/api/notification${url}`,
        payload: method === 'POST' ? { id: 1 } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
    }
    const noCsrf = await s.app.inject({
      method: 'POST',
      url: '/api/notification/readAll',
      headers: { cookie: zy.cookie },
      payload: {},
    });
    expect(noCsrf.statusCode).toBeGreaterThanOrEqual(400);
    expect(noCsrf.statusCode).toBeLessThan(500);
  });
});
