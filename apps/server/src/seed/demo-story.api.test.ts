/**
 * The product's first start (seedDatabase with demo and story, as main.ts calls it on an empty database): each demo
 * account the README lists finds work waiting, read through the endpoints its home page and lists use; SEED_DEMO=false
 * gives the administrator alone. The story is dated against the clock's today, so a fresh start always looks current.
 */
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delayRequests, targetReports, targetTasks, urges, users } from '../db/schema';
import { evaluateWarnings } from '../modules/warning';
import { openTestDatabase, startTestServer, type TestServer, type TestSession } from '../test/harness';
import { seedDatabase } from '.';

const W = '/api/herm-wbs';
const NOW = new Date();
const YEAR = NOW.getFullYear();

let server: TestServer;
let dropDatabase: () => Promise<void>;
let seedMs = 0;

beforeAll(async () => {
  const { database, drop } = await openTestDatabase('migrated');
  dropDatabase = drop;
  await database.migrate();
  const started = performance.now();
  await seedDatabase(database.db, { demo: true, story: true, warehouse: true, now: NOW });
  seedMs = performance.now() - started;
  // The harness seeds again over the same database: a database with users is left as it is.
  server = await startTestServer({ database });
  server.app.clock.set(NOW);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await server?.database.close();
  await dropDatabase?.();
});

async function get(me: TestSession, url: string) {
  const res = await me.request({ method: 'GET', url });
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  return res.json().data;
}
const total = async (me: TestSession, url: string) => Number((await get(me, url)).total);
const tasks = (me: TestSession, kind: string, rwzt?: string) =>
  total(me, `${W}/targetTask/selectPage?kind=${kind}&year=${YEAR}&size=1${rwzt ? `&rwzt=${rwzt}` : ''}`);
const openWarnings = async (me: TestSession, scope: string) =>
  (await get(me, `${W}/Task/${scope}`)) as { totalWarningCount: number; expiredWarningCount: number };

describe('the demo school on a first start', () => {
  it('holds the five demo standard systems, their points bound to the indicators, kept by zgfb01', async () => {
    const keeper = await server.login('zgfb01');
    const page = await get(keeper, '/api/herm-mbbz/target/selectPage?size=50');
    expect(page.total).toBe(5);
    const major = page.records.find((r: { dimension: string }) => r.dimension === 'major');
    const full = await get(keeper, `/api/herm-mbbz/target/getTargetFull?id=${major.id}`);
    const flat = (nodes: { calRuleName: string | null; children: never[] }[]): { calRuleName: string | null }[] =>
      nodes.flatMap((n) => [n, ...flat(n.children)]);
    expect(flat(full.tree).filter((n) => n.calRuleName).length).toBeGreaterThan(3);
  });

  it('is loaded in one seed with every kind of record the home pages count', async () => {
    // The figure is reported, never asserted: speed is measured in bench/, not in tests.
    console.info(`demo seed (accounts + story + warehouse) on an empty database: ${Math.round(seedMs)} ms`);
    const db = server.database.db;
    const rows = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0]?.n);
    expect(await rows(targetTasks)).toBeGreaterThan(40);
    expect(await rows(delayRequests)).toBeGreaterThan(0);
    expect(await rows(urges)).toBeGreaterThan(0);
    expect(await rows(targetReports)).toBeGreaterThan(0);
    // Only the demo accounts and the administrator: the story adds nobody.
    expect(await rows(users)).toBe(25);
    // The warning job, run now, finds the story as it would have left it.
    expect(await evaluateWarnings(server.database.db, server.app.clock)).toEqual({ raised: 0, closed: 0, overdue: 0 });
  });

  it('fbr01 (publisher) has this year’s tasks, some to push, urges sent and warnings to follow', async () => {
    const me = await server.login('fbr01');
    expect(await tasks(me, 'yearTask')).toBeGreaterThan(0);
    expect(await tasks(me, 'yearTask', 'notPushed')).toBeGreaterThan(0);
    expect(await total(me, `${W}/yearTargetUrge/list?mine=false`)).toBeGreaterThan(0);
    expect((await openWarnings(me, 'getWarningCountList')).totalWarningCount).toBeGreaterThan(0);
    expect(await total(me, `/api/herm-zdgj/performance/report/selectPage?year=${YEAR - 1}`)).toBeGreaterThan(0);
  });

  it('bmfzr01 (head of 教务处) has tasks to accept and to split, and an urge to receive', async () => {
    const me = await server.login('bmfzr01');
    expect(await tasks(me, 'departmentTask', 'waitAccept')).toBeGreaterThan(0);
    expect(await tasks(me, 'departmentTask', 'waitResolve')).toBeGreaterThan(0);
    expect((await get(me, `${W}/yearTargetUrge/pending`)).length).toBeGreaterThan(0);
    expect((await openWarnings(me, 'getDepartmentWarningCountList')).totalWarningCount).toBeGreaterThan(0);
  });

  it('rwfzr01 (task owner) has a definition to write, tasks to report on, an overdue task and task reports', async () => {
    const me = await server.login('rwfzr01');
    expect(await tasks(me, 'myTask', 'waitDefine')).toBeGreaterThan(0);
    expect(await tasks(me, 'myTask', 'executeing')).toBeGreaterThan(0);
    // Overdue: at least last year's task that never finished.
    const overdue = `${W}/targetTask/selectPage?kind=myTask&year=${YEAR - 1}&size=1&rwzt=delayNotDone`;
    expect(await total(me, overdue)).toBeGreaterThan(0);
    expect((await openWarnings(me, 'getPersonalWarningCountList')).totalWarningCount).toBeGreaterThan(0);
    const mine = await get(me, `${W}/targetReport/getReportPage?kind=mine&size=10`);
    expect(new Set(mine.records.map((r: { bgzt: string }) => r.bgzt))).toEqual(new Set(['pass', 'reviewing', 'draft']));
  });

  it('shr01 (auditor) has progress reports, delays, definitions and task reports waiting', async () => {
    const me = await server.login('shr01');
    expect(await total(me, `${W}/targetTaskSituation/selectPage?status=reviewing`)).toBeGreaterThan(0);
    expect(await total(me, `${W}/delayAuditing/selectPage?status=reviewing`)).toBeGreaterThan(0);
    expect(await total(me, `${W}/targetReport/getReportPage?kind=review`)).toBeGreaterThan(0);
    expect(await tasks(me, 'reviewTask')).toBeGreaterThan(0);
  });

  it('xld01 (school leader) sees the school’s analysis and performance figures', async () => {
    const me = await server.login('xld01');
    expect(await tasks(me, 'yearTask')).toBeGreaterThan(0);
    const status = await get(
      me,
      `${W}/targetTaskSummaryAnalysis/taskStatusAnalysis?scope=globalSummaryAnalysis&year=${YEAR}`,
    );
    expect(JSON.stringify(status)).toMatch(/[1-9]/);
    const rated: (string | null)[] = [];
    for (const year of [YEAR - 1, YEAR]) {
      const perf = await get(me, `/api/herm-zdgj/performance/report/selectPage?year=${year}&pageSize=200`);
      rated.push(...perf.list.map((r: { zpdj: string | null }) => r.zpdj));
    }
    expect(rated.length).toBeGreaterThan(0);
    // The finished task whose report was rated A and passed.
    expect(rated).toContain('A');
  });
});

describe('数据采集 on a first start', () => {
  const C = '/api/herm-sjcj';
  type Fill = { id: number; taskName: string; formName: string; state: string; opinion: string | null };

  it('has two published forms, a fixed one and a floating one, writing into the warehouse', async () => {
    const me = await server.login('sjgl01');
    const forms = (await get(me, `${C}/forms/list`)) as { name: string; tableType: string; version: number }[];
    expect(forms.map((f) => [f.name, f.tableType, f.version]).sort()).toEqual([
      ['专业基本情况', 'fixed', 1],
      ['教师企业实践', 'floating', 1],
    ]);
    const types = (await get(me, `${C}/constantTypes/list`)) as { name: string; constants: number }[];
    expect(types).toEqual([expect.objectContaining({ name: '实践类型', constants: 4 })]);
  });

  it('rwfzr01 (filler) has a draft to finish, one committed and last year’s passed, in every state', async () => {
    const me = await server.login('rwfzr01');
    expect(await get(me, `${C}/fillTasks/counts?scope=mine`)).toEqual({ uncommitted: 1, waitAudit: 1, finished: 1 });
    const mine = (await get(me, `${C}/fillTasks/list?scope=mine`)) as (Fill & { abilities: Record<string, boolean> })[];
    const draft = mine.find((f) => f.state === 'uncommitted')!;
    expect(draft).toMatchObject({ formName: '专业基本情况', abilities: { save: true, commit: true } });
    const rows = await get(me, `${C}/datas/queryDatasByParam?fillTaskId=${draft.id}`);
    expect(rows).toMatchObject({ tableType: 'fixed', rows: [expect.objectContaining({ zymc: '计算机应用技术' })] });
    expect(mine.find((f) => f.state === 'waitAudit')).toMatchObject({ formName: '教师企业实践' });
    expect(mine.find((f) => f.state === 'finished')?.taskName).toBe(`${YEAR - 1}年教师企业实践采集`);
  });

  it('zgfb01 (auditor) has two to audit; rwfzr04 has one sent back with a reason', async () => {
    const auditor = await server.login('zgfb01');
    // Not committed: rwfzr01's draft, rwfzr04's sent back, rwfzr05's draft and rwfzr06's untouched.
    expect(await get(auditor, `${C}/fillTasks/counts?scope=audit`)).toEqual({
      uncommitted: 4,
      waitAudit: 2,
      finished: 3,
    });
    const back = ((await get(await server.login('rwfzr04'), `${C}/fillTasks/list?scope=mine`)) as Fill[])[0]!;
    expect(back).toMatchObject({ state: 'uncommitted', formName: '专业基本情况' });
    expect(back.opinion).toContain('请核对后重新提交');
  });

  it('the passed fill tasks are in the warehouse tables, each row remembering where it came from', async () => {
    const me = await server.login('sjgl01');
    const warehouses = (await get(me, '/api/herm-sjgl/ck/selectAll')) as { id: number; ckmc: string }[];
    const ck = warehouses.find((w) => w.ckmc === '数据采集仓库')!;
    const tables = (await get(me, `/api/herm-sjgl/ckb/selectAll?ckid=${ck.id}`)) as { id: number; bm: string }[];
    const rowsOf = async (bm: string) =>
      Number(
        (await get(me, `/api/herm-sjgl/ckb/selectbsj?id=${tables.find((t) => t.bm === bm)!.id}&current=1&size=1`))
          .total,
      );
    // Last year's two passed practice tasks (3 + 2 rows) and this year's one passed major.
    expect(await rowsOf('cj_teacher_practice')).toBe(5);
    expect(await rowsOf('cj_major_basic')).toBe(1);
  });
});

describe('without the story', () => {
  it('SEED_DEMO_STORY=false: the demo accounts alone, as the test templates have them', async () => {
    const { database, drop } = await openTestDatabase('migrated');
    try {
      await database.migrate();
      const started = performance.now();
      await seedDatabase(database.db, { demo: true, story: false, now: NOW });
      console.info(`demo seed (accounts alone) on an empty database: ${Math.round(performance.now() - started)} ms`);
      expect(Number((await database.db.select({ n: count() }).from(users))[0]?.n)).toBe(25);
      expect(Number((await database.db.select({ n: count() }).from(targetTasks))[0]?.n)).toBe(0);
    } finally {
      await drop();
    }
  });

  it('SEED_DEMO=false: the administrator alone, and no story', async () => {
    const { database, drop } = await openTestDatabase('migrated');
    try {
      await database.migrate();
      await seedDatabase(database.db, { demo: false, story: true, now: NOW });
      const ids = (await database.db.select({ id: users.id }).from(users)).map((u) => u.id);
      expect(ids).toEqual(['zyadmin']);
      expect(Number((await database.db.select({ n: count() }).from(targetTasks))[0]?.n)).toBe(0);
    } finally {
      await drop();
    }
  });
});

describe('诊断改进 on a first start (issue 30 item 8)', () => {
  const Z = '/api/herm-zdgj';
  it('publishes the major standard to the 40 majors; zyfzr01 is in charge of 软件技术 with targets approved', async () => {
    const head = await server.login('zyfzr01');
    const tasks = await get(head, `${Z}/rest/task/selectlist?userType=fzr`);
    expect(tasks.total).toBe(1);
    const [task] = tasks.list;
    expect(task).toMatchObject({ bzmc: '专业层面诊改质量标准', dxsl: 1, rwzt: 'normal', userTypes: ['fzr'] });
    const publisher = await server.login('zgfb01');
    expect((await get(publisher, `${Z}/rest/task/selectdto?id=${task.id}`)).dxsl).toBe(40);
    const [mine] = (await get(head, `${Z}/rest/obj/select?rwid=${task.id}`)).list;
    expect(mine).toMatchObject({ gzdxmc: '软件技术', mbzt: 'toaudit', fzr: { id: 'zyfzr01' }, bmmc: '信息工程学院' });
    // Every major has a responsible department and a head.
    const all = (await get(publisher, `${Z}/rest/obj/select?rwid=${task.id}&pageSize=100`)).list;
    expect(all.every((o: { fzr: unknown; bmid: unknown }) => o.fzr && o.bmid)).toBe(true);

    // The daily computation (run at once by the job runner at a start; here started by hand) computes every major.
    const started = await server.login('zgfb01');
    const res = await started.request({ method: 'POST', url: `${Z}/doneFutureTask`, payload: { rwid: task.id } });
    expect(res.statusCode, res.body).toBe(200);
    await server.app.jobs.drain();
    const job = await get(started, `${Z}/rest/task/calresult/job?id=${res.json().data.id}`);
    expect(job).toMatchObject({ state: 'done', done: 40, total: 40 });
    expect(job.result.computed).toBeGreaterThan(40 * 10);
    const rows = (await get(head, `${Z}/rest/quality/select?dxrwid=${mine.id}`)).list as {
      id: number;
      dis: boolean;
      unfin: boolean;
      calRule: number | null;
      jgz: string | null;
    }[];
    expect(rows.some((r) => r.unfin)).toBe(true);
    expect(rows.some((r) => r.dis)).toBe(true);
    expect(rows.filter((r) => r.jgz !== null).length).toBeGreaterThan(rows.length / 2);
    const computed = rows.find((r) => r.calRule !== null && r.jgz !== null)!;
    const lineage = await get(head, `${Z}/rest/quality/lineage?id=${computed.id}`);
    expect(lineage.run.sql).toContain(':objectId');
    expect(lineage.run.tables.length).toBeGreaterThan(0);
  }, 120_000);

  it('gives zyfzr01, zgfb01 and xld01 unread notifications, each opening a page', async () => {
    for (const id of ['zyfzr01', 'zgfb01', 'xld01']) {
      const me = await server.login(id);
      const { unread } = await get(me, '/api/notification/unreadCount');
      expect(unread, id).toBeGreaterThanOrEqual(2);
      const page = await get(me, '/api/notification/list?unread=true');
      expect(
        page.records.every((n: { link: string | null }) => n.link?.startsWith('/')),
        id,
      ).toBe(true);
    }
  });
});

describe('质量预警 on a first start (issue 32 item 8)', () => {
  const Z = '/api/herm-zdgj';
  type Flow = { id: number; yjlx: string; zt: string; clr: unknown };
  it('gives 软件技术 a warning closed with its case, one overdue, one open to dispose and a forecast; cases along the spiral', async () => {
    const fzr = await server.login('zyfzr01');
    const [task] = (await get(fzr, `${Z}/rest/task/selectlist?userType=fzr`)).list;
    const [mine] = (await get(fzr, `${Z}/rest/obj/select?rwid=${task.id}`)).list;
    const rows = (await get(fzr, `${Z}/rest/quality/select?dxrwid=${mine.id}`)).list as { id: number; zkdmc: string }[];
    const history = async (name: string) =>
      (await get(fzr, `${Z}/warningflow/queryWarnList?zkdid=${rows.find((r) => r.zkdmc === name)!.id}`)) as {
        list: Flow[];
        forecasts: Flow[];
      };
    const closed = await history('专业建设规划经论证并发布');
    expect(closed.list).toEqual([expect.objectContaining({ yjlx: 'process', zt: 'closed', clr: expect.anything() })]);
    expect(closed.forecasts).toEqual([]);
    const overdue = await history('专业评估等级');
    expect(overdue.list.map((w) => `${w.yjlx}:${w.zt}`).sort()).toEqual(['expired:open', 'process:open']);
    const open = await history('人才培养方案按年修订');
    expect(open.list).toEqual([expect.objectContaining({ yjlx: 'process', zt: 'open', clr: null })]);
    const forecast = await history('初次就业率');
    expect(forecast.forecasts).toEqual([expect.objectContaining({ yjlx: 'forecast', zt: 'open' })]);
    const c = await get(
      fzr,
      `${Z}/rest/case/selectbyzkd?zkdid=${rows.find((r) => r.zkdmc === '专业建设规划经论证并发布')!.id}`,
    );
    expect(c).toMatchObject({ zt: 'closed', step: 'implement' });
    expect(c.steps.length).toBe(5);

    const school = await server.login('zgfb01');
    const cases = await get(school, `${Z}/rest/case/selectlist?rwid=${task.id}&pageSize=50`);
    expect(cases.closedNum).toBeGreaterThanOrEqual(2);
    const steps = new Set(cases.list.map((k: { step: string }) => k.step));
    for (const s of ['target', 'organize', 'motivate', 'learn']) expect(steps.has(s), s).toBe(true);
    const { unread } = await get(fzr, '/api/notification/unreadCount');
    const kinds = (await get(fzr, '/api/notification/list?unread=true&size=50')).records.map(
      (n: { kind: string }) => n.kind,
    );
    expect(unread).toBeGreaterThanOrEqual(4);
    expect(kinds).toEqual(expect.arrayContaining(['qualityWarning', 'caseOverdue']));
  });
});

describe('自我诊断报告 on a first start (issue 33 item 5)', () => {
  const Z = '/api/herm-zdgj';
  type Item = { id: number; zt: string; dxrwmc: string };
  it('has a report in every state: zyfzr01’s draft, one waiting for zj01, one for xxsh01, one final, one sent back', async () => {
    const publisher = await server.login('zgfb01');
    const all = (await get(publisher, `${Z}/rest/report/selectpage?pageSize=50`)).list as Item[];
    expect(all.map((r) => r.zt).sort()).toEqual(['draft', 'expertReviewed', 'rejected', 'schoolReviewed', 'submitted']);

    const fzr = await server.login('zyfzr01');
    const [draft] = (await get(fzr, `${Z}/rest/report/selectpage`)).list as Item[];
    expect(draft).toMatchObject({ zt: 'draft', dxrwmc: '软件技术' });
    const d = await get(fzr, `${Z}/rest/report/selectbybgid?bgid=${draft!.id}`);
    expect(d.entries.find((e: { id: number }) => e.id === 1).nr).toContain('质控点');
    expect(d.sharers).toEqual(['顾佩琳']);
    expect(d.abilities).toMatchObject({ explain: true, submit: true });
    expect((await get(fzr, `${Z}/rest/report/discuss/selectDiscuss?bgid=${draft!.id}`)).length).toBe(1);

    const queue = async (user: string, kind: string, done: boolean) => {
      const me = await server.login(user);
      const res = await me.request({ method: 'POST', url: `${Z}/rest/report/review/select`, payload: { kind, done } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.list as Item[]).map((r) => r.zt).sort();
    };
    expect(await queue('zj01', 'expert', false)).toEqual(['submitted']);
    expect(await queue('zj01', 'expert', true)).toEqual(['expertReviewed', 'schoolReviewed']);
    expect(await queue('xxsh01', 'school', false)).toEqual(['expertReviewed']);
    expect(await queue('xxsh01', 'school', true)).toEqual(['schoolReviewed']);

    const final = all.find((r) => r.zt === 'schoolReviewed')!;
    const f = await get(publisher, `${Z}/rest/report/selectbybgid?bgid=${final.id}`);
    expect(f.expertReviewVo).toMatchObject({ fhjg: 'effective', score: '91.00', reviewer: '宋明远' });
    expect(f.schoolReviewVo).toMatchObject({ fhjg: 'effective', score: '90.25', reviewer: '顾佩琳' });
    const back = all.find((r) => r.zt === 'rejected')!;
    const b = await get(publisher, `${Z}/rest/report/selectbybgid?bgid=${back.id}`);
    expect(b.rejectReason).toContain('原因分析');
    expect(b.content.overview.item3.yjcs).toBeGreaterThanOrEqual(0);
  });
});
