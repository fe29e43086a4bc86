import { ROLE } from '@zg/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.database.db.insert(userRoles).values({ userId: 'shr01', roleId: ROLE.dataOffice }).onConflictDoNothing();
});
afterAll(async () => {
  await s?.close();
});

const abilitiesOf = async (userId: string, url: string) => {
  const me = await s.login(userId);
  const res = await me.request({ method: 'GET', url });
  return { status: res.statusCode, data: res.json().data };
};

describe('the abilities a page asks for besides a record (its tabs and buttons), from the module policy', () => {
  it('数据管理: the keepers (administrators, the data office) keep cycles, department versions, sources, algorithms', async () => {
    const all = { cycles: true, departmentVersions: true, dataSources: true, algorithms: true };
    expect(await abilitiesOf('zyadmin', '/api/herm-sjgl/abilities')).toEqual({ status: 200, data: all });
    expect(await abilitiesOf('shr01', '/api/herm-sjgl/abilities')).toEqual({ status: 200, data: all });
    // zgfb01 holds the 数据管理 menu without keeping anything: every tab of a keeper stays hidden.
    expect(await abilitiesOf('zgfb01', '/api/herm-sjgl/abilities')).toEqual({
      status: 200,
      data: { cycles: false, departmentVersions: false, dataSources: false, algorithms: false },
    });
    // Without the menu the page is not theirs.
    expect((await abilitiesOf('rwfzr01', '/api/herm-sjgl/abilities')).status).toBe(403);
  });
});
