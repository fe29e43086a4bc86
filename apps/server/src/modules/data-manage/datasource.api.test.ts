import net from 'node:net';
import { DATASOURCE_MSG as M, ROLE } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLog, dataSources, userRoles } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { DataSourceConnectError, openDataSource } from './index';

/**
 * Data sources against real servers: the test run's own PostgreSQL (success, wrong password, wrong database, missing
 * schema), a closed port, a server that accepts and never answers, and one that answers garbage.
 */

let s: TestServer;
let admin: TestSession;
/** The harness's PostgreSQL, as a data source reaches it. */
let pgTarget: { host: string; port: number; database: string; user: string; password: string };
/** Whether the harness's server checks passwords (the embedded one does; a trusting TEST_DATABASE_URL may not). */
const checksPasswords = () => pgTarget.password !== '';
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
  const url = new URL(inject('testDatabaseUrl'));
  pgTarget = {
    host: url.hostname,
    port: Number(url.port || 5432),
    database: url.pathname.slice(1) || 'postgres',
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
  await s?.close();
});

const S = '/api/herm-sjgl/datasource';
const post = (me: TestSession, url: string, payload?: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, ...(payload ? { payload } : {}) });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${S}${url}` });

/** A TCP server on a free loopback port; `onSocket` decides what it does with each connection. */
async function tcpServer(onSocket: (socket: net.Socket) => void) {
  const srv = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    onSocket(socket);
  });
  servers.push(srv);
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  return (srv.address() as net.AddressInfo).port;
}

/** A loopback port nothing listens on (bound, then closed). */
async function closedPort() {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

async function create(body: Record<string, unknown>) {
  const res = await post(admin, '/insert', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; hasPassword: boolean };
}

const storedRows = async () =>
  (await s.database.db.execute(sql`select * from data_sources`)) as unknown as { rows: Record<string, unknown>[] };

describe('data sources: keeping them', () => {
  it('adds, pages with a name search, updates keeping the password, and deletes one or many', async () => {
    const a = await create({
      name: '教务系统库',
      kind: 'postgresql',
      host: 'jw.example.edu.cn',
      port: 5433,
      database: 'jwxt',
      user: 'reader',
      password: 'Jw#2026',
      schema: 'ods',
      note: '只读账号',
    });
    expect(a).toMatchObject({
      name: '教务系统库',
      kind: 'postgresql',
      host: 'jw.example.edu.cn',
      port: 5433,
      database: 'jwxt',
      user: 'reader',
      schema: 'ods',
      note: '只读账号',
      hasPassword: true,
    });
    expect(a).not.toHaveProperty('password');
    // Kind and port take their defaults; an empty schema and note are none.
    const b = await create({ name: '学工系统库', host: '10.0.0.8', database: 'xg', user: 'u', schema: '', note: '' });
    expect(b).toMatchObject({ kind: 'postgresql', port: 5432, schema: null, note: null, hasPassword: false });

    const page = (await get(admin, '/selectPage?current=1&size=10&name=教务')).json().data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const all = (await get(admin, '/selectPage')).json().data;
    expect(all.total).toBe(2);
    // A LIKE wildcard in the search is a literal.
    expect((await get(admin, '/selectPage?name=%25')).json().data.total).toBe(0);

    const kept = await post(admin, '/update', {
      id: a.id,
      name: '教务系统库2',
      host: 'jw2',
      database: 'jwxt',
      user: 'r',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ name: '教务系统库2', host: 'jw2', port: 5432, hasPassword: true });
    const [row] = await s.database.db.select().from(dataSources).where(sql`id = ${a.id}`);
    const before = row!.passwordSecret;
    const again = await post(admin, '/update', {
      id: a.id,
      name: '教务系统库2',
      host: 'jw2',
      database: 'd',
      user: 'r',
    });
    expect(again.statusCode).toBe(200);
    const [same] = await s.database.db.select().from(dataSources).where(sql`id = ${a.id}`);
    expect(same!.passwordSecret).toBe(before);
    const changed = await post(admin, '/update', {
      id: a.id,
      name: '教务系统库2',
      host: 'jw2',
      database: 'd',
      user: 'r',
      password: 'New#2026',
    });
    expect(changed.statusCode).toBe(200);
    const [after] = await s.database.db.select().from(dataSources).where(sql`id = ${a.id}`);
    expect(after!.passwordSecret).not.toBe(before);

    const taken = await post(admin, '/insert', { name: '学工系统库', host: 'h', database: 'd', user: 'u' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().meta.message).toBe(M.nameTaken('学工系统库'));
    const takenOnUpdate = await post(admin, '/update', {
      id: a.id,
      name: '学工系统库',
      host: 'h',
      database: 'd',
      user: 'u',
    });
    expect(takenOnUpdate.statusCode).toBe(409);

    const c = await create({ name: '临时库', host: 'h', database: 'd', user: 'u' });
    // A batch with an unknown id deletes nothing.
    const partial = await post(admin, '/deleteBatchIds', { ids: [b.id, 999999] });
    expect(partial.statusCode).toBe(404);
    expect(partial.json().meta.message).toBe(M.notFound);
    expect((await get(admin, '/selectPage')).json().data.total).toBe(3);
    const batch = await post(admin, '/deleteBatchIds', { ids: [b.id, c.id] });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json()).toMatchObject({ data: { count: 2 }, meta: { message: M.deletedCount(2) } });
    const one = await post(admin, `/${a.id}/delete`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().meta.message).toBe(M.deleted);
    expect((await get(admin, '/selectPage')).json().data.total).toBe(0);
    const gone = await post(admin, `/${a.id}/delete`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().meta.message).toBe(M.notFound);
  });

  it('answers bad input with a Chinese 400 naming the field', async () => {
    const good = { name: '校验库', host: 'db.example.edu.cn', port: 5432, database: 'd', user: 'u' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, name: '' }, M.nameRequired],
      [{ ...good, name: undefined }, ''],
      [{ ...good, host: '' }, M.hostRequired],
      [{ ...good, host: 'db example;drop' }, M.hostFormat],
      [{ ...good, host: undefined }, ''],
      [{ ...good, database: '' }, M.databaseRequired],
      [{ ...good, user: '  ' }, M.userRequired],
      [{ ...good, port: 0 }, M.portRange],
      [{ ...good, port: 70000 }, M.portRange],
      [{ ...good, port: 'abc' }, ''],
      [{ ...good, port: 5432.5 }, ''],
      [{ ...good, kind: 'mysql' }, M.kindUnsupported],
      [{ ...good, kind: 'oracle' }, M.kindUnsupported],
      [{ ...good, kind: 7 }, M.kindUnsupported],
      [{ ...good, name: '名'.repeat(61) }, M.tooLong(60)],
      [{ ...good, database: 'x'.repeat(64) }, M.tooLong(63)],
      [{ ...good, password: 'p'.repeat(201) }, M.tooLong(200)],
    ];
    for (const [body, message] of cases) {
      const res = await post(admin, '/insert', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().meta.success).toBe(false);
      expect(res.json().meta.message, JSON.stringify(body)).toMatch(/[\u4e00-\u9fa5]/);
      if (message) expect(res.json().meta.message, JSON.stringify(body)).toContain(message);
    }
    const kindOnUpdate = await post(admin, '/update', { id: 1, ...good, kind: 'sqlserver' });
    expect(kindOnUpdate.statusCode).toBe(400);
    expect(kindOnUpdate.json().meta.message).toContain(M.kindUnsupported);
    const unknown = await post(admin, '/update', { id: 999999, ...good });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().meta.message).toBe(M.notFound);
    const noIds = await post(admin, '/deleteBatchIds', { ids: [] });
    expect(noIds.statusCode).toBe(400);
    const badId = await post(admin, '/abc/delete');
    expect(badId.statusCode).toBe(400);
    const testNothing = await post(admin, '/test', {});
    expect(testNothing.statusCode).toBe(400);
    expect(testNothing.json().meta.message).toContain(M.testNeedsTarget);
    const testKind = await post(admin, '/test', { ...good, kind: 'mysql' });
    expect(testKind.statusCode).toBe(400);
    expect(testKind.json().meta.message).toContain(M.kindUnsupported);
    const testHalf = await post(admin, '/test', { host: 'h' });
    expect(testHalf.statusCode).toBe(400);
    expect(testHalf.json().meta.message).toContain(M.databaseRequired);
    const testUnknown = await post(admin, '/test', { id: 999999 });
    expect(testUnknown.statusCode).toBe(404);
    expect((await get(admin, '/selectPage')).json().data.total).toBe(0);
  });

  it('is kept by administrators and the data office only', async () => {
    const body = { name: '越权库', host: 'h', database: 'd', user: 'u', password: 'x' };
    // An ordinary teacher (task owner), and the 诊改管理员 who reads the warehouse through the 数据管理 menu.
    for (const who of ['rwfzr02', 'zgfb01']) {
      const me = await s.login(who);
      expect((await get(me, '/selectPage')).statusCode, who).toBe(403);
      expect((await post(me, '/insert', body)).statusCode, who).toBe(403);
      expect((await post(me, '/update', { id: 1, ...body })).statusCode, who).toBe(403);
      expect((await post(me, '/test', { id: 1 })).statusCode, who).toBe(403);
      expect((await post(me, '/deleteBatchIds', { ids: [1] })).statusCode, who).toBe(403);
      expect((await post(me, '/1/delete')).statusCode, who).toBe(403);
      const refused = await post(me, '/insert', body);
      expect(refused.json().meta.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    // No session, and no CSRF pair.
    expect((await s.app.inject({ method: 'GET', url: `${S}/selectPage` })).statusCode).toBe(401);
    const noCsrf = await s.app.inject({
      method: 'POST',
      url: `${S}/insert`,
      headers: { cookie: admin.cookie },
      payload: body,
    });
    expect(noCsrf.statusCode).toBe(403);

    await s.database.db.insert(userRoles).values({ userId: 'xld01', roleId: ROLE.dataOffice });
    const office = await s.login('xld01');
    const made = await post(office, '/insert', body);
    expect(made.statusCode, made.body).toBe(200);
    expect((await get(office, '/selectPage')).json().data.total).toBe(1);
    expect((await post(office, `/${made.json().data.id}/delete`)).statusCode).toBe(200);
  });
});

describe('data sources: the connection test', () => {
  it('connects to a real PostgreSQL, saved or from the form, and names each failure in Chinese', async () => {
    const saved = await create({ name: '本机库', ...pgTarget });
    const byId = await post(admin, '/test', { id: saved.id });
    expect(byId.statusCode, byId.body).toBe(200);
    const ok = byId.json().data;
    expect(ok.success).toBe(true);
    expect(ok.version).toMatch(/^\d+/);
    expect(ok.message).toBe(M.testOk(ok.version));
    expect(byId.json().meta.message).toBe(ok.message);

    // The dialog's form before saving.
    const form = await post(admin, '/test', { ...pgTarget, schema: 'public' });
    expect(form.json().data).toMatchObject({ success: true });
    // A form of a saved source without a password is tested with the stored one...
    const stored = await post(admin, '/test', { ...pgTarget, password: '', id: saved.id });
    expect(stored.json().data).toMatchObject({ success: true });
    // ...and without an id it has none.
    // The embedded PostgreSQL checks passwords (scram-sha-256); a TEST_DATABASE_URL server may trust loopback
    // (scripts/with-postgres.sh), and then any password connects: each case asserts what that server does.
    const none = await post(admin, '/test', { ...pgTarget, password: '' });
    expect(none.json().data).toMatchObject(
      checksPasswords()
        ? { success: false, message: M.testFailed(M.reason.noPassword) }
        : { success: true, message: M.testOk(ok.version) },
    );
    const wrong = await post(admin, '/test', { ...pgTarget, password: 'wrong-password' });
    expect(wrong.json().data).toMatchObject(
      checksPasswords() ? { success: false, message: M.testFailed(M.reason.badPassword) } : { success: true },
    );

    const failures: [Record<string, unknown>, string][] = [
      [{ user: 'no_such_user' }, M.reason.badPassword],
      [{ database: 'no_such_database' }, M.reason.noDatabase],
      [{ schema: 'no_such_schema' }, M.reason.noSchema('no_such_schema')],
      [{ host: 'no-such-host.invalid' }, M.reason.unresolved],
    ];
    for (const [change, reason] of failures) {
      const res = await post(admin, '/test', { ...pgTarget, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(200);
      expect(res.json().data, JSON.stringify(change)).toMatchObject({
        success: false,
        message: M.testFailed(reason),
        version: null,
      });
    }
    // A saved source whose password was changed to a wrong one.
    await post(admin, '/update', { id: saved.id, name: '本机库', ...pgTarget, password: 'wrong-password' });
    expect((await post(admin, '/test', { id: saved.id })).json().data.message).toBe(
      checksPasswords() ? M.testFailed(M.reason.badPassword) : M.testOk(ok.version),
    );
  });

  it('answers a closed port at once and a server that never answers within 5 s', async () => {
    const refused = await post(admin, '/test', { ...pgTarget, port: await closedPort() });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ success: false, message: M.testFailed(M.reason.refused) });
    expect(refused.json().data.elapsedMs).toBeLessThan(2000);

    // Accepts the connection, reads what it is sent, never answers.
    const silentPort = await tcpServer((socket) => socket.resume());
    const started = performance.now();
    const hung = await post(admin, '/test', { ...pgTarget, port: silentPort });
    const took = performance.now() - started;
    console.info(`hang test: answered in ${Math.round(took)} ms (server-side ${hung.json().data.elapsedMs} ms)`);
    expect(hung.statusCode).toBe(200);
    expect(hung.json().data).toMatchObject({ success: false, message: M.testFailed(M.reason.timeout) });
    expect(took).toBeLessThanOrEqual(5000);
    expect(took).toBeGreaterThan(3000);
    // The socket was closed by the server: nothing of the test stays connected.
    await expect.poll(() => sockets.size, { timeout: 3000 }).toBe(0);

    // Answers something that is not PostgreSQL, then hangs up.
    const httpPort = await tcpServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n'));
    });
    const garbage = await post(admin, '/test', { ...pgTarget, port: httpPort });
    expect(garbage.statusCode).toBe(200);
    expect(garbage.json().data.success).toBe(false);
    expect(garbage.json().data.message).toMatch(/^连接失败：/);
    console.info(`garbage answer: ${garbage.json().data.message}`);
    expect(garbage.json().data.elapsedMs).toBeLessThanOrEqual(5000);
  });
});

describe('data sources: the password', () => {
  it('never appears in an answer, in the table or in the audit log in clear', async () => {
    const secret = 'Sup3r-Secret-口令-2026';
    const secret2 = 'An0ther-Secret-口令';
    const answers: string[] = [];
    const created = await post(admin, '/insert', { name: '密码库', ...pgTarget, password: secret });
    answers.push(created.body);
    const id = created.json().data.id as number;
    answers.push((await get(admin, '/selectPage')).body);
    answers.push((await post(admin, '/test', { id })).body);
    answers.push((await post(admin, '/test', { ...pgTarget, password: secret })).body);
    answers.push((await post(admin, '/test', { ...pgTarget, password: `${secret}x` })).body);
    answers.push((await post(admin, '/update', { id, name: '密码库', ...pgTarget, password: secret2 })).body);
    answers.push((await post(admin, '/update', { id, name: '密码库', ...pgTarget })).body);
    for (const body of answers) {
      expect(body).not.toContain(secret);
      expect(body).not.toContain(secret2);
      expect(body).not.toMatch(/"password"/);
    }
    expect(JSON.parse(answers[0]!).data.hasPassword).toBe(true);

    const { rows } = await storedRows();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(secret);
    expect(dump).not.toContain(secret2);
    if (pgTarget.password) expect(dump).not.toContain(pgTarget.password);
    const sealed = rows.find((r) => r.id === id)!.password_secret as string;
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    const audits = JSON.stringify(await s.database.db.select().from(auditLog));
    expect(audits).toContain('dataSource.update');
    expect(audits).not.toContain(secret);
    expect(audits).not.toContain(secret2);

    // The saved (second) password works: it was sealed and opened, not lost.
    await post(admin, '/update', { id, name: '密码库', ...pgTarget, password: pgTarget.password });
    expect((await post(admin, '/test', { id })).json().data.success).toBe(true);
    // A tampered sealed value is refused with a clear answer, never a 500.
    const tampered = `${sealed.slice(0, -4)}AAA=`;
    await s.database.db.execute(sql`update data_sources set password_secret = ${tampered} where id = ${id}`);
    const refused = await post(admin, '/test', { id });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ success: false, message: M.testFailed(M.reason.keyMismatch) });
  });
});

describe('openDataSource (for the algorithms)', () => {
  it('reads a saved source read-only, and refuses writes', async () => {
    const created = await create({ name: '算法库', ...pgTarget, schema: 'pg_catalog' });
    const conn = await openDataSource(s.database.db, s.app.config, created.id);
    try {
      expect(conn.version).toMatch(/^\d+/);
      const { rows } = await conn.query<{ n: number }>('select $1::int + 1 as n', [41]);
      expect(rows).toEqual([{ n: 42 }]);
      // The search_path is the source's schema.
      const path = await conn.query<{ p: string }>('select current_setting($1) as p', ['search_path']);
      expect(path.rows[0]!.p).toBe('"pg_catalog"');
      await expect(conn.query('create table public.should_not_exist (id int)')).rejects.toMatchObject({
        code: '25006',
      });
      await expect(conn.query('set transaction_read_only = off')).rejects.toThrow();
      await expect(conn.query('select 1; select 2')).rejects.toThrow();
      // One failure does not spoil the connection.
      expect((await conn.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await conn.close();
    }
    // A query longer than its timeout is cancelled by the server.
    const short = await openDataSource(s.database.db, s.app.config, created.id, { queryMs: 1000 });
    try {
      const started = performance.now();
      await expect(short.query('select pg_sleep(10)')).rejects.toMatchObject({ code: '57014' });
      expect(performance.now() - started).toBeLessThan(3000);
    } finally {
      await short.close();
    }
  });

  it('answers a source it cannot reach with the reason in Chinese, within its timeout', async () => {
    const silentPort = await tcpServer(() => {});
    const hung = await create({ name: '无应答库', ...pgTarget, port: silentPort });
    const started = performance.now();
    const err = await openDataSource(s.database.db, s.app.config, hung.id).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThanOrEqual(5000);
    expect(err).toBeInstanceOf(DataSourceConnectError);
    expect((err as Error).message).toBe(M.testFailed(M.reason.timeout));
    const missing = await openDataSource(s.database.db, s.app.config, 999999).catch((e: unknown) => e);
    expect((missing as Error).message).toBe(M.testFailed(M.notFound));
  });
});
