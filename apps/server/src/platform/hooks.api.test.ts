import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { CYCLE_VALUE_USERS, DATA_SOURCE_USERS, WAREHOUSE_CHANGED, WAREHOUSE_TABLE_USERS } from '../modules/data-manage';
import { FILE_OWNER_POLICIES } from '../modules/files';
import { STANDARD_USERS } from '../modules/standard';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../test/harness';

// The hooks belong to the app instance (platform/hooks.ts): two apps built in one process, here over one database (as
// two workers would be), each hold their modules' own registrations, and what a test registers on one is unknown to
// the other.
let own: Awaited<ReturnType<typeof openTestDatabase>>;
let secondDb: Awaited<ReturnType<typeof openDatabase>>;
let a: TestServer;
let b: TestServer;
let onA: TestSession;
let onB: TestSession;

beforeAll(async () => {
  own = await openTestDatabase('seeded');
  secondDb = await openDatabase({ url: own.url });
  a = await startTestServer({ database: own.database });
  b = await startTestServer({ database: secondDb });
  onA = await a.login('zgfb01');
  onB = await b.login('zgfb01');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondDb?.close();
  await own?.drop();
});

describe('hooks per app instance', () => {
  it("each app holds its modules' own registrations, none of the other's", () => {
    expect(a.app.hooks).not.toBe(b.app.hooks);
    for (const [hook, n] of [
      [WAREHOUSE_CHANGED, 1],
      [WAREHOUSE_TABLE_USERS, 2],
      [DATA_SOURCE_USERS, 1],
      // data collection's tasks and the diagnosis tasks
      [CYCLE_VALUE_USERS, 2],
      // the diagnosis tasks
      [STANDARD_USERS, 1],
    ] as const) {
      expect(a.app.hooks.all(hook as typeof WAREHOUSE_CHANGED)).toHaveLength(n);
      expect(b.app.hooks.all(hook as typeof WAREHOUSE_CHANGED)).toHaveLength(n);
    }
    for (const type of ['DocRepo', 'YearTask', 'NodeTask', 'TaskProgress', 'FillTask']) {
      const policyA = a.app.hooks.get(FILE_OWNER_POLICIES, type);
      expect(policyA, type).toBeDefined();
      expect(b.app.hooks.get(FILE_OWNER_POLICIES, type)).not.toBe(policyA);
    }
  });

  it('a standard user registered on one app keeps the system there only', async () => {
    const created = await onA.request({
      method: 'POST',
      url: '/api/herm-mbbz/target/insert',
      payload: { name: '钩子隔离标准', dimension: 'major', startYear: 2026, endYear: 2027 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    a.app.hooks.add(STANDARD_USERS, 'test-only-a', async (systemId) => (systemId === id ? '诊改任务“只在 A”' : null));
    expect(a.app.hooks.all(STANDARD_USERS)).toHaveLength(2);
    expect(b.app.hooks.all(STANDARD_USERS)).toHaveLength(1);

    const usage = async (me: TestSession) =>
      (await me.request({ method: 'GET', url: `/api/herm-mbbz/target/usage?id=${id}` })).json().data;
    expect(await usage(onA)).toEqual({ inUse: true, users: ['诊改任务“只在 A”'] });
    expect(await usage(onB)).toEqual({ inUse: false, users: [] });
    const remove = (me: TestSession) => me.request({ method: 'POST', url: `/api/herm-mbbz/target/${id}/delete` });
    const refused = await remove(onA);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().meta.message).toContain('诊改任务“只在 A”');
    expect((await remove(onB)).statusCode).toBe(200);
  });
});
