import { DERIVED_ROLE_TARGET_TASK_DEPART, ERROR_CODE, USER_API } from '@zg/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { openTestDatabase, startTestServer, type TestServer, withCsrf } from '../test/harness';

// Two app instances on one database, each with its own pool (as two workers, or two machines): every request reads its
// session once, so a change made through one, or in the database directly, takes effect on the other's next request.
let own: Awaited<ReturnType<typeof openTestDatabase>>;
let a: TestServer;
let b: TestServer;
let bPool: pg.Pool;
let secondDb: Awaited<ReturnType<typeof openDatabase>>;

beforeAll(async () => {
  own = await openTestDatabase('seeded');
  secondDb = await openDatabase({ url: own.url });
  a = await startTestServer({ database: own.database });
  // A route that reads nothing itself: whatever it sends to the database is the session's.
  b = await startTestServer({
    database: secondDb,
    extraRoutes: (app) => {
      app.get('/api/test/whoami', { config: { access: { session: true } } }, async (req) => ({
        userId: req.session?.userId,
      }));
    },
  });
  bPool = (secondDb.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondDb?.close();
  await own?.drop();
});

const sql = (text: string, values: unknown[] = []) =>
  (own.database.db as unknown as { $client: pg.Pool }).$client.query(text, values);

/** A GET on an instance with a session's cookie (and, as the web client does, its login header when asked). */
async function get(on: TestServer, cookie: string, url: string, secret: string, loginHeader?: string) {
  return on.app.inject({
    method: 'GET',
    url: withCsrf(url, secret),
    headers: { cookie, ...(loginHeader ? { loginuserid: loginHeader } : {}) },
  });
}

/** How many statements the instance's code sends through B's pool while `run` runs. */
async function statementsOf(run: () => Promise<unknown>): Promise<number> {
  const pool = bPool as unknown as { query: (...args: unknown[]) => unknown };
  const query = pool.query;
  let n = 0;
  pool.query = (...args: unknown[]) => {
    n++;
    return query.apply(bPool, args);
  };
  try {
    await run();
  } finally {
    pool.query = query;
  }
  return n;
}

describe('the session, read once per request', () => {
  it('a request costs one statement beyond its route, and answers the same on either instance', async () => {
    const me = await a.login('fbr01');
    const secret = me.record.csrfSecret;
    for (let i = 0; i < 3; i++) {
      let answer: unknown;
      const sent = await statementsOf(async () => {
        answer = (await get(b, me.cookie, '/api/test/whoami', secret)).json();
      });
      // The one prepared lookup; last_seen_at is written at most once a minute (the sign-in just set it).
      expect(sent).toBe(1);
      expect(answer).toEqual({ userId: 'fbr01' });
    }
    // Last seen over a minute ago: this request writes it (one statement more), the next does not.
    await sql(`update sessions set last_seen_at = now() - interval '2 minutes' where user_id = 'fbr01'`);
    expect(await statementsOf(() => get(b, me.cookie, '/api/test/whoami', secret))).toBe(2);
    expect(await statementsOf(() => get(b, me.cookie, '/api/test/whoami', secret))).toBe(1);
    const first = (await get(b, me.cookie, USER_API.basicInfo.path, secret)).json();
    expect((await get(a, me.cookie, USER_API.basicInfo.path, secret)).json()).toEqual(first);
    const list = `${USER_API.search.path}?name=&pageNum=1&pageSize=5`;
    const none = `${USER_API.search.path}?name=${encodeURIComponent('没有这个人')}&pageNum=1&pageSize=5`;
    for (const url of [list, none]) {
      const r = await get(b, me.cookie, url, secret);
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toEqual((await get(a, me.cookie, url, secret)).json().data);
    }
    expect((await get(b, me.cookie, list, secret)).json().data.list.length).toBe(5);
    expect((await get(b, me.cookie, none, secret)).json().data.list).toEqual([]);
  });

  it('logout on one instance ends the session on the other at its next request', async () => {
    const me = await a.login('bmfzr01');
    const secret = me.record.csrfSecret;
    for (let i = 0; i < 2; i++) expect((await get(b, me.cookie, USER_API.basicInfo.path, secret)).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: withCsrf('/api/authc/logout', secret),
      headers: { cookie: me.cookie },
    });
    expect(out.statusCode).toBe(200);
    const after = await get(b, me.cookie, USER_API.basicInfo.path, secret, 'bmfzr01');
    expect(after.statusCode).toBe(401);
    expect(after.json().meta.code).toBe(ERROR_CODE.sessionExpired);
    // A route that runs no statement is checked before its reply leaves.
    expect((await get(b, me.cookie, USER_API.roles.path, secret)).statusCode).toBe(401);
  });

  it('a user disabled in the database is refused at the next request', async () => {
    const me = await a.login('rwfzr01');
    const secret = me.record.csrfSecret;
    for (let i = 0; i < 2; i++) expect((await get(b, me.cookie, USER_API.menus.path, secret)).statusCode).toBe(200);
    await sql(`update users set enabled = false where id = 'rwfzr01'`);
    try {
      expect((await get(b, me.cookie, USER_API.menus.path, secret)).statusCode).toBe(401);
    } finally {
      await sql(`update users set enabled = true where id = 'rwfzr01'`);
    }
  });

  it('a password changed on one instance ends the old session on the other', async () => {
    const me = await a.login('shr01');
    const secret = me.record.csrfSecret;
    for (let i = 0; i < 2; i++) expect((await get(b, me.cookie, USER_API.basicInfo.path, secret)).statusCode).toBe(200);
    const changed = await me.request({
      method: 'POST',
      url: USER_API.passwordUpdate.path,
      payload: { oldPassword: 'Demo@2026', newPassword: 'Demo@2027x', newPasswordCopy: 'Demo@2027x' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await get(b, me.cookie, USER_API.basicInfo.path, secret)).statusCode).toBe(401);
  });

  it('a role taken away shows at the next request: the new menus, on the other instance', async () => {
    const me = await a.login('xld01');
    const secret = me.record.csrfSecret;
    const before = await get(b, me.cookie, USER_API.menus.path, secret);
    expect((await get(b, me.cookie, USER_API.menus.path, secret)).json()).toEqual(before.json());
    expect(before.json().data.length).toBeGreaterThan(0);
    const roles = (await sql(`select role_id from user_roles where user_id = 'xld01' order by role_id`)).rows;
    expect(roles.length).toBeGreaterThan(0);
    await sql(`delete from user_roles where user_id = 'xld01'`);
    try {
      const next = await get(b, me.cookie, USER_API.menus.path, secret);
      expect(next.statusCode).toBe(200);
      expect(next.json().data).toEqual([]);
    } finally {
      for (const r of roles) await sql(`insert into user_roles (user_id, role_id) values ('xld01', $1)`, [r.role_id]);
    }
  });

  it('a department moved and a department headed show at the next request', async () => {
    const me = await a.login('rwfzr01');
    const secret = me.record.csrfSecret;
    const was = (await sql(`select department_id from users where id = 'rwfzr01'`)).rows[0].department_id;
    const other = (await sql(`select min(id) as id from departments where id <> $1 and enabled`, [was])).rows[0].id;
    const head = (await sql(`select charge_user_id from departments where id = $1`, [other])).rows[0].charge_user_id;
    const orgOf = async () => (await get(b, me.cookie, USER_API.basicInfo.path, secret)).json().data.orgId;
    const rolesOf = async () =>
      JSON.stringify((await get(b, me.cookie, USER_API.roles.path, secret)).json().data) as string;
    expect(await orgOf()).toBe(was);
    expect(await rolesOf()).not.toContain(DERIVED_ROLE_TARGET_TASK_DEPART);
    await sql(`update users set department_id = $1 where id = 'rwfzr01'`, [other]);
    await sql(`update departments set charge_user_id = 'rwfzr01' where id = $1`, [other]);
    try {
      expect(await orgOf()).toBe(other);
      expect(await rolesOf()).toContain(DERIVED_ROLE_TARGET_TASK_DEPART);
    } finally {
      await sql(`update users set department_id = $1 where id = 'rwfzr01'`, [was]);
      await sql(`update departments set charge_user_id = $2 where id = $1`, [other, head]);
    }
  });

  it("another user's change leaves the answer as it was", async () => {
    const me = await a.login('fbr01');
    const secret = me.record.csrfSecret;
    const before = (await get(b, me.cookie, USER_API.menus.path, secret)).json();
    await sql(`update departments set enabled = enabled where id = (select min(id) from departments)`);
    await sql(`delete from user_roles where user_id = 'xld01' and false`);
    const after = await get(b, me.cookie, USER_API.menus.path, secret);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before);
    // The session counter of issue 21 and its triggers are gone (migration 0023).
    const left = await sql(
      `select (select count(*) from pg_trigger where tgname like '%session_epoch') as triggers,
        to_regclass('session_epoch') as counter`,
    );
    expect(Number(left.rows[0].triggers)).toBe(0);
    expect(left.rows[0].counter).toBeNull();
  });
});
