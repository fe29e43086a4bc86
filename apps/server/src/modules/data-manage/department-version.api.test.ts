import { DEPARTMENT_VERSION_MSG as M, ROLE } from '@zg/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, departmentVersions, userRoles } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';

let s: TestServer;
let admin: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
});
afterAll(async () => {
  await s?.close();
});

const S = '/api/herm-sjgl/departmentVersion';
const post = (me: TestSession, url: string, payload?: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, ...(payload ? { payload } : {}) });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${S}${url}` });

interface Version {
  id: number;
  bbmc: string;
  sxrq: string;
  bz: string | null;
  sfqy: boolean;
  bms: number;
  cjrmc: string | null;
}

async function create(bbmc: string, sxrq: string, bz?: string) {
  const res = await post(admin, '/insert', { bbmc, sxrq, bz });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Version;
}
async function enabledIds() {
  const rows = await s.database.db
    .select({ id: departmentVersions.id })
    .from(departmentVersions)
    .where(eq(departmentVersions.enabled, true));
  return rows.map((r) => r.id);
}

describe('department versions (部门版本)', () => {
  it('copies the current departments into a new version; the first is enabled, later ones are not', async () => {
    expect((await get(admin, '/enabled')).json().data).toBeNull();
    const first = await create('2025版组织机构', '2025-09-01', '初始版本');
    expect(first).toMatchObject({ bbmc: '2025版组织机构', sxrq: '2025-09-01', bz: '初始版本', sfqy: true });
    const enabledDeps = await s.database.db.$count(departments, eq(departments.enabled, true));
    expect(first.bms).toBe(enabledDeps);
    expect(first.cjrmc).toBeTruthy();

    const deps = await get(admin, `/${first.id}/departments`);
    expect(deps.statusCode, deps.body).toBe(200);
    const jwc = deps.json().data.find((d: { bmid: string }) => d.bmid === 'D02');
    expect(jwc).toMatchObject({ bmmc: '教务处', fzrid: 'bmfzr01', sjbmid: null });
    expect(jwc.fzrmc).toBeTruthy();

    // The snapshot outlives a change of the departments; a new version sees the change.
    await s.database.db.update(departments).set({ name: '教务处（新）' }).where(eq(departments.id, 'D02'));
    const second = await create('2026版组织机构', '2026-03-01');
    expect(second.sfqy).toBe(false);
    const firstDeps = (await get(admin, `/${first.id}/departments`)).json().data;
    const secondDeps = (await get(admin, `/${second.id}/departments`)).json().data;
    expect(firstDeps.find((d: { bmid: string }) => d.bmid === 'D02').bmmc).toBe('教务处');
    expect(secondDeps.find((d: { bmid: string }) => d.bmid === 'D02').bmmc).toBe('教务处（新）');
    await s.database.db.update(departments).set({ name: '教务处' }).where(eq(departments.id, 'D02'));

    const page = await get(admin, '/selectquery?current=1&size=10');
    expect(page.statusCode, page.body).toBe(200);
    // Newest effective date first.
    expect(
      page
        .json()
        .data.records.map((v: Version) => v.bbmc)
        .slice(0, 2),
    ).toEqual(['2026版组织机构', '2025版组织机构']);
    const kw = await get(admin, `/selectquery?keyword=${encodeURIComponent('2026')}`);
    expect(kw.json().data.records.map((v: Version) => v.id)).toEqual([second.id]);
  });

  it('enables one version and disables the others in one step; the enabled one cannot be deleted', async () => {
    const a = await create('启用测试A', '2024-01-01');
    const b = await create('启用测试B', '2024-06-01');
    const enable = await post(admin, `/${a.id}/enable`);
    expect(enable.statusCode, enable.body).toBe(200);
    expect(enable.json().meta.message).toBe(M.enabled('启用测试A'));
    expect(await enabledIds()).toEqual([a.id]);
    expect((await get(admin, '/enabled')).json().data.id).toBe(a.id);
    const again = await post(admin, `/${a.id}/enable`);
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.message).toBe(M.alreadyEnabled('启用测试A'));

    // Two enables at once run one after the other (the second may find its version already enabled): one enabled.
    const both = await Promise.all([post(admin, `/${b.id}/enable`), post(admin, `/${a.id}/enable`)]);
    expect(both[0]!.statusCode, both[0]!.body).toBe(200);
    expect([200, 409]).toContain(both[1]!.statusCode);
    expect(await enabledIds()).toHaveLength(1);

    const [on] = await enabledIds();
    const onName = on === a.id ? '启用测试A' : '启用测试B';
    const del = await post(admin, `/${on}/delete`);
    expect(del.statusCode).toBe(409);
    expect(del.json().meta.message).toBe(M.deleteEnabled(onName));
    const off = on === a.id ? b.id : a.id;
    const gone = await post(admin, `/${off}/delete`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await get(admin, `/${off}/departments`)).statusCode).toBe(404);
  });

  it('updates name, date and note; refuses a duplicate name, an empty name, a bad date and unknown ids', async () => {
    const v = await create('修改测试', '2023-09-01');
    const saved = await post(admin, '/update', { id: v.id, bbmc: '修改测试2', sxrq: '2023-10-01', bz: '改了' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ bbmc: '修改测试2', sxrq: '2023-10-01', bz: '改了', bms: v.bms });

    const dupInsert = await post(admin, '/insert', { bbmc: '修改测试2', sxrq: '2023-01-01' });
    expect(dupInsert.statusCode).toBe(409);
    expect(dupInsert.json().meta.message).toBe(M.nameTaken('修改测试2'));
    await create('另一个版本', '2023-01-01');
    const dupUpdate = await post(admin, '/update', { id: v.id, bbmc: '另一个版本', sxrq: '2023-10-01' });
    expect(dupUpdate.statusCode).toBe(409);

    const empty = await post(admin, '/insert', { bbmc: '  ', sxrq: '2023-01-01' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toContain(M.nameRequired);
    const long = await post(admin, '/insert', { bbmc: '版'.repeat(61), sxrq: '2023-01-01' });
    expect(long.statusCode).toBe(400);
    expect(long.json().meta.message).toContain(M.nameTooLong);
    const badDate = await post(admin, '/insert', { bbmc: '日期错误', sxrq: '2023-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().meta.message).toContain('2023-02-30');
    const noDate = await post(admin, '/insert', { bbmc: '没有日期' });
    expect(noDate.statusCode).toBe(400);

    const unknown = await post(admin, '/update', { id: 99999, bbmc: '不存在', sxrq: '2023-01-01' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().meta.message).toBe(M.notFound);
    expect((await post(admin, '/99999/enable')).statusCode).toBe(404);
    expect((await post(admin, '/99999/delete')).statusCode).toBe(404);
    expect((await get(admin, '/99999/departments')).statusCode).toBe(404);
    expect((await get(admin, '/abc/departments')).statusCode).toBe(400);
  });

  it('is kept by administrators and the data office; the 数据管理 menu reads; a teacher neither', async () => {
    const v = await create('权限测试', '2022-09-01');
    const teacher = await s.login('rwfzr01');
    expect((await get(teacher, '/selectquery')).statusCode).toBe(403);
    expect((await get(teacher, `/${v.id}/departments`)).statusCode).toBe(403);
    expect((await post(teacher, '/insert', { bbmc: '越权', sxrq: '2022-01-01' })).statusCode).toBe(403);
    expect((await post(teacher, '/update', { id: v.id, bbmc: '越权', sxrq: '2022-01-01' })).statusCode).toBe(403);
    expect((await post(teacher, `/${v.id}/enable`)).statusCode).toBe(403);
    expect((await post(teacher, `/${v.id}/delete`)).statusCode).toBe(403);

    const reader = await s.login('zgfb01');
    expect((await get(reader, '/selectquery')).statusCode).toBe(200);
    expect((await post(reader, `/${v.id}/enable`)).statusCode).toBe(403);

    await s.database.db.insert(userRoles).values({ userId: 'shr01', roleId: ROLE.dataOffice }).onConflictDoNothing();
    const office = await s.login('shr01');
    const made = await post(office, '/insert', { bbmc: '数据办版本', sxrq: '2022-01-01' });
    expect(made.statusCode, made.body).toBe(200);
    expect((await post(office, `/${made.json().data.id}/delete`)).statusCode).toBe(200);
  });
});
