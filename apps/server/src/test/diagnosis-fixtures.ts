import { ROLE } from '@zg/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { cycleValues, userRoles, users } from '../db/schema';
import { warehouseTablesChanged } from '../modules/algorithm';
import { dimensionObjectsWithDuty, upsertDimensionObjects } from '../modules/data-manage';
import { installStandards, type StandardSeedNode } from '../modules/standard';
import type { TestServer, TestSession } from './harness';

/**
 * A diagnosis world for the API tests: three majors (M01-M03) that 信息工程学院 (D07, head bmfzr07) answers for, a
 * warehouse table of their figures, two value algorithms over it (a rate, and a count that fails for a major listed in
 * warehouse.diag_fail), and a published major-level standard whose four rows are a computed percent, a computed
 * number, a manual have-type and a manual level-type row.
 */
export interface DiagnosisWorld {
  systemId: number;
  cycleId: number;
  majors: { id: number; code: string }[];
}

const Z = '/api/herm-zdgj';

export async function diagnosisWorld(
  s: TestServer,
  admin: TestSession,
  name = '专业诊改标准',
  /** Changes to the four rows by name (the quality warnings' tests give them warning rules). */
  rows: Record<string, Partial<StandardSeedNode>> = {},
): Promise<DiagnosisWorld> {
  const db = s.database.db;
  await db.execute(
    sql`create table if not exists warehouse.diag_major (major varchar(20), year integer, rate numeric, students integer)`,
  );
  await db.execute(sql`create table if not exists warehouse.diag_fail (major varchar(20))`);
  await db.execute(sql`delete from warehouse.diag_major`);
  await db.execute(sql`insert into warehouse.diag_major values
    ('M01', 2025, 92.5, 300), ('M02', 2025, 83, 120), ('M03', 2025, 70, 80), ('M01', 2024, 50, 10)`);
  const post = (url: string, payload: object) =>
    admin.request({ method: 'POST', url: `/api/herm-sjgl${url}`, payload });
  const existing = await db.execute(sql`select id from algorithm_groups where name = '诊改测试'`);
  let groupId = (existing as unknown as { rows: { id: number }[] }).rows[0]?.id;
  if (!groupId) groupId = (await post('/algorithmGroup/insert', { zmc: '诊改测试' })).json().data.id;
  for (const [sfmc, text] of [
    ['诊改就业率', 'select rate as value from warehouse.diag_major where major = :objectId and year = :year'],
    [
      '诊改学生数',
      `select students / (case when exists (select 1 from warehouse.diag_fail f where f.major = :objectId) then 0 else 1 end) as value
       from warehouse.diag_major where major = :objectId and year = :year`,
    ],
  ] as const) {
    const res = await post('/algorithmContent/insert', {
      sfzid: groupId,
      sfmc,
      sflx: 'value',
      sql: text,
      bbsm: '初版',
    });
    expect([200, 409]).toContain(res.statusCode);
  }
  // The 就业率 row's 明细数据: the warehouse rows of the object and year (a detail algorithm).
  const detail = await post('/algorithmContent/insert', {
    sfzid: groupId,
    sfmc: '诊改就业明细',
    sflx: 'detail',
    sql: 'select major as 专业, year as 年度, rate as 就业率, students as 学生数 from warehouse.diag_major where major = :objectId and year = :year',
    bbsm: '初版',
  });
  expect([200, 409]).toContain(detail.statusCode);
  await upsertDimensionObjects(
    db,
    ['M01', 'M02', 'M03'].map((code, i) => ({
      typeCode: 'major',
      code,
      name: ['软件技术', '计算机网络技术', '大数据技术'][i]!,
    })),
  );
  const majors = ((await dimensionObjectsWithDuty(db, 'major')) ?? []).filter((o) => /^M0[123]$/.test(o.code));
  const duty = await post('/departmentDuty/save', { bmid: 'D07', dxids: majors.map((m) => m.id) });
  expect(duty.statusCode, duty.body).toBe(200);
  await installStandards(
    db,
    [
      {
        name,
        dimension: 'major',
        startYear: 2025,
        endYear: 2027,
        items: [
          {
            name: '计分卡',
            children: [
              {
                name: '就业质量',
                children: (
                  [
                    {
                      name: '就业率',
                      zlx: 'percent',
                      bzz: '85',
                      direction: 'higher',
                      grades: { A: 90, B: 85, C: 70 },
                      indicator: '诊改就业率',
                      detail: '诊改就业明细',
                    },
                    {
                      name: '在校生数',
                      zlx: 'others',
                      bzz: '100',
                      direction: 'higher',
                      grades: { A: 250, B: 150, C: 100 },
                      indicator: '诊改学生数',
                    },
                    { name: '人才培养方案', zlx: 'have', bzz: '1' },
                    {
                      name: '专业评估',
                      zlx: 'levels',
                      bzz: '合格',
                      grades: [
                        { value: '优秀', dxLevel: 'A' },
                        { value: '良好', dxLevel: 'B' },
                        { value: '合格', dxLevel: 'C' },
                        { value: '不合格', dxLevel: 'D' },
                      ],
                    },
                  ] as StandardSeedNode[]
                ).map((n) => ({ ...n, ...rows[n.name] })),
              },
            ],
          },
        ],
      },
    ],
    'zgfb01',
  );
  const [system] = (
    (await db.execute(
      sql`select id from standard_systems where name = ${name} order by id desc limit 1`,
    )) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const [cycle] = await db
    .select({ id: cycleValues.id })
    .from(cycleValues)
    .where(sql`${cycleValues.value} = '2025-2026'`);
  return { systemId: system!.id, cycleId: cycle!.id, majors: majors.map((m) => ({ id: m.id, code: m.code })) };
}

/** Makes a major's count fail (or pass again), dropping the algorithm's cached results. */
export async function failMajor(s: TestServer, code: string, fail = true) {
  const db = s.database.db;
  await db.transaction(async (tx) => {
    if (fail) await tx.execute(sql`insert into warehouse.diag_fail values (${code})`);
    else await tx.execute(sql`delete from warehouse.diag_fail where major = ${code}`);
    await warehouseTablesChanged(tx, ['diag_fail']);
  });
}

/** Publishes a task as `me` (zgfb01 by default) and answers it. */
export async function publishDiagnosis(me: TestSession, world: DiagnosisWorld, over: Record<string, unknown> = {}) {
  const res = await me.request({
    method: 'POST',
    url: `${Z}/rest/task/insert`,
    payload: {
      rwmc: `诊改任务${Math.random().toString(36).slice(2, 8)}`,
      zqid: world.cycleId,
      kssj: '2026-03-01',
      jssj: '2026-07-31',
      bzid: world.systemId,
      shrid: 'shr01',
      jkrid: 'rwfzr01',
      chargers: { M01: 'zyfzr01' },
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; rwmc: string; dxsl: number };
}

type Res = Awaited<ReturnType<TestSession['request']>>;
type Check = (w: { route: string; other(): Promise<Res>; owner(): Promise<Res> }) => Promise<Res>;

/** A user with exactly these roles (the demo's publisher zgfb01 is also a diagnosis administrator, who may do all). */
export async function userWithRoles(s: TestServer, id: string, roleIds: string[], departmentId = 'D04') {
  const db = s.database.db;
  const [model] = await db.select().from(users).where(eq(users.id, 'zgfb01'));
  await db
    .insert(users)
    .values({ ...model!, id, name: `用户${id}`, email: `${id}@school.edu.cn`, casId: null, departmentId })
    .onConflictDoNothing();
  await db
    .insert(userRoles)
    .values(roleIds.map((roleId) => ({ userId: id, roleId })))
    .onConflictDoNothing();
}

/**
 * The ownership fixture of 诊断改进 (security.api.test.ts): a task published by one publisher (a second publisher is
 * refused its writes), its object task M01 in the charge of zyfzr01 (a second diagnosis object, zyfzr02, is refused
 * its writes) and audited by shr01 (a second auditor, shr02, is refused).
 */
export async function diagnosisOwnership(s: TestServer, check: Check) {
  await userWithRoles(s, 'zgfbA', [ROLE.publisher]);
  await userWithRoles(s, 'zgfbB', [ROLE.publisher]);
  await userWithRoles(s, 'zyfzr02', [ROLE.diagnosisObject], 'D07');
  await userWithRoles(s, 'shr02', [ROLE.diagnosisAuditor, ROLE.targetDepartAuditor]);
  const admin = await s.login('zyadmin');
  const world = await diagnosisWorld(s, admin, '所有权诊改标准');
  const [fbr, fbr2, fzr, fzr2, shr, shr2] = (await Promise.all(
    ['zgfbA', 'zgfbB', 'zyfzr01', 'zyfzr02', 'shr01', 'shr02'].map((u) => s.login(u)),
  )) as [TestSession, TestSession, TestSession, TestSession, TestSession, TestSession];
  s.app.clock.set('2026-03-10T09:00:00');
  const task = await publishDiagnosis(fbr, world, { rwmc: '所有权诊改任务', dxbms: ['M01', 'M02'] });
  const P = (me: TestSession, url: string, payload: object = {}) =>
    me.request({ method: 'POST', url: `${Z}${url}`, payload });
  const both = (route: string, url: string, mine: TestSession, other: TestSession, payload: object = {}) =>
    check({ route: `POST ${Z}${route}`, other: () => P(other, url, payload), owner: () => P(mine, url, payload) });
  const byPublisher = (route: string, payload: object, url = route) => both(route, url, fbr, fbr2, payload);
  const byCharger = (route: string, payload: object, url = route) => both(route, url, fzr, fzr2, payload);
  const byAuditor = (route: string, payload: object) => both(route, route, shr, shr2, payload);

  const edit = { id: task.id, rwmc: '所有权诊改任务（改）', kssj: '2026-03-01', jssj: '2026-07-31', shrid: 'shr01' };
  await byPublisher('/rest/task/update', edit);
  await byPublisher('/rest/task/pause', { id: task.id });
  await byPublisher('/rest/task/resume', { id: task.id });
  const objects = (await admin.request({ method: 'GET', url: `${Z}/rest/obj/select?rwid=${task.id}` })).json().data
    .list as { id: number; dxbm: string }[];
  const m01 = objects.find((o) => o.dxbm === 'M01')!.id;
  const m02 = objects.find((o) => o.dxbm === 'M02')!.id;
  await byPublisher('/rest/obj/insertlist', { rwid: task.id, dxbms: ['M03'] });
  await byPublisher('/rest/obj/updatePushedCharger', { ids: [m02], fzrid: 'bmfzr07' });
  await byCharger('/rest/obj/authority', { id: m01, gxrids: [], cjrids: ['rwfzr04'] });
  await byCharger('/rest/quality/selectcollent', { dxrwid: m01 });
  await byCharger('/rest/quality/deletecl', { dxrwid: m01, yhid: 'rwfzr04' });
  const rows = (await admin.request({ method: 'GET', url: `${Z}/rest/quality/select?dxrwid=${m01}` })).json().data
    .list as { id: number; zkdmc: string; zkdid: number }[];
  const row = (name: string) => rows.find((r) => r.zkdmc === name)!;
  const targets = [
    { id: row('就业率').id, mbz: '90' },
    { id: row('在校生数').id, mbz: '280' },
    { id: row('人才培养方案').id, mbz: '1' },
    { id: row('专业评估').id, mbz: '良好' },
  ];
  await byCharger('/rest/quality/updatembzcommit', { dxrwid: m01, list: targets });
  await byCharger('/rest/audit/submit', { dxrwid: m01 });
  await byAuditor('/rest/audit/refuse', { dxrwid: m01, reason: '再议' });
  // Reporting targets up in bulk (issue 31): the caller's own object tasks only.
  await byCharger('/rest/obj/updateuplist', { ids: [m01] });
  await byAuditor('/rest/audit/pass', { dxrwid: m01 });
  await byPublisher('/rest/quality/updateupmbz', { ids: [m02] });
  await byPublisher('/rest/obj/updatedownlist', { ids: [m02] });
  await byCharger('/rest/quality/calresult', { dxrwid: m01 });
  await byCharger('/rest/quality/updatejgz', { dxrwid: m01, list: [{ id: row('人才培养方案').id, jgz: '1' }] });
  // 分析与改进 and a row's attachments (issue 31): the person in charge's, refused to another diagnosis object.
  await byCharger('/rest/disqualified/update', { id: row('人才培养方案').id, yyfx: '原因', gjcs: '措施' });
  await byCharger('/rest/quality/uploadFileList', {
    list: [],
    context: { zgzkdid: row('人才培养方案').id, stage: 'zjgj' },
  });
  await byCharger('/rest/quality/updateupjgz', { id: row('就业率').id, value: '88', reason: '口径修正' });
  await byCharger('/rest/quality/updatexzmbz', { id: row('在校生数').id, value: '260', reason: '招生计划调整' });
  await byCharger('/rest/obj/calScore', { id: m01 });
  await byCharger('/rest/obj/diagnoseagain', { id: m01 });
  // A newer published version of the system, for refreshTarget.
  const changed = await admin.request({
    method: 'POST',
    url: '/api/herm-mbbz/catalog/update',
    payload: { id: row('人才培养方案').zkdid, name: '人才培养方案', zlx: 'have', bzz: '1' },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  const v2 = changed.json().data.systemId as number;
  expect((await admin.request({ method: 'POST', url: `/api/herm-mbbz/target/${v2}/publish` })).statusCode).toBe(200);
  await byCharger('/rest/obj/refreshTarget', { id: m01 });
  await byPublisher('/rest/task/calresult', { id: task.id });
  await s.app.jobs.drain();
  await byPublisher('/doneFutureTask', { rwid: task.id });
  await s.app.jobs.drain();
  const m03 = (
    (await admin.request({ method: 'GET', url: `${Z}/rest/obj/select?rwid=${task.id}` })).json().data.list as {
      id: number;
      dxbm: string;
    }[]
  ).find((o) => o.dxbm === 'M03')!.id;
  await both('/rest/obj/:id/delete', `/rest/obj/${m03}/delete`, fbr, fbr2);
  await byPublisher('/rest/obj/deleteList', { ids: [m02] });
  await byPublisher('/rest/task/finish', { id: task.id });
  await byPublisher('/rest/task/ids/delete', { ids: [task.id] });
}
