/**
 * The generator writes rows with bulk SQL instead of calling the services. This file proves the services read those
 * rows as their own: one story is played through the API on one server and generated on another, and every row and
 * every API answer about it is compared (ids mapped to names, times left out). Then a generated scale is read back.
 */

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleTypes, cycleValues } from '../../db/schema';
import { evaluateWarnings } from '../../modules/warning';
import { startTestServer, type TestServer, type TestSession } from '../../test/harness';
import { generate, loadRefs, resetSequences, writeYearTarget } from './index';
import type { ReportPlan, Stage, TaskPlan, YearTargetPlan } from './model';
import { SCALES } from './scale';
import { simulate } from './simulate';

const W = '/api/herm-wbs';
const TODAY = '2026-11-20';
const NOW = `${TODAY}T10:00:00`;
const t = (s: string) => new Date(`2026-${s}:00`);

let viaServices: TestServer;
let generated: TestServer;

beforeAll(async () => {
  [viaServices, generated] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([viaServices?.close(), generated?.close()]);
});

// ---- the story, as the generator plans it ----

const target: YearTargetPlan = {
  id: 1,
  name: '2026年度教学质量提升目标',
  cycleYear: 2026,
  sortOrder: 1,
  chargeDepartmentId: 'D04',
  auditorId: 'shr01',
  creatorId: 'fbr01',
  description: '围绕教学质量提升分解任务',
  createdAt: t('01-02T09:00'),
};

function task(p: Partial<TaskPlan> & Pick<TaskPlan, 'id' | 'name' | 'departmentId' | 'headId' | 'stage'>): TaskPlan {
  return {
    yearTargetId: 1,
    parentId: null,
    depth: 1,
    taskType: 'C',
    ownerId: null,
    auditorId: 'shr01',
    creatorId: 'fbr01',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    cycle: null,
    weight: 0,
    mission: null,
    coop: [],
    times: { created: t('01-03T10:00') },
    refuseReason: null,
    reports: [],
    children: [],
    ...p,
  };
}

function report(
  id: number,
  periodKey: string,
  progress: number | null,
  submitterId: string,
  sent: string,
  audit?: { result: 'pass' | 'childPass' | 'reject'; at: string; reason?: string },
): ReportPlan {
  return {
    id,
    kind: periodKey === 'final' ? 'final' : 'process',
    periodKey,
    content: `${periodKey} 进展说明`,
    progress,
    submitterId,
    submittedAt: t(sent),
    audit: audit ? { result: audit.result, reason: audit.reason ?? null, auditorId: 'shr01', at: t(audit.at) } : null,
  };
}

const c1 = task({
  id: 2,
  parentId: 1,
  depth: 2,
  name: '建设10门课程思政示范课',
  taskType: 'A',
  departmentId: 'D02',
  headId: 'bmfzr01',
  ownerId: 'rwfzr01',
  creatorId: 'bmfzr01',
  startDate: '2026-02-01',
  endDate: '2026-10-31',
  weight: 20,
  stage: 'passed',
  times: { created: t('01-05T10:00'), defined: t('01-07T10:00'), passed: t('01-08T10:00') },
  reports: [
    report(1, '2026-02', 20, 'rwfzr01', '02-26T10:00', { result: 'pass', at: '02-27T10:00' }),
    report(2, '2026-03', 35, 'rwfzr01', '03-28T10:00', {
      result: 'reject',
      at: '03-30T10:00',
      reason: '佐证材料不完整，请补充',
    }),
    report(3, '2026-03', 40, 'rwfzr01', '04-01T10:00', { result: 'pass', at: '04-02T10:00' }),
  ],
  // Overdue since November: the publisher urges 教务处 about it.
  urge: { id: 1, urgerId: 'fbr01', content: '请尽快完成并报送结果', at: t('11-19T09:00'), accepted: null },
});
const c2 = task({
  id: 3,
  parentId: 1,
  depth: 2,
  name: '修订专业人才培养方案',
  departmentId: 'D02',
  headId: 'bmfzr01',
  ownerId: 'rwfzr01',
  creatorId: 'bmfzr01',
  startDate: '2026-03-01',
  endDate: '2026-12-20',
  weight: 0,
  stage: 'passed',
  times: { created: t('01-05T11:00'), defined: t('01-07T11:00'), passed: t('01-08T11:00') },
  reports: [
    report(4, '2026-03', 10, 'rwfzr01', '03-29T10:00', { result: 'childPass', at: '03-31T10:00' }),
    report(5, '2026-04', 15, 'rwfzr01', '04-28T10:00'),
  ],
  // A delay refused in June, and another one waiting for the auditor.
  delays: [
    {
      id: 1,
      newEndDate: '2027-01-20',
      reason: '专家论证推迟',
      requestedAt: t('06-15T10:00'),
      audit: { result: 'reject', reason: '理由不充分', at: t('06-17T10:00') },
    },
    { id: 2, newEndDate: '2027-01-31', reason: '需等待学校审批', requestedAt: t('11-18T10:00'), audit: null },
  ],
});
const root1 = task({
  id: 1,
  name: '课程思政与专业建设',
  taskType: 'A',
  departmentId: 'D02',
  headId: 'bmfzr01',
  weight: 30,
  mission: '全年完成课程思政示范课建设与专业方案修订',
  coop: ['D03'],
  stage: 'resolved',
  times: {
    created: t('01-03T10:00'),
    pushed: t('01-03T11:00'),
    accepted: t('01-04T10:00'),
    resolved: t('01-06T10:00'),
  },
  children: [c1, c2],
});
const c3 = task({
  id: 5,
  parentId: 4,
  depth: 2,
  name: '开展学生满意度调查',
  departmentId: 'D03',
  headId: 'bmfzr03',
  ownerId: 'rwfzr02',
  creatorId: 'bmfzr03',
  startDate: '2026-02-01',
  // Reported per term: the spring term of 2025-2026, then the autumn term of 2026-2027 (clipped to the task's end).
  cycle: { typeCode: 'term', values: ['2025-2026学年第二学期', '2026-2027学年第一学期'] },
  weight: 50,
  stage: 'passed',
  times: { created: t('01-05T12:00'), defined: t('01-07T12:00'), passed: t('01-08T12:00') },
  reports: [
    report(6, '2025-2026-2', 50, 'rwfzr02', '02-25T10:00', { result: 'pass', at: '02-26T10:00' }),
    report(7, 'final', 100, 'rwfzr02', '10-10T10:00', { result: 'pass', at: '10-12T10:00' }),
  ],
  // Finished: its owner generates the task report, rates it A and submits it; the auditor passes it.
  taskReport: {
    id: 1,
    stage: 'pass',
    level: 'A',
    generatedAt: t('10-21T10:00'),
    submittedAt: t('10-21T11:00'),
    auditedAt: t('10-22T10:00'),
  },
});
const root2 = task({
  id: 4,
  name: '学生满意度提升',
  departmentId: 'D03',
  headId: 'bmfzr03',
  startDate: '2026-01-10',
  weight: 10,
  stage: 'resolved',
  times: {
    created: t('01-03T12:00'),
    pushed: t('01-03T13:00'),
    accepted: t('01-04T11:00'),
    resolved: t('01-06T11:00'),
  },
  children: [c3],
});
const root3 = task({
  id: 6,
  name: '制定教师培训计划',
  taskType: 'D',
  departmentId: 'D05',
  headId: 'bmfzr05',
  stage: 'created',
  times: { created: t('01-03T14:00') },
});
const root4 = task({
  id: 7,
  name: '申报科研创新平台',
  departmentId: 'D06',
  headId: 'bmfzr06',
  stage: 'pushed',
  times: { created: t('01-03T15:00'), pushed: t('01-03T16:00') },
});
const root5 = task({
  id: 8,
  name: '教学诊改平台上线',
  taskType: 'B',
  departmentId: 'D02',
  headId: 'bmfzr01',
  ownerId: 'rwfzr01',
  stage: 'refused' as Stage,
  refuseReason: '考核指标缺失，请补充',
  times: {
    created: t('01-03T17:00'),
    pushed: t('01-03T18:00'),
    accepted: t('01-04T12:00'),
    resolved: t('01-06T12:00'),
    defined: t('01-07T13:00'),
    refused: t('01-08T13:00'),
  },
});
const roots = [root1, root2, root3, root4, root5];

// ---- the same story through the API ----

async function playThroughServices(s: TestServer) {
  const at = (iso: Date) => s.app.clock.set(iso);
  const login = (id: string) => s.login(id);
  const post = async (me: TestSession, url: string, payload: object) => {
    const res = await me.request({ method: 'POST', url: `${W}${url}`, payload });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json().data;
  };
  const [term] = await s.database.db.select().from(cycleTypes).where(eq(cycleTypes.code, 'term'));
  const termValues = await s.database.db
    .select()
    .from(cycleValues)
    .where(and(eq(cycleValues.cycleTypeId, term!.id), inArray(cycleValues.value, c3.cycle!.values)));
  const fbr = await login('fbr01');
  const heads: Record<string, TestSession> = {};
  const head = async (id: string) => {
    heads[id] ??= await login(id);
    return heads[id]!;
  };
  const owner = await login('rwfzr01');
  const owner2 = await login('rwfzr02');
  const auditor = await login('shr01');

  at(target.createdAt);
  const yt = await post(fbr, '/yearTarget/insert', {
    name: target.name,
    cycleYear: 2026,
    chargeDepartId: 'D04',
    auditorId: 'shr01',
    description: target.description,
  });
  const insertRoot = (r: TaskPlan, extra: object = {}) =>
    post(fbr, '/targetTask/insert', {
      yearTargetId: yt.id,
      rwmc: r.name,
      rwlx: r.taskType,
      departmentId: r.departmentId,
      kssj: r.startDate,
      jssj: r.endDate,
      weight: r.weight,
      ...extra,
    });
  const insertChild = async (c: TaskPlan, parentId: number, extra: object = {}) =>
    post(await head(c.headId), '/targetTask/insert', {
      yearTargetId: yt.id,
      parentId,
      rwmc: c.name,
      rwlx: c.taskType,
      ownerId: c.ownerId,
      kssj: c.startDate,
      jssj: c.endDate,
      weight: c.weight,
      ...extra,
    });

  const r1 = await insertRoot(root1, { mission: root1.mission, coopDepartmentIds: root1.coop });
  await post(fbr, `/targetTask/${r1.id}/push`, { version: 1 });
  await post(await head('bmfzr01'), `/targetTask/${r1.id}/accept`, { version: 2 });
  const k1 = await insertChild(c1, r1.id);
  const k2 = await insertChild(c2, r1.id);
  await post(await head('bmfzr01'), `/targetTask/${r1.id}/resolve`, { version: 3 });
  for (const k of [k1, k2]) {
    await post(owner, `/targetTaskAudit/${k.id}/submit`, { version: 1 });
    await post(auditor, `/targetTaskAudit/${k.id}/pass`, { version: 2 });
  }
  const r2 = await insertRoot(root2);
  await post(fbr, `/targetTask/${r2.id}/push`, { version: 1 });
  await post(await head('bmfzr03'), `/targetTask/${r2.id}/accept`, { version: 2 });
  const k3 = await insertChild(c3, r2.id, { cycleTypeId: term!.id, cycleValueIds: termValues.map((v) => v.id) });
  await post(await head('bmfzr03'), `/targetTask/${r2.id}/resolve`, { version: 3 });
  await post(owner2, `/targetTaskAudit/${k3.id}/submit`, { version: 1 });
  await post(auditor, `/targetTaskAudit/${k3.id}/pass`, { version: 2 });
  await insertRoot(root3);
  const r4 = await insertRoot(root4);
  await post(fbr, `/targetTask/${r4.id}/push`, { version: 1 });
  const r5 = await insertRoot(root5);
  await post(fbr, `/targetTask/${r5.id}/push`, { version: 1 });
  await post(await head('bmfzr01'), `/targetTask/${r5.id}/accept`, { version: 2 });
  await post(await head('bmfzr01'), `/targetTask/${r5.id}/resolve`, { version: 3, ownerId: 'rwfzr01' });
  await post(owner, `/targetTaskAudit/${r5.id}/submit`, { version: 4 });
  await post(auditor, `/targetTaskAudit/${r5.id}/refuse`, { version: 5, reason: root5.refuseReason });

  // Reports in time order, with the clock moved to each moment.
  const ids = new Map<TaskPlan, number>([
    [c1, k1.id],
    [c2, k2.id],
    [c3, k3.id],
  ]);
  const events = [c1, c2, c3].flatMap((k) =>
    k.reports.flatMap((r) => [
      { when: r.submittedAt, k, r, kind: 'submit' as const },
      ...(r.audit ? [{ when: r.audit.at, k, r, kind: 'audit' as const }] : []),
    ]),
  );
  // The warning job runs hourly on a real server; here a few times a year, and once inside c1's last 15 days.
  const jobs = ['02-10', '03-10', '04-10', '05-10', '06-10', '07-10', '08-10', '09-10', '10-10', '10-20', '11-10'];
  // Delays, the urge and the task report, at their moments.
  const acts: { when: Date; kind: 'act'; run: () => Promise<void> }[] = [];
  const act = (when: Date, run: () => Promise<unknown>) =>
    acts.push({ when, kind: 'act', run: async () => void (await run()) });
  for (const d of c2.delays!) {
    act(d.requestedAt, () =>
      post(owner, '/delayAuditing/insert', { taskId: k2.id, newEndDate: d.newEndDate, reason: d.reason }),
    );
    const a = d.audit;
    if (a) act(a.at, () => post(auditor, '/delayAuditing/audit', { id: d.id, pass: false, reason: a.reason }));
  }
  act(c1.urge!.at, () => post(fbr, '/warningUrge/addUrge', { taskId: k1.id, content: c1.urge!.content }));
  const tr = c3.taskReport!;
  act(tr.generatedAt, async () => {
    const made = await post(owner2, '/targetReport/generateReport', { taskId: k3.id });
    await post(owner2, '/targetReport/updateLevelSelf', { id: made.id, version: 1, zpdj: tr.level });
  });
  act(tr.submittedAt!, () => post(owner2, '/targetReport/submitAudit', { id: tr.id, version: 2 }));
  act(tr.auditedAt!, () => post(auditor, '/targetReport/audit', { id: tr.id, version: 3, result: 'pass' }));
  const timeline: ({ when: Date; kind: 'job' } | (typeof events)[number] | (typeof acts)[number])[] = [
    ...events,
    ...acts,
    ...jobs.map((d) => ({ when: t(`${d}T08:00`), kind: 'job' as const })),
  ];
  timeline.sort((a, b) => a.when.getTime() - b.when.getTime());
  const reportIds = new Map<ReportPlan, number>();
  for (const e of timeline) {
    at(e.when);
    if (e.kind === 'job') {
      await evaluateWarnings(s.database.db, s.app.clock);
    } else if (e.kind === 'act') {
      await e.run();
    } else if (e.kind === 'submit') {
      const me = e.r.submitterId === 'rwfzr01' ? owner : owner2;
      const made = await post(me, '/targetTaskSituation/insert', {
        taskId: ids.get(e.k),
        periodKey: e.r.periodKey,
        kind: e.r.kind,
        content: e.r.content,
        progress: e.r.progress ?? undefined,
      });
      reportIds.set(e.r, made.id);
    } else {
      await post(auditor, '/targetTaskSituation/auditTargetTask', {
        id: reportIds.get(e.r),
        version: 1,
        result: e.r.audit!.result,
        reason: e.r.audit!.reason ?? undefined,
      });
    }
  }
  at(new Date(NOW));
  await evaluateWarnings(s.database.db, s.app.clock);
}

async function generateStory(s: TestServer) {
  s.app.clock.set(new Date(NOW));
  const refs = await loadRefs(s.database.db, TODAY, new Date(NOW));
  await writeYearTarget(s.database.db, simulate(target, roots, refs));
  await resetSequences(s.database.db);
}

// ---- comparing ----

const TIME_KEYS = /(Time|At|_at|^at|cjsj|gxsj)$/;

/** Names for ids, so two databases with different ids compare equal. */
async function namesOf(s: TestServer) {
  const q = async <T>(text: string) => (await s.database.db.execute(sql.raw(text))) as unknown as { rows: T[] };
  const tasks = new Map(
    (await q<{ id: number; name: string }>('select id, name from target_tasks')).rows.map((r) => [
      Number(r.id),
      `task:${r.name}`,
    ]),
  );
  const reports = new Map(
    (
      await q<{ id: number; task_id: number; content: string }>('select id, task_id, content from task_reports')
    ).rows.map((r) => [Number(r.id), `report:${tasks.get(Number(r.task_id))}:${r.content}`]),
  );
  const targets = new Map(
    (await q<{ id: number; name: string }>('select id, name from year_targets')).rows.map((r) => [
      Number(r.id),
      `target:${r.name}`,
    ]),
  );
  return { tasks, reports, targets };
}
type Names = Awaited<ReturnType<typeof namesOf>>;

function normalise(value: unknown, n: Names, key = '', owner: Record<string, unknown> = {}): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, n, key, owner));
  if (value instanceof Date) return '<time>';
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const mapKeys = key === 'processMap' || key === 'delayMap';
    for (const [k, v] of Object.entries(obj)) {
      const nk = mapKeys ? (n.tasks.get(Number(k)) ?? k) : k;
      out[nk] = normalise(v, n, k, obj);
    }
    return out;
  }
  if (TIME_KEYS.test(key) && value !== null) return '<time>';
  if (typeof value !== 'number' && !(typeof value === 'string' && /^\d+$/.test(value))) return value;
  const id = Number(value);
  const isTask = 'rwmc' in owner || 'parent_id' in owner || 'yjlxmc' in owner;
  if (key === 'id' && ('rwmc' in owner || 'parent_id' in owner)) return n.tasks.get(id) ?? value;
  if (key === 'id' && ('periodKey' in owner || 'period_key' in owner)) return n.reports.get(id) ?? value;
  if (key === 'id' && ('cycleYear' in owner || 'cycle_year' in owner)) return n.targets.get(id) ?? value;
  if (key === 'id' && isTask) return '<id>';
  if (['parentId', 'parent_id', 'taskId', 'task_id'].includes(key)) return n.tasks.get(id) ?? value;
  if (['yearTargetId', 'year_target_id'].includes(key)) return n.targets.get(id) ?? value;
  // A performance row's reportId is its task report (target_reports), not a progress report: the same id on both.
  if (key === 'reportId' && 'zpdj' in owner) return value;
  if (['reportId', 'reportIdList'].includes(key)) return n.reports.get(id) ?? value;
  if (key === 'entity_id' && owner.entity_type === 'targetTask') return n.tasks.get(id) ?? value;
  if (key === 'entity_id' && owner.entity_type === 'yearTarget') return n.targets.get(id) ?? value;
  return value;
}

const sortKey = (v: unknown) => JSON.stringify(v);
const sorted = (rows: unknown[]) => [...rows].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));

async function rowsOf(s: TestServer, n: Names) {
  const q = async (text: string) =>
    ((await s.database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
  const drop = (rows: Record<string, unknown>[], ...keys: string[]) =>
    rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))));
  return {
    yearTargets: sorted(normalise(drop(await q('select * from year_targets'), 'version'), n) as unknown[]),
    tasks: sorted(normalise(await q('select * from target_tasks'), n) as unknown[]),
    coop: sorted(normalise(await q('select * from task_coop_departments'), n) as unknown[]),
    reports: sorted(normalise(await q('select * from task_reports'), n) as unknown[]),
    warnings: sorted(normalise(drop(await q('select * from task_warnings'), 'id'), n) as unknown[]),
    audits: sorted(
      normalise(
        drop(
          await q(`select * from audit_log where entity_type in ('targetTask', 'yearTarget', 'targetReport', 'urge')`),
          'id',
          'request_id',
        ),
        n,
      ) as unknown[],
    ),
    delays: sorted(normalise(await q('select * from delay_requests'), n) as unknown[]),
    urges: sorted(normalise(await q('select * from urges'), n) as unknown[]),
    targetReports: sorted(normalise(await q('select * from target_reports'), n) as unknown[]),
  };
}

/** What each user sees of the story through the API. */
async function viewsOf(s: TestServer, n: Names) {
  const out: Record<string, unknown> = {};
  const taskIds = [...n.tasks.keys()].sort((a, b) => n.tasks.get(a)!.localeCompare(n.tasks.get(b)!));
  const [ytId] = [...n.targets.keys()];
  for (const user of ['fbr01', 'bmfzr01', 'bmfzr03', 'rwfzr01', 'rwfzr02', 'shr01', 'xld01']) {
    const me = await s.login(user);
    const get = async (url: string) => {
      const res = await me.request({ method: 'GET', url: url.startsWith('/api/') ? url : `${W}${url}` });
      return { status: res.statusCode, body: normalise(res.json(), n) };
    };
    out[`${user} tree`] = await get(`/targetTask/tree?yearTargetId=${ytId}`);
    for (const kind of ['yearTask', 'departmentTask', 'myTask', 'reviewTask', 'warningTask', 'departmentCoopTask']) {
      out[`${user} ${kind}`] = await get(`/targetTask/selectPage?kind=${kind}&year=2026&size=50`);
    }
    out[`${user} targets`] = await get('/yearTarget/selectPage?year=2026');
    out[`${user} urges received`] = await get('/yearTargetUrge/list?mine=true');
    out[`${user} urges pending`] = await get('/yearTargetUrge/pending');
    out[`${user} delays to audit`] = await get('/delayAuditing/selectPage?status=all');
    out[`${user} task reports`] = await get('/targetReport/getReportPage?kind=all');
    out[`${user} performance`] = await get('/api/herm-zdgj/performance/report/selectPage?year=2026');
    for (const scope of [
      'Task/getWarningCountList',
      'Task/getPersonalWarningCountList',
      'Task/getDepartmentWarningCountList',
    ]) {
      out[`${user} ${scope}`] = await get(`/${scope}`);
    }
    for (const a of ['taskStatusAnalysis', 'departmentTaskFinishRate', 'finishRankRate']) {
      for (const scope of ['mySummaryAnalysis', 'departmentSummaryAnalysis', 'globalSummaryAnalysis']) {
        out[`${user} ${a} ${scope}`] = await get(`/targetTaskSummaryAnalysis/${a}?scope=${scope}&year=2026`);
      }
    }
    for (const id of taskIds) {
      const name = n.tasks.get(id);
      out[`${user} ${name} detail`] = await get(`/targetTask/${id}`);
      out[`${user} ${name} periods`] = await get(`/targetTaskSituation/periods?taskId=${id}`);
      out[`${user} ${name} reports`] = await get(`/targetTaskSituation/list?taskId=${id}`);
      out[`${user} ${name} warnings`] = await get(`/targetTaskDetail/getDetailWarning?taskId=${id}`);
      out[`${user} ${name} delays`] = await get(`/delayAuditing/select?taskId=${id}`);
      out[`${user} ${name} task report`] = await get(`/targetReport/getReportByTask?taskId=${id}`);
    }
  }
  return out;
}

describe('generated rows are read by the services as rows they wrote', () => {
  it('a story played through the API and the same story generated leave the same rows and answers', async () => {
    await Promise.all([playThroughServices(viaServices), generateStory(generated)]);
    const [n1, n2] = await Promise.all([namesOf(viaServices), namesOf(generated)]);
    expect([...n2.tasks.values()].sort()).toEqual([...n1.tasks.values()].sort());
    expect([...n2.reports.values()].sort()).toEqual([...n1.reports.values()].sort());

    const [rows1, rows2] = await Promise.all([rowsOf(viaServices, n1), rowsOf(generated, n2)]);
    expect(rows1.tasks.length).toBe(8);
    expect(rows1.warnings.length).toBeGreaterThan(10);
    expect([rows1.delays.length, rows1.urges.length, rows1.targetReports.length]).toEqual([2, 1, 1]);
    for (const table of Object.keys(rows1) as (keyof typeof rows1)[]) {
      expect(rows2[table], table).toEqual(rows1[table]);
    }

    viaServices.app.clock.set(new Date(NOW));
    const [views1, views2] = await Promise.all([viewsOf(viaServices, n1), viewsOf(generated, n2)]);
    expect(Object.keys(views2)).toEqual(Object.keys(views1));
    for (const k of Object.keys(views1)) expect(views2[k], k).toEqual(views1[k]);

    // The warning job finds nothing to change in what the generator wrote.
    expect(await evaluateWarnings(generated.database.db, generated.app.clock)).toEqual({
      raised: 0,
      closed: 0,
      overdue: 0,
    });
  }, 120_000); // two whole-year stories through the services: slow on a loaded machine

  it('a generated scale is consistent: the warning job changes nothing and every role reads and writes it', async () => {
    const s = await startTestServer();
    try {
      s.app.clock.set(new Date(NOW));
      const fixtures = await generate(s.database.db, SCALES.tiny, { today: TODAY, now: new Date(NOW) });
      expect(fixtures.counts.tasks).toBe(SCALES.tiny.tasksPerYear * SCALES.tiny.years);
      expect(fixtures.counts.reports).toBe(SCALES.tiny.reports);
      const depth = (await s.database.db.execute(sql`select max(depth) as d from target_tasks`)) as unknown as {
        rows: { d: number }[];
      };
      expect(Number(depth.rows[0]!.d)).toBeGreaterThanOrEqual(3);
      expect(await evaluateWarnings(s.database.db, s.app.clock)).toEqual({ raised: 0, closed: 0, overdue: 0 });

      const fbr = await s.login('fbr01');
      const list = (await fbr.request({ method: 'GET', url: `${W}/targetTask/selectPage?year=2026&size=20` })).json();
      expect(list.data.records).toHaveLength(20);
      for (const id of fixtures.detailIds.slice(0, 10)) {
        expect((await fbr.request({ method: 'GET', url: `${W}/targetTask/${id}` })).statusCode).toBe(200);
      }
      const edit = fixtures.editableTasks[0]!;
      const updated = await fbr.request({
        method: 'POST',
        url: `${W}/targetTask/update`,
        payload: { ...edit.input, id: edit.id, version: edit.version, rwmc: '改过的名称' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const slot = fixtures.reportSlots[0]!;
      const owner = await s.login(slot.ownerId, 'Demo@2026');
      const sent = await owner.request({
        method: 'POST',
        url: `${W}/targetTaskSituation/insert`,
        payload: { taskId: slot.taskId, periodKey: slot.periodKey, kind: 'process', content: '本月进展' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const auditor = await s.login(slot.auditorId, 'Demo@2026');
      const answered = await auditor.request({
        method: 'POST',
        url: `${W}/targetTaskSituation/auditTargetTask`,
        payload: { id: sent.json().data.id, version: 1, result: 'reject', reason: '请补充材料' },
      });
      expect(answered.statusCode, answered.body).toBe(200);
    } finally {
      await s.close();
    }
  }, 120_000);
});
