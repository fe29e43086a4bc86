import { CYCLE_MSG as M, PERIODS, ROLE } from '@zg/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cycleTypes, cycleValues, userRoles } from '../../db/schema';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { post as wbsPost, yearTarget } from '../../test/wbs-fixtures';
import { cycleTypeOptions } from './index';

let s: TestServer;
let admin: TestSession;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('zyadmin');
});
afterAll(async () => {
  await s?.close();
});

const S = '/api/herm-sjgl';
const post = (me: TestSession, url: string, payload?: object) =>
  me.request({ method: 'POST', url: `${S}${url}`, ...(payload ? { payload } : {}) });
const get = (me: TestSession, url: string) => me.request({ method: 'GET', url: `${S}${url}` });

interface Value {
  id: number;
  cycleTypeId: number;
  lxmc: string;
  cycleNumber: string;
  defaultsStatus: number;
  hideStatus: number;
  px: number;
  usedBy: number;
}

async function typeId(code: string) {
  const [t] = await s.database.db.select().from(cycleTypes).where(eq(cycleTypes.code, code));
  return t!.id;
}
async function add(cycleTypeId: number, cycleNumber: string, me = admin) {
  const res = await post(me, '/cycle/insert', { cycleTypeId, cycleNumber });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Value;
}
async function valuesOf(cycleTypeId: number) {
  const res = await get(admin, `/cycle/selectquery?cycleTypeId=${cycleTypeId}&size=200`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records as Value[];
}

describe('cycle types and the option lists', () => {
  it('lists the five cycle types in order, to any signed-in user', async () => {
    const owner = await s.login('rwfzr01');
    const res = await get(owner, '/cycleType/getCycleType');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((t: { lxmc: string; code: string }) => [t.code, t.lxmc])).toEqual(
      PERIODS.map((p) => [p.code, p.name]),
    );
    expect(res.json().data[0].zqzs).toBeGreaterThan(0);
  });

  it('offers the visible values of a type by its name or code, hidden ones left out; an unknown type is named', async () => {
    const owner = await s.login('rwfzr01');
    const year = await typeId('year');
    const hidden = await add(year, '2019');
    expect((await post(admin, `/cycle/${hidden.id}/hideStatusChange`)).statusCode).toBe(200);

    const byName = await get(owner, `/cycle/selectByTypeName?typeName=${encodeURIComponent('年')}`);
    expect(byName.statusCode, byName.body).toBe(200);
    const numbers = byName.json().data.map((v: { cycleNumber: string }) => v.cycleNumber);
    expect(numbers).toEqual(expect.arrayContaining(['2024', '2025', '2026', '2027']));
    expect(numbers).not.toContain('2019');
    expect(byName.json().data.find((v: { cycleNumber: string }) => v.cycleNumber === '2026').defaultsStatus).toBe(1);
    const byCode = await get(owner, '/cycle/selectByTypeName?typeName=year');
    expect(byCode.json().data).toEqual(byName.json().data);

    const unknown = await get(owner, `/cycle/selectByTypeName?typeName=${encodeURIComponent('世纪')}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().meta.message).toBe(M.typeNotFound);
    const empty = await get(owner, '/cycle/selectByTypeName?typeName=');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toContain(M.typeRequired);

    // The types with their visible values: what target-task's /cycleType/list answers, from one source.
    const list = await get(owner, '/cycleType/list');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual(await cycleTypeOptions(s.database.db));
    const years = list.json().data.find((t: { id: number }) => t.id === year);
    expect(years.values.map((v: { cycleNumber: string }) => v.cycleNumber)).not.toContain('2019');
    const wbs = await s.login('fbr01');
    const old = await wbs.request({ method: 'GET', url: '/api/herm-wbs/cycleType/list' });
    expect(old.json().data).toEqual(list.json().data);
  });
});

describe('cycle values (周期管理)', () => {
  it('pages values by type, 全部 when the type is empty, with a keyword', async () => {
    const all = await get(admin, '/cycle/selectquery?cycleTypeId=&current=1&size=5');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.records).toHaveLength(5);
    const [count] = await s.database.db.$count(cycleValues).then((n) => [n]);
    expect(all.json().data.total).toBe(count);
    const term = await typeId('term');
    const terms = await valuesOf(term);
    expect(terms.every((v) => v.cycleTypeId === term && v.lxmc === '学期')).toBe(true);
    const kw = await get(admin, `/cycle/selectquery?keyword=${encodeURIComponent('第二学期')}`);
    expect(kw.json().data.records.map((v: Value) => v.cycleNumber)).toEqual(['2025-2026学年第二学期']);
    const bad = await get(admin, '/cycle/selectquery?cycleTypeId=abc');
    expect(bad.statusCode).toBe(400);
  });

  it('adds a value in time order, refuses a duplicate, an empty value and an unknown type', async () => {
    const academic = await typeId('academicYear');
    const made = await add(academic, ' 2023-2024 ');
    expect(made).toMatchObject({ cycleNumber: '2023-2024', lxmc: '学年', defaultsStatus: 0, hideStatus: 0, usedBy: 0 });
    const order = (await valuesOf(academic)).map((v) => v.cycleNumber);
    expect(order.slice(0, 2)).toEqual(['2023-2024', '2024-2025']);
    const later = await add(academic, '2030-2031');
    expect((await valuesOf(academic)).at(-1)?.id).toBe(later.id);

    const again = await post(admin, '/cycle/insert', { cycleTypeId: academic, cycleNumber: '2023-2024' });
    expect(again.statusCode).toBe(409);
    expect(again.json().meta.message).toBe(M.valueTaken('学年', '2023-2024'));
    // The same text under another type is another value.
    expect(
      (await post(admin, '/cycle/insert', { cycleTypeId: await typeId('year'), cycleNumber: '2023-2024' })).statusCode,
    ).toBe(200);

    const empty = await post(admin, '/cycle/insert', { cycleTypeId: academic, cycleNumber: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().meta.message).toContain(M.valueRequired);
    const long = await post(admin, '/cycle/insert', { cycleTypeId: academic, cycleNumber: 'x'.repeat(61) });
    expect(long.statusCode).toBe(400);
    expect(long.json().meta.message).toContain(M.valueTooLong);
    const noType = await post(admin, '/cycle/insert', { cycleTypeId: 99999, cycleNumber: '2040' });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().meta.message).toBe(M.typeNotFound);
    const missing = await post(admin, '/cycle/insert', { cycleNumber: '2040' });
    expect(missing.statusCode).toBe(400);

    const [logged] = await s.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cycleValue.create'), eq(auditLog.entityId, String(made.id))));
    expect(logged?.actorId).toBe('zyadmin');
  });

  it('updates a value, refuses a duplicate and an unknown id', async () => {
    const point = await typeId('pointOfTime');
    const v = await add(point, '2026-09-30');
    const renamed = await post(admin, '/cycle/update', {
      id: v.id,
      cycleTypeId: point,
      cycleNumber: '2026-10-31',
      px: 7,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ cycleNumber: '2026-10-31', px: 7 });
    const dup = await post(admin, '/cycle/update', { id: v.id, cycleTypeId: point, cycleNumber: '2026-06-30' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().meta.message).toBe(M.valueTaken('时间点', '2026-06-30'));
    const unknown = await post(admin, '/cycle/update', { id: 99999, cycleTypeId: point, cycleNumber: '2027-01-01' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().meta.message).toBe(M.valueNotFound);
  });

  it('keeps one default per type, refuses hiding the default and making a hidden value default', async () => {
    const year = await typeId('year');
    const before = (await valuesOf(year)).filter((v) => v.defaultsStatus === 1);
    expect(before.map((v) => v.cycleNumber)).toEqual(['2026']);
    const v2027 = (await valuesOf(year)).find((v) => v.cycleNumber === '2027')!;
    const made = await post(admin, `/cycle/${v2027.id}/defaultStatusChange`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().meta.message).toBe(M.defaultSet('2027'));
    const defaults = (await valuesOf(year)).filter((v) => v.defaultsStatus === 1).map((v) => v.cycleNumber);
    expect(defaults).toEqual(['2027']);
    // Two at once still leave one.
    const v2024 = (await valuesOf(year)).find((v) => v.cycleNumber === '2024')!;
    const v2025 = (await valuesOf(year)).find((v) => v.cycleNumber === '2025')!;
    const both = await Promise.all([
      post(admin, `/cycle/${v2024.id}/defaultStatusChange`),
      post(admin, `/cycle/${v2025.id}/defaultStatusChange`),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await valuesOf(year)).filter((v) => v.defaultsStatus === 1)).toHaveLength(1);

    const current = (await valuesOf(year)).find((v) => v.defaultsStatus === 1)!;
    const hideDefault = await post(admin, `/cycle/${current.id}/hideStatusChange`);
    expect(hideDefault.statusCode).toBe(409);
    expect(hideDefault.json().meta.message).toBe(M.defaultHidden(current.cycleNumber));
    // Clearing the default leaves the type with none.
    const cleared = await post(admin, `/cycle/${current.id}/defaultStatusChange`);
    expect(cleared.json().data.defaultsStatus).toBe(0);
    expect(cleared.json().meta.message).toBe(M.defaultCleared(current.cycleNumber));

    const hidden = await add(year, '2018');
    const hid = await post(admin, `/cycle/${hidden.id}/hideStatusChange`);
    expect(hid.json().data.hideStatus).toBe(1);
    const hiddenDefault = await post(admin, `/cycle/${hidden.id}/defaultStatusChange`);
    expect(hiddenDefault.statusCode).toBe(409);
    expect(hiddenDefault.json().meta.message).toBe(M.hiddenDefault('2018'));
    const shown = await post(admin, `/cycle/${hidden.id}/hideStatusChange`);
    expect(shown.json().data.hideStatus).toBe(0);
    expect(shown.json().meta.message).toBe(M.shown('2018'));

    expect((await post(admin, '/cycle/99999/defaultStatusChange')).statusCode).toBe(404);
    expect((await post(admin, '/cycle/99999/hideStatusChange')).statusCode).toBe(404);
    expect((await post(admin, '/cycle/abc/hideStatusChange')).statusCode).toBe(400);
    // Put the seeded default back for the other tests.
    const v2026 = (await valuesOf(year)).find((v) => v.cycleNumber === '2026')!;
    await post(admin, `/cycle/${v2026.id}/defaultStatusChange`);
  });

  it('refuses to delete, rename or move a value a target task names, naming the task; deletes it once unused', async () => {
    const half = await typeId('periodOfTime');
    const h1 = (await valuesOf(half)).find((v) => v.cycleNumber === '2026年上半年')!;
    const free = await add(half, '2027年上半年');
    const target = await yearTarget(s, '周期占用测试目标');
    const fbr = await s.login('fbr01');
    const task = await wbsPost(fbr, '/targetTask/insert', {
      yearTargetId: target,
      rwmc: '半年任务',
      rwlx: 'B',
      departmentId: 'D02',
      kssj: '2026-01-01',
      jssj: '2026-06-30',
      coopDepartmentIds: [],
      cycleTypeId: half,
      cycleValueIds: [h1.id],
    });
    expect(task.statusCode, task.body).toBe(200);
    expect((await valuesOf(half)).find((v) => v.id === h1.id)?.usedBy).toBe(1);

    const one = await post(admin, `/cycle/${h1.id}/delete`);
    expect(one.statusCode).toBe(409);
    expect(one.json().meta.message).toBe(M.inUse('2026年上半年', 1, '半年任务'));
    // A batch holding it deletes nothing.
    const batch = await post(admin, '/cycle/ids/delete', { ids: [free.id, h1.id] });
    expect(batch.statusCode).toBe(409);
    expect(batch.json().meta.message).toBe(M.inUse('2026年上半年', 1, '半年任务'));
    expect((await valuesOf(half)).map((v) => v.id)).toEqual(expect.arrayContaining([free.id, h1.id]));
    const rename = await post(admin, '/cycle/update', { id: h1.id, cycleTypeId: half, cycleNumber: '2026年春' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().meta.message).toBe(M.inUseChange('2026年上半年', 1, '半年任务'));
    const move = await post(admin, '/cycle/update', {
      id: h1.id,
      cycleTypeId: await typeId('year'),
      cycleNumber: '2026年上半年',
    });
    expect(move.statusCode).toBe(409);
    // Its order may still change.
    const reorder = await post(admin, '/cycle/update', {
      id: h1.id,
      cycleTypeId: half,
      cycleNumber: '2026年上半年',
      px: 9,
    });
    expect(reorder.statusCode, reorder.body).toBe(200);

    // The task stops naming it: now it goes.
    const id = task.json().data.id as number;
    const { targetTasks } = await import('../../db/schema');
    await s.database.db.update(targetTasks).set({ cycleValues: '' }).where(eq(targetTasks.id, id));
    const gone = await post(admin, '/cycle/ids/delete', { ids: [free.id, h1.id] });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await valuesOf(half)).map((v) => v.id)).not.toContain(h1.id);

    expect((await post(admin, '/cycle/99999/delete')).statusCode).toBe(404);
    const unknown = await post(admin, '/cycle/ids/delete', { ids: [99999] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().meta.message).toBe(M.valueNotFound);
    expect((await post(admin, '/cycle/ids/delete', { ids: [] })).statusCode).toBe(400);
  });

  it('is kept by administrators and the data office only; the 数据管理 menu reads; a teacher neither', async () => {
    const year = await typeId('year');
    const teacher = await s.login('rwfzr01');
    expect((await get(teacher, '/cycle/selectquery')).statusCode).toBe(403);
    expect((await post(teacher, '/cycle/insert', { cycleTypeId: year, cycleNumber: '2031' })).statusCode).toBe(403);
    const some = (await valuesOf(year))[0]!;
    expect((await post(teacher, `/cycle/${some.id}/defaultStatusChange`)).statusCode).toBe(403);
    expect((await post(teacher, `/cycle/${some.id}/hideStatusChange`)).statusCode).toBe(403);
    expect((await post(teacher, `/cycle/${some.id}/delete`)).statusCode).toBe(403);
    expect((await post(teacher, '/cycle/ids/delete', { ids: [some.id] })).statusCode).toBe(403);
    expect(
      (await post(teacher, '/cycle/update', { id: some.id, cycleTypeId: year, cycleNumber: 'x' })).statusCode,
    ).toBe(403);

    const reader = await s.login('zgfb01');
    expect((await get(reader, '/cycle/selectquery')).statusCode).toBe(200);
    expect((await post(reader, '/cycle/insert', { cycleTypeId: year, cycleNumber: '2031' })).statusCode).toBe(403);

    await s.database.db.insert(userRoles).values({ userId: 'shr01', roleId: ROLE.dataOffice }).onConflictDoNothing();
    const office = await s.login('shr01');
    const made = await add(year, '2031', office);
    expect((await post(office, `/cycle/${made.id}/delete`)).statusCode).toBe(200);

    // Without the CSRF token a write is refused whoever sends it.
    const noCsrf = await s.app.inject({
      method: 'POST',
      url: `${S}/cycle/insert`,
      headers: { cookie: admin.cookie },
      payload: { cycleTypeId: year, cycleNumber: '2032' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});
