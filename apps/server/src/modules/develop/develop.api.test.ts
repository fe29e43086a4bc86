import { DEVELOP_MSG, TASK_MSG } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiagnosisWorld, diagnosisWorld, publishDiagnosis } from '../../test/diagnosis-fixtures';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { taskIn, post as wbsPost, yearTarget } from '../../test/wbs-fixtures';
import { data, post as zPost } from '../../test/zdgj-client';

/**
 * 发展中心 (issue 35 item 4): a target task linked to the QCPs it serves (saved with the task, checked against the
 * standard module, shown on the task and on the node), and the /develop read checked against counts made here.
 */

let s: TestServer;
let admin: TestSession;
let fbr: TestSession;
let leader: TestSession;
let world: DiagnosisWorld;
/** The standard nodes of the world's system by name. */
let node: Record<string, number>;

const W = '/api/herm-wbs';
const D = '/api/herm-xxjk/develop/overview';
const getData = async (me: TestSession, url: string) => {
  const res = await me.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  s = await startTestServer();
  s.app.clock.set('2026-03-10T09:00:00');
  admin = await s.login('zyadmin');
  fbr = await s.login('fbr01');
  leader = await s.login('xld01');
  world = await diagnosisWorld(s, admin);
  const rows = await s.database.db.execute(
    sql`select id, name, kind from standard_nodes where system_id = ${world.systemId} and deleted_at is null`,
  );
  node = Object.fromEntries(
    (rows as unknown as { rows: { id: number; name: string }[] }).rows.map((r) => [r.name, r.id]),
  );
});
afterAll(async () => {
  await s?.close();
});

const taskBody = (yearTargetId: number, over: object = {}) => ({
  yearTargetId,
  rwmc: '提升就业质量',
  rwlx: 'B',
  departmentId: 'D07',
  kssj: '2026-01-01',
  jssj: '2026-06-30',
  ...over,
});

describe('the QCPs a task serves', () => {
  it('offers the published systems’ QCPs, saves the link with the task, shows it on the task and on the node', async () => {
    const options = await getData(fbr, `${W}/targetTask/qcpOptions`);
    const qcp = node['就业质量']!;
    expect(options).toContainEqual({
      id: qcp,
      name: '就业质量',
      dimensionName: '计分卡',
      systemId: world.systemId,
      systemName: '专业诊改标准',
    });
    // Only QCPs: no dimension, no indicator.
    expect(options.some((o: { id: number }) => o.id === node['就业率'] || o.id === node['计分卡'])).toBe(false);

    const target = await yearTarget(s, '发展目标一', 2026);
    const res = await wbsPost(fbr, '/targetTask/insert', taskBody(target, { standardNodeIds: [qcp, qcp] }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const card = await getData(fbr, `${W}/targetTask/getTargetTaskVo?id=${id}`);
    expect(card.standardNodes).toEqual([
      expect.objectContaining({ id: qcp, name: '就业质量', systemName: '专业诊改标准' }),
    ]);

    // The standard side: the node's panel lists the task (for who sees it), through the standard routes.
    const onNode = await getData(admin, `/api/herm-mbbz/catalog/tasks?id=${qcp}`);
    expect(onNode).toEqual([
      expect.objectContaining({ id, rwmc: '提升就业质量', year: 2026, bmmc: '信息工程学院', rwztmc: '未下发' }),
    ]);
    // An update without the field keeps the links; with an empty list it clears them.
    const upd = await wbsPost(fbr, '/targetTask/update', { ...taskBody(target, { rwmc: '改名' }), id, version: 1 });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await getData(admin, `/api/herm-mbbz/catalog/tasks?id=${qcp}`)).map((t: { id: number }) => t.id)).toEqual([
      id,
    ]);
    const cleared = await wbsPost(fbr, '/targetTask/update', {
      ...taskBody(target),
      id,
      version: 2,
      standardNodeIds: [],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await getData(admin, `/api/herm-mbbz/catalog/tasks?id=${qcp}`)).toEqual([]);
  });

  it('refuses unknown, non-QCP and deleted-system ids with a Chinese 400 naming them, and saves nothing', async () => {
    const target = await yearTarget(s, '发展目标二', 2026);
    const count = async () =>
      (await s.database.db.execute(sql`select count(*)::int as n from target_tasks`)) as unknown as {
        rows: { n: number }[];
      };
    const before = (await count()).rows[0]!.n;
    for (const bad of [[999_999], [node['就业率']!], [node['计分卡']!]]) {
      const res = await wbsPost(fbr, '/targetTask/insert', taskBody(target, { standardNodeIds: bad }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().meta.message).toBe(TASK_MSG.qcpUnknown(bad));
    }
    expect((await count()).rows[0]!.n).toBe(before);
    // A QCP of a system in the recycle bin is no longer one to link.
    await s.database.db.execute(sql`
      insert into standard_systems (name, dimension, start_year, end_year, state, deleted_at)
      values ('已删除的标准', 'major', 2025, 2027, 'published', now())`);
    const gone = await s.database.db.execute(sql`
      insert into standard_nodes (system_id, kind, name)
      select id, 'qcp', '删除的质控点' from standard_systems where name = '已删除的标准' returning id`);
    const goneId = (gone as unknown as { rows: { id: number }[] }).rows[0]!.id;
    const res = await wbsPost(fbr, '/targetTask/insert', taskBody(target, { standardNodeIds: [goneId] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().meta.message).toContain(String(goneId));
    expect((await getData(fbr, `${W}/targetTask/qcpOptions`)).some((o: { id: number }) => o.id === goneId)).toBe(false);
    // Not a number, or too many: the contract's Chinese 400.
    for (const body of [{ standardNodeIds: ['x'] }, { standardNodeIds: Array.from({ length: 51 }, (_, i) => i + 1) }]) {
      const r = await wbsPost(fbr, '/targetTask/insert', taskBody(target, body));
      expect(r.statusCode).toBe(400);
      expect(r.json().meta.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('发展中心', () => {
  it('gives each year’s targets, their tasks’ progress by department and the QCPs served with their diagnosis', async () => {
    const qcp = node['就业质量']!;
    const target = await yearTarget(s, '2027 发展目标', 2027);
    const done = await taskIn(s, target, 'D02', 'hasDone', {
      name: '完成的任务',
      start: '2027-01-01',
      end: '2027-06-30',
    });
    // The running task serves the QCP (chosen on its form when added).
    const running = await taskIn(s, target, 'D07', 'executeing', {
      name: '执行中的任务',
      start: '2027-01-01',
      end: '2027-06-30',
      standardNodeIds: [qcp],
    });
    await taskIn(s, target, 'D07', 'notPushed', { name: '未下发的任务', start: '2027-01-01', end: '2027-06-30' });

    // The QCP's diagnosis: a task published to the three majors, two of them computed (M01 above, M03 below).
    const fbrZ = await s.login('zgfb01');
    const dt = await publishDiagnosis(fbrZ, world, {
      rwmc: '发展中心诊断',
      chargers: { M01: 'zyfzr01', M03: 'zyfzr01' },
    });
    const objects = await s.database.db.execute(
      sql`select id, object_code as code from diagnosis_object_tasks where task_id = ${dt.id} order by object_code`,
    );
    for (const o of (objects as unknown as { rows: { id: number; code: string }[] }).rows.filter(
      (o) => o.code !== 'M02',
    ))
      await data(zPost(fbrZ, '/rest/quality/calresult', { dxrwid: o.id }));

    // Counts made here, from the tables.
    const counted = await s.database.db.execute(sql`
      select coalesce(t.department_id, '') as bmid, count(*)::int as total,
        count(*) filter (where t.status in ('hasDone', 'delayDone'))::int as completed, avg(t.progress)::float8 as avg
      from target_tasks t where t.year_target_id = ${target} and t.is_leaf and t.status <> 'notPushed'
      group by 1 order by 1`);
    const expected = (counted as unknown as { rows: { bmid: string; total: number; completed: number; avg: number }[] })
      .rows;
    expect(expected.map((r) => r.bmid)).toEqual(['D02', 'D07']);

    const view = await getData(leader, `${D}?startYear=2026&endYear=2027`);
    expect(view.years.map((y: { year: number }) => y.year)).toEqual([2026, 2027]);
    const y2027 = view.years[1];
    expect(y2027.total).toBe(2);
    expect(y2027.completed).toBe(1);
    const t = y2027.targets.find((x: { id: number }) => x.id === target);
    expect(t).toMatchObject({ name: '2027 发展目标', total: 2, completed: 1 });
    expect(t.tasks.map((k: { id: number }) => k.id).sort()).toEqual([done, running].sort());
    const served = t.tasks.find((k: { id: number }) => k.id === running);
    expect(served.qcps).toHaveLength(1);
    expect(served.qcps[0]).toMatchObject({ id: qcp, name: '就业质量', systemName: '专业诊改标准' });
    const f = served.qcps[0].figures;
    expect(f.diagnosisTaskName).toBe('发展中心诊断');
    const rows = await s.database.db.execute(sql`
      select count(*) filter (where coalesce(r.xzjgz, r.jgz) is not null)::int as rows,
        count(*) filter (where coalesce(r.xzjgz, r.jgz) is not null and not r.dis)::int as attained,
        count(*) filter (where r.dis)::int as below
      from diagnosis_rows r join diagnosis_object_tasks o on o.id = r.object_task_id
      where o.task_id = ${dt.id} and r.levels @> ${JSON.stringify([{ id: qcp }])}::jsonb`);
    const want = (rows as unknown as { rows: { rows: number; attained: number; below: number }[] }).rows[0]!;
    expect(want.rows).toBeGreaterThan(0);
    expect(want.below).toBeGreaterThan(0);
    expect({ rows: f.rows, attained: f.attained, below: f.below }).toEqual(want);
    // A below-standard row comes first, with its value, target and grade.
    expect(f.sample).toMatchObject({ objectName: '大数据技术', attained: false });
    expect(f.sample.value).not.toBeNull();
    // Per department and year, against the counts.
    for (const e of expected) {
      const d = view.byDepartment.find((x: { year: number; bmid: string }) => x.year === 2027 && x.bmid === e.bmid);
      expect(d).toMatchObject({ total: e.total, completed: e.completed, avgProgress: Math.round(e.avg * 10) / 10 });
    }
    expect(view.departments.map((d: { bmid: string }) => d.bmid)).toEqual(expect.arrayContaining(['D02', 'D07']));

    // The department filter keeps one department's tasks and figures; the filter's choices stay whole.
    const only = await getData(leader, `${D}?startYear=2027&endYear=2027&bmid=D07`);
    const ot = only.years[0].targets.find((x: { id: number }) => x.id === target);
    expect(ot.tasks.map((k: { id: number }) => k.id)).toEqual([running]);
    expect(ot).toMatchObject({ total: 1, completed: 0 });
    expect(only.byDepartment.every((d: { bmid: string }) => d.bmid === 'D07')).toBe(true);
    expect(only.departments.length).toBeGreaterThan(1);

    // An empty range: every year, no targets.
    const empty = await getData(leader, `${D}?startYear=2030&endYear=2031`);
    expect(empty).toEqual({
      years: [
        { year: 2030, total: 0, completed: 0, avgProgress: 0, targets: [] },
        { year: 2031, total: 0, completed: 0, avgProgress: 0, targets: [] },
      ],
      byDepartment: [],
      departments: [],
    });
  });

  it('is for the roles with the 发展中心 menu; a bad range is a Chinese 400', async () => {
    for (const who of ['fbr01', 'zgfb01', 'rwfzr01']) {
      const res = await (await s.login(who)).request({ method: 'GET', url: `${D}?startYear=2026&endYear=2027` });
      expect(res.statusCode, who).toBe(403);
    }
    expect((await s.app.inject({ method: 'GET', url: `${D}?startYear=2026&endYear=2027` })).statusCode).toBe(401);
    const order = await leader.request({ method: 'GET', url: `${D}?startYear=2027&endYear=2026` });
    expect(order.statusCode).toBe(400);
    expect(order.json().meta.message).toContain(DEVELOP_MSG.yearOrder);
    const many = await leader.request({ method: 'GET', url: `${D}?startYear=2000&endYear=2020` });
    expect(many.statusCode).toBe(400);
    expect(many.json().meta.message).toContain(DEVELOP_MSG.tooManyYears);
    expect((await leader.request({ method: 'GET', url: `${D}?startYear=x&endYear=2026` })).statusCode).toBe(400);
  });
});
