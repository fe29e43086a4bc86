import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { DATASOURCE_MSG as M, ROLE } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLog, dataSources, userRoles } from '../../db/schema';
import { type ExternalDatabase, openExternalDatabase } from '../../test/external-database';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { DataSourceConnectError, openDataSource } from './index';

/**
 * Data sources against real servers: the test run's own PostgreSQL (success, wrong password, wrong database, missing
 * schema), a closed port, a server that accepts and never answers, one that answers garbage, and a fake PostgreSQL
 * that records what it is sent (a stored password must never reach it). The test run's server also holds this
 * application's database, so the server here lists it in DATASOURCE_ALLOWED_HOSTS; another server without the list
 * shows the defaults.
 */

let s: TestServer;
let admin: TestSession;
/** An empty database beside the application's, with declared schemas `ods` and `dim`. */
let ext: ExternalDatabase;
/** The harness's PostgreSQL, as a data source reaches it. */
let pgTarget: { host: string; port: number; database: string; user: string; password: string };
/** Whether the harness's server checks passwords (the embedded one does; a trusting TEST_DATABASE_URL may not). */
const checksPasswords = () => pgTarget.password !== '';
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();

/** What this file's server allows a data source to name: the test run's server, loopback, and examples. */
const allowedHosts = () => `${pgTarget.host}, 127.0.0.1, 10.0.0.0/8, *.example.edu.cn`;

beforeAll(async () => {
  const url = new URL(inject('testDatabaseUrl'));
  pgTarget = {
    host: url.hostname,
    port: Number(url.port || 5432),
    database: url.pathname.slice(1) || 'postgres',
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
  };
  s = await startTestServer({ env: { DATASOURCE_ALLOWED_HOSTS: allowedHosts() } });
  admin = await s.login('zyadmin');
  ext = await openExternalDatabase();
  await ext.query('create schema ods');
  await ext.query('create schema dim');
  await ext.query('create table ods.scores (n int)');
  await ext.query('create table dim.majors (code text)');
  await ext.query('create schema undeclared');
  await ext.query('create table undeclared.hidden (secret text)');
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((srv) => new Promise((r) => srv.close(r))));
  await s?.close();
  await ext?.drop();
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
  return res.json().data as { id: number; hasPassword: boolean; schemas: string[]; schema: string | null };
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
      schemas: ['ods'],
      note: '只读账号',
      hasPassword: true,
    });
    expect(a).not.toHaveProperty('password');
    // Kind and port take their defaults; an empty schema and note are none.
    const b = await create({ name: '学工系统库', host: '10.0.0.8', database: 'xg', user: 'u', schema: '', note: '' });
    expect(b).toMatchObject({ kind: 'postgresql', port: 5432, schema: 'public', schemas: ['public'], note: null });
    expect(b.hasPassword).toBe(false);

    const page = (await get(admin, '/selectPage?current=1&size=10&name=教务')).json().data;
    expect(page).toMatchObject({ total: 1, current: 1, size: 10, pages: 1 });
    expect(page.records.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const all = (await get(admin, '/selectPage')).json().data;
    expect(all.total).toBe(2);
    // A LIKE wildcard in the search is a literal.
    expect((await get(admin, '/selectPage?name=%25')).json().data.total).toBe(0);

    const [row] = await s.database.db.select().from(dataSources).where(sql`id = ${a.id}`);
    const before = row!.passwordSecret;
    // Renaming, a new note or other schemas keep the stored password: it still goes where it was saved for.
    const kept = await post(admin, '/update', {
      id: a.id,
      name: '教务系统库2',
      host: 'JW.example.edu.cn',
      port: 5433,
      database: 'jwxt',
      user: 'reader',
      schemas: ['ods', 'dim'],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({
      name: '教务系统库2',
      port: 5433,
      hasPassword: true,
      schemas: ['ods', 'dim'],
    });
    const [same] = await s.database.db.select().from(dataSources).where(sql`id = ${a.id}`);
    expect(same!.passwordSecret).toBe(before);
    // Another host, port, database or user without the password again is refused, and nothing changes.
    for (const moved of [{ host: 'jw2.example.edu.cn' }, { port: 6543 }, { database: 'other' }, { user: 'admin' }]) {
      const refused = await post(admin, '/update', {
        id: a.id,
        name: '教务系统库2',
        host: 'jw.example.edu.cn',
        port: 5433,
        database: 'jwxt',
        user: 'reader',
        ...moved,
      });
      expect(refused.statusCode, JSON.stringify(moved)).toBe(400);
      expect(refused.json().meta.message).toBe(M.passwordForNewTarget);
    }
    const [unchanged] = await s.database.db.select().from(dataSources).where(sql`id = ${a.id}`);
    expect(unchanged).toMatchObject({ host: 'JW.example.edu.cn', port: 5433, database: 'jwxt', username: 'reader' });
    const changed = await post(admin, '/update', {
      id: a.id,
      name: '教务系统库2',
      host: 'jw2.example.edu.cn',
      database: 'd',
      user: 'r',
      password: 'New#2026',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ host: 'jw2.example.edu.cn', port: 5432, schemas: ['public'] });
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
    const created = await create({ name: '算法库', ...ext.target, schemas: ['ods', 'dim'] });
    const conn = await openDataSource(s.database.db, s.app.config, created.id);
    try {
      expect(conn.version).toMatch(/^\d+/);
      const { rows } = await conn.query<{ n: number }>('select $1::int + 1 as n', [41]);
      expect(rows).toEqual([{ n: 42 }]);
      // The search_path is the schemas the source declares, in order: both are read by their tables' names.
      const path = await conn.query<{ p: string }>('select current_setting($1) as p', ['search_path']);
      expect(path.rows[0]!.p).toBe('"ods", "dim"');
      expect((await conn.query('select count(*)::int as n from scores')).rows).toEqual([{ n: 0 }]);
      expect((await conn.query('select count(*)::int as n from majors')).rows).toEqual([{ n: 0 }]);
      // A schema it does not declare is not on the path: its tables are not found by name.
      await expect(conn.query('select count(*) from hidden')).rejects.toMatchObject({ code: '42P01' });
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

/** A fake PostgreSQL: asks each client for its password in clear text and records every byte it is sent. */
async function fakePostgres() {
  const received: Buffer[] = [];
  let connections = 0;
  const port = await tcpServer((socket) => {
    connections++;
    let first = true;
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      // After the start-up message: AuthenticationCleartextPassword, so a client sends its password as it is.
      if (first) socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
      else socket.end();
      first = false;
    });
  });
  return { port, heard: () => Buffer.concat(received).toString('utf8'), connections: () => connections };
}

const auditsOf = async (action: string) =>
  (await s.database.db.select().from(auditLog).where(sql`action = ${action}`)).map(
    (r) => r.detail as Record<string, unknown>,
  );

describe('data sources: a saved password goes only where it was saved for', () => {
  it('never sends a stored password to another place, through a test or an update (a fake PostgreSQL listens)', async () => {
    const secret = `Saved-${randomUUID()}`;
    const saved = await create({ name: '密码去向库', ...ext.target, password: secret });
    const fake = await fakePostgres();
    const elsewhere = { host: '127.0.0.1', port: fake.port, database: ext.target.database, user: ext.target.user };

    // The saved source's id with another place and no password: refused before any connection.
    for (const body of [
      { id: saved.id, ...elsewhere },
      { id: saved.id, ...elsewhere, password: '' },
      { id: saved.id, ...elsewhere, password: null },
      { id: saved.id, ...ext.target, password: undefined, user: 'another_user' },
    ]) {
      const res = await post(admin, '/test', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json().data).toMatchObject({ success: false, message: M.testFailed(M.passwordForNewTarget) });
    }
    // An update moving it there without the password is refused; the row still points where it did.
    const moved = await post(admin, '/update', { id: saved.id, name: '密码去向库', ...elsewhere });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().meta.message).toBe(M.passwordForNewTarget);
    const [row] = await s.database.db.select().from(dataSources).where(sql`id = ${saved.id}`);
    expect(row).toMatchObject({ host: ext.target.host, port: ext.target.port });
    // A test by id uses the saved place only: it goes to the real server (which refuses that password).
    const byId = await post(admin, '/test', { id: saved.id });
    expect(byId.json().data.message).toBe(
      checksPasswords() ? M.testFailed(M.reason.badPassword) : M.testOk(byId.json().data.version),
    );
    expect(fake.connections()).toBe(0);

    // The listener hears what is sent to it: a password typed for that place reaches it (so the checks above can fail),
    // and an update with the password typed again may move the source there.
    const typed = `Typed-${randomUUID()}`;
    await post(admin, '/test', { id: saved.id, ...elsewhere, password: typed });
    const movedWithPassword = await post(admin, '/update', {
      id: saved.id,
      name: '密码去向库',
      ...elsewhere,
      password: `${typed}-2`,
    });
    expect(movedWithPassword.statusCode, movedWithPassword.body).toBe(200);
    await post(admin, '/test', { id: saved.id });
    await expect.poll(() => fake.heard()).toContain(`${typed}-2`);
    expect(fake.heard()).toContain(typed);
    expect(fake.heard()).not.toContain(secret);

    // Every test and change is in the audit log: who, which source, the target and the outcome (never a password).
    const tests = await auditsOf('dataSource.test');
    expect(tests.filter((d) => d.message === M.testFailed(M.passwordForNewTarget)).length).toBeGreaterThanOrEqual(4);
    expect(tests.at(-1)).toMatchObject({ name: '密码去向库', target: { host: '127.0.0.1', port: fake.port } });
    const updates = await auditsOf('dataSource.update');
    expect(updates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ outcome: 'refused', message: M.passwordForNewTarget }),
        expect.objectContaining({
          outcome: 'saved',
          passwordChanged: true,
          target: expect.objectContaining(elsewhere),
        }),
      ]),
    );
    const entries = await s.database.db.select().from(auditLog).where(sql`action like 'dataSource.%'`);
    const mine = entries.filter((e) => e.entityId === String(saved.id));
    expect(mine.length).toBeGreaterThanOrEqual(8);
    expect(mine.every((e) => e.actorId === 'zyadmin')).toBe(true);
    const dump = JSON.stringify(entries);
    for (const p of [secret, typed, `${typed}-2`]) expect(dump).not.toContain(p);
  });
});

describe('data sources: where a source may point', () => {
  it("refuses this application's own database in every case, even with its server on the list", async () => {
    const [own] = (
      (await s.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }
    ).rows;
    const ownDb = { ...pgTarget, database: own!.name };
    const saving = await post(admin, '/insert', { name: '本系统库', ...ownDb });
    expect(saving.statusCode).toBe(400);
    expect(saving.json().meta.message).toBe(M.destination.ownDatabase);
    const testing = await post(admin, '/test', ownDb);
    expect(testing.json().data).toMatchObject({ success: false, message: M.testFailed(M.destination.ownDatabase) });
    // Saved before the rule (or named another way): refused once connected, by what the database holds.
    const [old] = await s.database.db
      .insert(dataSources)
      .values({ name: '旧的本系统库', host: 'localhost', port: ownDb.port, database: own!.name, username: ownDb.user })
      .returning();
    const byId = await post(admin, '/test', { id: old!.id });
    expect(byId.json().data.message).toBe(M.testFailed(M.destination.ownDatabase));
    const err = await openDataSource(s.database.db, s.app.config, old!.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataSourceConnectError);
    expect((err as Error).message).toBe(M.testFailed(M.destination.ownDatabase));
    // A copy of it (a restored backup, a replica) holds the same tables, and is refused the same way.
    const copy = await openExternalDatabase();
    try {
      for (const t of ['users', 'sessions', 'data_sources', 'login_attempts'])
        await copy.query(`create table public.${t} (id int)`);
      const res = await post(admin, '/test', copy.target);
      expect(res.json().data.message).toBe(M.testFailed(M.destination.ownDatabase));
    } finally {
      await copy.drop();
    }
  });

  it('refuses link-local and metadata addresses, and hosts outside DATASOURCE_ALLOWED_HOSTS', async () => {
    const base = { database: 'd', user: 'u' };
    for (const host of ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1', '[fe80::1]', '100.100.100.200']) {
      const saving = await post(admin, '/insert', { name: `元数据${host}`, host, ...base });
      expect(saving.statusCode, host).toBe(400);
      expect(saving.json().meta.message, host).toBe(M.destination.linkLocal);
      const testing = await post(admin, '/test', { host, ...base });
      expect(testing.json().data.message, host).toBe(M.testFailed(M.destination.linkLocal));
    }
    const outside = await post(admin, '/insert', { name: '名单外', host: '192.168.5.5', ...base });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().meta.message).toBe(M.destination.notAllowed('192.168.5.5'));
    const outsideTest = await post(admin, '/test', { host: '192.168.5.5', ...base });
    expect(outsideTest.json().data.message).toBe(M.testFailed(M.destination.notAllowed('192.168.5.5')));
    // Refused saves are audited with their reason.
    const refused = (await auditsOf('dataSource.create')).filter((d) => d.outcome === 'refused');
    expect(refused.map((d) => d.message)).toEqual(expect.arrayContaining([M.destination.linkLocal]));
  });

  it("without the list: any host but this application's database server (its other databases too)", async () => {
    const t = await startTestServer();
    try {
      const me = await t.login('zyadmin');
      const send = (url: string, payload: object) => me.request({ method: 'POST', url: `${S}${url}`, payload });
      const saving = await send('/insert', { name: '同服务器库', ...ext.target });
      expect(saving.statusCode).toBe(400);
      expect(saving.json().meta.message).toBe(M.destination.ownServer);
      const testing = await send('/test', ext.target);
      expect(testing.json().data.message).toBe(M.testFailed(M.destination.ownServer));
      // Named differently (localhost and 127.0.0.1 are the same machine), still our server.
      const renamed = { ...ext.target, host: ext.target.host === 'localhost' ? '127.0.0.1' : 'localhost' };
      expect((await send('/test', renamed)).json().data.message).toBe(M.testFailed(M.destination.ownServer));
      // Another port of this machine is another server: allowed (nothing listens there, so it is refused by the OS).
      const other = await send('/test', { ...ext.target, host: '127.0.0.1', port: await closedPort() });
      expect(other.json().data.message).toBe(M.testFailed(M.reason.refused));
      expect(
        (await send('/insert', { name: '元数据', host: '169.254.169.254', database: 'd', user: 'u' })).statusCode,
      ).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('declares one or more schemas, never a system one, each checked when testing, and offers those it finds', async () => {
    const res = await post(admin, '/test', { ...ext.target, schemas: ['ods', 'dim'] });
    expect(res.json().data).toMatchObject({ success: true });
    expect(res.json().data.schemas).toEqual(expect.arrayContaining(['dim', 'ods', 'public']));
    const missing = await post(admin, '/test', { ...ext.target, schemas: ['ods', 'nowhere'] });
    expect(missing.json().data.message).toBe(M.testFailed(M.reason.noSchema('nowhere')));
    for (const schemas of [['pg_catalog'], ['information_schema'], ['ods', 'PG_toast']]) {
      const refused = await post(admin, '/insert', { name: '系统模式', ...ext.target, schemas });
      expect(refused.statusCode, schemas.join()).toBe(400);
      expect(refused.json().meta.message).toContain('系统模式');
    }
    const tooMany = await post(admin, '/insert', {
      name: '模式过多',
      ...ext.target,
      schemas: Array.from({ length: 11 }, (_, i) => `s${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
    // Duplicates are dropped; the legacy single `schema` still works.
    const made = await create({ name: '双模式库', ...ext.target, schemas: ['ods', 'dim', 'ods'] });
    expect(made).toMatchObject({ schemas: ['ods', 'dim'], schema: 'ods' });
  });
});
