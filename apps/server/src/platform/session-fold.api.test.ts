import { ERROR_CODE, USER_API } from '@zg/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { openTestDatabase, startTestServer, type TestServer, withCsrf } from '../test/harness';
import { wrappable } from './session-fold';

// Two app instances on one database, each with its own pool and its own remembered sessions (as two workers, or two
// machines): a change made through one, or in the database directly, takes effect on the other's next request.
let own: Awaited<ReturnType<typeof openTestDatabase>>;
let a: TestServer;
let b: TestServer;
let bPool: pg.Pool;
let secondDb: Awaited<ReturnType<typeof openDatabase>>;

beforeAll(async () => {
  own = await openTestDatabase('seeded');
  secondDb = await openDatabase({ url: own.url });
  a = await startTestServer({ database: own.database });
  b = await startTestServer({ database: secondDb });
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

describe('the session folded into the first statement', () => {
  it('a read on a session the worker knows runs no lookup of its own and answers the same', async () => {
    const me = await a.login('fbr01');
    const secret = me.record.csrfSecret;
    let first: unknown;
    let second: unknown;
    const read = await statementsOf(async () => {
      first = (await get(b, me.cookie, USER_API.basicInfo.path, secret)).json();
    });
    const folded = await statementsOf(async () => {
      second = (await get(b, me.cookie, USER_API.basicInfo.path, secret)).json();
    });
    expect(folded).toBe(read - 1);
    expect(second).toEqual(first);
    // A page of a list (its order and an empty page) answers the same folded as read.
    const list = `${USER_API.search.path}?name=&pageNum=1&pageSize=5`;
    const none = `${USER_API.search.path}?name=${encodeURIComponent('没有这个人')}&pageNum=1&pageSize=5`;
    const other = await a.login('fbr01');
    for (const url of [list, none]) {
      const fresh = (await get(a, other.cookie, url, other.record.csrfSecret)).json();
      const r = await get(b, me.cookie, url, secret);
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toEqual(fresh.data);
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

  it('a role taken away shows at the next request: one redirect to the same address, then the new menus', async () => {
    const me = await a.login('xld01');
    const secret = me.record.csrfSecret;
    const before = await get(b, me.cookie, USER_API.menus.path, secret);
    expect((await get(b, me.cookie, USER_API.menus.path, secret)).json()).toEqual(before.json());
    const roles = (await sql(`select role_id from user_roles where user_id = 'xld01' order by role_id`)).rows;
    expect(roles.length).toBeGreaterThan(0);
    await sql(`delete from user_roles where user_id = 'xld01'`);
    try {
      const next = await get(b, me.cookie, USER_API.menus.path, secret);
      expect(next.statusCode).toBe(307);
      const location = next.headers.location as string;
      expect(location.startsWith(USER_API.menus.path)).toBe(true);
      const followed = await b.app.inject({ method: 'GET', url: location, headers: { cookie: me.cookie } });
      expect(followed.statusCode).toBe(200);
      expect(followed.json().data).toEqual([]);
      expect(before.json().data.length).toBeGreaterThan(0);
    } finally {
      for (const r of roles) await sql(`insert into user_roles (user_id, role_id) values ('xld01', $1)`, [r.role_id]);
    }
  });

  it("another user's change costs a second look but neither a redirect nor a different answer", async () => {
    const me = await a.login('fbr01');
    const secret = me.record.csrfSecret;
    const before = (await get(b, me.cookie, USER_API.menus.path, secret)).json();
    await sql(`update departments set enabled = enabled where id = (select min(id) from departments)`);
    const after = await get(b, me.cookie, USER_API.menus.path, secret);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before);
    const epoch = await sql('select value from session_epoch');
    expect(Number(epoch.rows[0].value)).toBeGreaterThan(0);
  });
});

describe('wrappable', () => {
  it('wraps one select that writes nothing, and nothing else', () => {
    expect(wrappable('select "id" from "users" where "id" = $1')).toBe(true);
    expect(wrappable('  with x as (select 1) select * from x')).toBe(true);
    expect(wrappable('select "updated_at" from "users"')).toBe(true);
    for (const text of [
      'insert into t values (1)',
      'update users set name = $1',
      'select * from users for update',
      'with x as (delete from t returning *) select * from x',
      'select 1; select 2',
      'select pg_advisory_xact_lock(1)',
      'select nextval($1)',
      'begin',
    ])
      expect(wrappable(text), text).toBe(false);
  });
});
