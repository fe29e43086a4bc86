import { PORTRAIT_MSG as M } from '@zg/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../seed';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../../test/harness';

/**
 * 画像分析 (issue 35 item 1): the portraits over the demo warehouse through the portrait algorithms, within the
 * portrayal authority (xld01 everything, bmfzr07 信息工程学院 XY01, zyfzr01 软件技术 ZY0101; 403 outside, never empty),
 * the drill-down, and the configured cards (ByAuth filtering; edited and deleted by their creator only).
 */

let s: TestServer;
let drop: () => Promise<void>;
let leader: TestSession; // xld01
let college: TestSession; // bmfzr07: 信息工程学院
let major: TestSession; // zyfzr01: 软件技术
let keeper: TestSession; // zgfb01: 诊改管理员, sees every portrait
let stranger: TestSession; // shr01: no portrayal menu
const C = '/api/herm-xxjk/CurrentPortraits';
const P = '/api/herm-xxjk/portrayal';
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

async function get(as: TestSession, url: string, status = 200) {
  const res = await as.request({ method: 'GET', url });
  expect(res.statusCode, `${url} ${res.body}`).toBe(status);
  return res.json();
}
const data = async (as: TestSession, url: string) => (await get(as, url)).data;
const post = (as: TestSession, url: string, payload: object) => as.request({ method: 'POST', url, payload });

beforeAll(async () => {
  const opened = await openTestDatabase('migrated');
  drop = opened.drop;
  await opened.database.migrate();
  await seedDatabase(opened.database.db, { demo: true, warehouse: true });
  s = await startTestServer({ database: opened.database });
  [leader, college, major, keeper, stranger] = await Promise.all([
    s.login('xld01'),
    s.login('bmfzr07'),
    s.login('zyfzr01'),
    s.login('zgfb01'),
    s.login('shr01'),
  ]);
}, 240_000);
afterAll(async () => {
  await s?.close();
  await s?.database.close();
  await drop?.();
});

describe('portraits', () => {
  it('shows xld01 the school: key figures of the latest year, the trend over the years, the configured cards', async () => {
    const p = await data(leader, `${C}/querySchoolPortrait`);
    expect(p.object).toEqual({ kind: 'school', code: 'XX', name: '演示职业技术学院' });
    expect(p.path).toEqual([]);
    const byKey = Object.fromEntries(p.cards.map((c: { key: string }) => [c.key, c]));
    expect(byKey.students.value).toBeGreaterThan(5000);
    expect(byKey.passRate.value).toBeGreaterThan(50);
    expect(byKey.employmentRate.value).toBeGreaterThan(50);
    expect(p.trend.years.length).toBeGreaterThanOrEqual(4);
    expect(
      p.trend.series.find((x: { key: string }) => x.key === 'avgScore').data.every((v: unknown) => v !== null),
    ).toBe(true);
    const configured = p.cards.filter((c: { configured: boolean }) => c.configured);
    expect(configured.map((c: { label: string }) => c.label)).toEqual(['生师比', '双师素质教师比例', '体质测试合格率']);
    expect(configured.every((c: { value: number | null; error: string | null }) => c.value !== null && !c.error)).toBe(
      true,
    );
    expect(p.radar).toBeNull();
  });

  it('gives a college, a major, a course, a teacher, a class and a student their portraits with the path to them', async () => {
    const c = await data(leader, `${C}/querySchoolPortrait?code=XY01`);
    expect(c.object).toMatchObject({ kind: 'college', code: 'XY01' });
    expect(c.path.map((o: { kind: string }) => o.kind)).toEqual(['school']);
    const m = await data(leader, `${C}/queryMajorPortrait?code=ZY0101`);
    expect(m.object).toMatchObject({ kind: 'major', name: '软件技术' });
    expect(m.path.map((o: { code: string }) => o.code)).toEqual(['XX', 'XY01']);
    const links = await data(leader, `${C}/queryNextLink?kind=major&code=ZY0101`);
    const group = (k: string) => links.groups.find((g: { kind: string }) => g.kind === k).items;
    const course = group('course')[0];
    const klass = group('class')[0];
    const teacher = group('teacher')[0];
    const cp = await data(leader, `${C}/queryCoursePortrait?code=${course.code}`);
    expect(cp.path.map((o: { kind: string }) => o.kind)).toEqual(['school', 'college', 'major']);
    expect(cp.cards.map((x: { key: string }) => x.key)).toEqual(['assessed', 'avgScore', 'passRate', 'excellentRate']);
    const tp = await data(leader, `${C}/queryTeacherPortrait?code=${teacher.code}`);
    expect(tp.cards.find((x: { key: string }) => x.key === 'assessed').value).toBeGreaterThan(0);
    const kp = await data(leader, `${C}/queryClassPortrait?code=${klass.code}`);
    expect(kp.object.kind).toBe('class');
    const students = await data(leader, `${C}/queryStudentDownClass?code=${klass.code}&size=10`);
    expect(students.total).toBeGreaterThan(10);
    expect(students.records).toHaveLength(10);
    expect(students.columns).toContain('学号');
    const no = students.records[0].学号;
    const sp = await data(leader, `${C}/queryStudentPortrait?code=${no}`);
    expect(sp.object).toMatchObject({ kind: 'student', code: no });
    expect(sp.path.map((o: { kind: string }) => o.kind)).toEqual(['school', 'college', 'major', 'class']);
    expect(sp.info.学号).toBe(no);
    const found = await data(leader, `${C}/queryStudentDownClass?code=${klass.code}&keyword=${encodeURIComponent(no)}`);
    expect(found.records.map((r: { 学号: string }) => r.学号)).toEqual([no]);
  });

  it('answers the detail pages, the classes toward the students, the teaching staff and the students to follow', async () => {
    const links = await data(leader, `${C}/queryNextLink?kind=major&code=ZY0101`);
    const course = links.groups.find((g: { kind: string }) => g.kind === 'course').items[0];
    const detail = await data(leader, `${C}/queryCourseDetailPage?code=${course.code}`);
    expect(detail.columns).toContain('平均分');
    expect(detail.rows.length).toBeGreaterThan(0);
    const staff = await data(leader, `${C}/queryMajorTeachingPersonnel?code=ZY0101`);
    expect(staff.columns).toEqual(['工号', '姓名', '职称', '最高学位', '双师型', '授课门数']);
    const teaching = await data(leader, `${C}/queryTeacherDetailPage?code=${staff.rows[0].工号}`);
    expect(teaching.rows.length).toBeGreaterThan(0);
    const classes = await data(leader, `${C}/queryStudentDown?kind=major&code=ZY0101&size=5`);
    expect(classes.records.length).toBeGreaterThan(0);
    expect(classes.columns).toContain('人数');
    const follow = await data(leader, `${C}/queryLeaderFollowStudent?kind=school&code=XX&size=20`);
    expect(follow.total).toBeGreaterThan(0);
    expect(follow.records.every((r: { 关注原因: string }) => ['休学', '体质测试不及格'].includes(r.关注原因))).toBe(
      true,
    );
    const school = await data(leader, `${C}/queryNextLink?kind=school&code=XX`);
    expect(school.groups.map((g: { kind: string }) => g.kind)).toEqual(['college']);
  });

  it('draws the radar from the latest diagnosis grades per first-level item, for the major and over the school', async () => {
    const db = s.database.db;
    const [system] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into standard_systems (name, dimension, start_year, end_year)
        values ('画像测试标准', 'major', 2025, 2027) returning id`),
    );
    const [cycle] = rowsOf<{ id: number }>(await db.execute(sql`select id from cycle_values limit 1`));
    const [task] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into diagnosis_tasks (name, cycle_value_id, year, start_date, end_date,
        standard_system_id, dimension, created_by)
        values ('画像测试诊改', ${cycle!.id}, 2025, '2025-09-01', '2026-07-31', ${system!.id}, 'major', 'zgfb01')
        returning id`),
    );
    const [ot] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into diagnosis_object_tasks (task_id, object_code, object_name, system_id)
        values (${task!.id}, 'ZY0101', '软件技术', ${system!.id}) returning id`),
    );
    const level = (a: string, b: string) =>
      JSON.stringify([
        { id: 1, name: '计分卡' },
        { id: 2, name: a },
        { id: 3, name: b },
      ]);
    for (const [i, [axis, name, grade]] of [
      ['专业建设', '就业率', 'A'],
      ['专业建设', '报到率', 'C'],
      ['师资队伍', '双师比例', 'B'],
    ].entries())
      await db.execute(sql`insert into diagnosis_rows (object_task_id, node_id, node_source_key, sort, levels, name, zlx, jgdj)
        values (${ot!.id}, ${100 + i}, ${100 + i}, ${i}, ${level(axis!, name!)}::jsonb, ${name}, 'percent', ${grade})`);
    const m = await data(leader, `${C}/queryMajorPortrait?code=ZY0101`);
    expect(m.radar).toEqual({
      taskName: '画像测试诊改',
      year: 2025,
      axes: [
        { name: '专业建设', score: 80, grades: { A: 1, C: 1 } },
        { name: '师资队伍', score: 80, grades: { B: 1 } },
      ],
    });
    const school = await data(leader, `${C}/querySchoolPortrait`);
    expect(school.radar.axes.map((a: { name: string }) => a.name)).toEqual(['专业建设', '师资队伍']);
    const other = await data(leader, `${C}/queryMajorPortrait?code=ZY0102`);
    expect(other.radar).toBeNull();
  });
});

describe('the portrayal authority', () => {
  it('tells each role what it may open (queryPortrayalByAuth)', async () => {
    expect(await data(leader, `${P}/queryPortrayalByAuth`)).toMatchObject({ all: true, roots: [] });
    expect(await data(keeper, `${P}/queryPortrayalByAuth`)).toMatchObject({ all: true });
    const c = await data(college, `${P}/queryPortrayalByAuth`);
    expect(c).toMatchObject({ all: false, roots: [{ kind: 'college', code: 'XY01' }] });
    expect(c.kinds).toEqual(['college', 'major', 'course', 'teacher', 'class', 'student']);
    const m = await data(major, `${P}/queryPortrayalByAuth`);
    expect(m).toMatchObject({ all: false, roots: [{ kind: 'major', code: 'ZY0101', name: '软件技术' }] });
    expect(m.kinds).toEqual(['major', 'course', 'teacher', 'class', 'student']);
  });

  it('lets zyfzr01 open their major and what is under it, and refuses the school, another major and its students', async () => {
    await data(major, `${C}/queryMajorPortrait?code=ZY0101`);
    const links = await data(major, `${C}/queryNextLink?kind=major&code=ZY0101`);
    const klass = links.groups.find((g: { kind: string }) => g.kind === 'class').items[0];
    const teacher = links.groups.find((g: { kind: string }) => g.kind === 'teacher').items[0];
    const students = await data(major, `${C}/queryStudentDownClass?code=${klass.code}`);
    await data(major, `${C}/queryStudentPortrait?code=${students.records[0].学号}`);
    // A teacher of the major's courses, though their college's tree is not granted.
    await data(major, `${C}/queryTeacherPortrait?code=${teacher.code}`);
    const other = await get(major, `${C}/queryMajorPortrait?code=ZY0102`, 403);
    expect(other.meta.message).toBe(
      M.outOfAuthority((await data(leader, `${C}/queryMajorPortrait?code=ZY0102`)).object.name),
    );
    await get(major, `${C}/querySchoolPortrait`, 403);
    await get(major, `${C}/querySchoolPortrait?code=XY01`, 403);
    const otherLinks = await data(leader, `${C}/queryNextLink?kind=major&code=ZY0102`);
    const otherClass = otherLinks.groups.find((g: { kind: string }) => g.kind === 'class').items[0];
    await get(major, `${C}/queryStudentDownClass?code=${otherClass.code}`, 403);
    const otherStudents = await data(leader, `${C}/queryStudentDownClass?code=${otherClass.code}`);
    await get(major, `${C}/queryStudentPortrait?code=${otherStudents.records[0].学号}`, 403);
    await get(major, `${C}/queryLeaderFollowStudent?kind=school&code=XX`, 403);
  });

  it('lets bmfzr07 open their college’s majors, refuses another college’s', async () => {
    await data(college, `${C}/querySchoolPortrait?code=XY01`);
    await data(college, `${C}/queryMajorPortrait?code=ZY0102`);
    const x2 = await data(leader, `${C}/queryNextLink?kind=college&code=XY02`);
    const foreign = x2.groups.find((g: { kind: string }) => g.kind === 'major').items[0];
    await get(college, `${C}/queryMajorPortrait?code=${foreign.code}`, 403);
    await get(college, `${C}/querySchoolPortrait`, 403);
  });

  it('answers 404 in Chinese for what does not exist, 400 for a bad kind, 403 without the menu', async () => {
    expect((await get(leader, `${C}/queryMajorPortrait?code=NOPE`, 404)).meta.message).toBe(M.objectNotFound);
    expect((await get(leader, `${C}/queryStudentPortrait?code=NOPE`, 404)).meta.message).toBe(M.studentNotFound);
    await get(leader, `${C}/queryNextLink?kind=planet&code=XX`, 400);
    await get(leader, `${C}/queryMajorPortrait`, 400);
    await get(leader, `${C}/queryStudentDownClass?code=X&size=100000`, 400);
    await get(stranger, `${C}/querySchoolPortrait`, 403);
    await get(stranger, `${P}/queryCard`, 403);
  });
});

describe('portrayal configuration', () => {
  let algorithmId: number;
  it('lists the menu, the value algorithms and the screens (all, and by authority)', async () => {
    const menu = await data(leader, `${P}/queryMenu`);
    expect(menu.map((m: { kind: string }) => m.kind)).toEqual([
      'school',
      'college',
      'major',
      'course',
      'teacher',
      'class',
      'student',
    ]);
    const algorithms = await data(major, `${P}/algorithms`);
    algorithmId = algorithms.find((a: { name: string }) => a.name === '课程平均成绩').id;
    const screens = await data(leader, `${P}/queryScreen`);
    expect(screens.find((x: { kind: string }) => x.kind === 'school')).toMatchObject({ cards: 3 });
    const mine = await data(major, `${P}/queryScreenByAuth`);
    expect(mine.map((x: { kind: string }) => x.kind)).toEqual(['major', 'course', 'teacher', 'class', 'student']);
    const theirs = await data(college, `${P}/queryScreenByAuth`);
    expect(theirs.map((x: { kind: string }) => x.kind)[0]).toBe('college');
    expect((await data(leader, `${P}/queryScreenByAuth`)).length).toBe(7);
  });

  it('filters the cards by authority for the three roles (queryCard, queryCardByAuth)', async () => {
    const all = await data(major, `${P}/queryCard`);
    expect(all.map((c: { kind: string }) => c.kind)).toContain('school');
    const leaders = await data(leader, `${P}/queryCardByAuth`);
    expect(leaders.length).toBe(all.length);
    const colleges = await data(college, `${P}/queryCardByAuth`);
    expect(new Set(colleges.map((c: { kind: string }) => c.kind))).toEqual(new Set(['college', 'major', 'class']));
    const majors = await data(major, `${P}/queryCardByAuth`);
    expect(new Set(majors.map((c: { kind: string }) => c.kind))).toEqual(new Set(['major', 'class']));
    expect((await data(major, `${P}/queryCardByAuth?kind=school`)).length).toBe(0);
    expect(leaders.every((c: { abilities: { edit: boolean } }) => c.abilities.edit)).toBe(true);
    expect(majors.every((c: { abilities: { edit: boolean } }) => !c.abilities.edit)).toBe(true);
  });

  it('adds a card that the portrait shows; only its creator edits or deletes it', async () => {
    const add = await post(major, `${P}/add`, { kind: 'course', label: '平均成绩', unit: '分', algorithmId });
    expect(add.statusCode, add.body).toBe(200);
    const card = add.json().data;
    expect(card).toMatchObject({
      kind: 'course',
      label: '平均成绩',
      createdBy: 'zyfzr01',
      abilities: { edit: true, delete: true },
    });
    const links = await data(major, `${C}/queryNextLink?kind=major&code=ZY0101`);
    const course = links.groups.find((g: { kind: string }) => g.kind === 'course').items[0];
    const p = await data(major, `${C}/queryCoursePortrait?code=${course.code}`);
    const shown = p.cards.find((c: { key: string }) => c.key === `card-${card.id}`);
    expect(shown).toMatchObject({ label: '平均成绩', configured: true, error: null });
    expect(shown.value).toBeGreaterThan(0);

    const edit = { id: card.id, kind: 'course', label: '课程均分', unit: '分', algorithmId };
    const refused = await post(leader, `${P}/update`, edit);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().meta.message).toBe(M.notCardCreator);
    expect((await post(leader, `${P}/delete`, { id: card.id })).statusCode).toBe(403);
    const edited = await post(major, `${P}/update`, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.label).toBe('课程均分');
    expect((await post(major, `${P}/delete`, { id: card.id })).statusCode).toBe(200);
    expect((await post(major, `${P}/delete`, { id: card.id })).statusCode).toBe(404);
  });

  it('refuses a bad card in Chinese and stores nothing', async () => {
    const detail = rowsOf<{ id: number }>(
      await s.database.db.execute(sql`select id from algorithms where kind = 'detail' limit 1`),
    )[0]!.id;
    const before = (await data(leader, `${P}/queryCard`)).length;
    const notValue = await post(major, `${P}/add`, { kind: 'major', label: '明细', algorithmId: detail });
    expect(notValue.statusCode).toBe(400);
    expect(notValue.json().meta.message).toBe(M.cardAlgorithmNotValue);
    expect((await post(major, `${P}/add`, { kind: 'major', label: '无', algorithmId: 999999 })).statusCode).toBe(400);
    expect((await post(major, `${P}/add`, { kind: 'major', label: '', algorithmId })).statusCode).toBe(400);
    expect((await post(major, `${P}/add`, { kind: 'planet', label: 'x', algorithmId })).statusCode).toBe(400);
    expect((await post(major, `${P}/add`, { kind: 'major', label: 'x'.repeat(21), algorithmId })).statusCode).toBe(400);
    expect((await data(leader, `${P}/queryCard`)).length).toBe(before);
  });
});
