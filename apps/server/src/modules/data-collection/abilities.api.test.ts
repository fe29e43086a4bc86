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

describe('数据采集 abilities: the admin tabs a page offers, from the module policy', () => {
  it('数据采集: the collection administrators manage forms, constants and tasks; a filler does not', async () => {
    expect(await abilitiesOf('zyadmin', '/api/herm-sjcj/abilities')).toEqual({ status: 200, data: { manage: true } });
    expect(await abilitiesOf('shr01', '/api/herm-sjcj/abilities')).toEqual({ status: 200, data: { manage: true } });
    expect(await abilitiesOf('rwfzr01', '/api/herm-sjcj/abilities')).toEqual({ status: 200, data: { manage: false } });
    expect((await abilitiesOf('fbr01', '/api/herm-sjcj/abilities')).status).toBe(403);
  });
});
