import { CASE_STEPS, type CaseStep } from '@zg/contract';
import type { Db } from '../db/client';
import { enterDiagnosisResults, listObjectTasks, objectTaskRows, recordRowHistory } from '../modules/diagnosis';
import {
  caseOfRow,
  disposeWarning,
  evaluateComputedRows,
  evaluateCycles,
  stepCase,
  warnList,
} from '../modules/quality-warning';
import type { Actor } from '../platform/access';
import { Clock } from '../platform/clock';
import { DEMO_USERS } from './demo';
import { actorOf, DEMO_DIAGNOSIS_MAJOR } from './diagnosis';

/**
 * The demo's 质量预警 and 改进案例 (issue 32 item 8), played through the modules' services on the demo diagnosis task
 * with a clock of its own, dated back from `now`: the manual points' results entered (each entry evaluated as a
 * computation is), warnings disposed, cases moved along the spiral and closed by a later entry that meets the rule,
 * the hourly cycle's evaluation (逾期预警), and a computed point's sampled history whose projection breaches its rule
 * (预测预警). zyfzr01 (软件技术) finds one warning closed with its case, one overdue, one open to dispose and a
 * forecast; four other majors' heads have cases at 组织, 激励, 学习 and one closed at 改进. Deterministic: no random
 * draw, every instant a fixed offset from `now` (never before the task's start).
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ROW = {
  plan: '专业建设规划经论证并发布',
  scheme: '人才培养方案按年修订',
  grade: '专业评估等级',
  employment: '初次就业率',
} as const;

const CAUSES: Record<string, [string, string]> = {
  [ROW.plan]: [
    '专业建设规划修订稿未按期提交专业建设委员会论证，论证会议推迟。',
    '本月内召开专业建设委员会论证会，形成论证意见后报学校发布；教研室主任督办。',
  ],
  [ROW.scheme]: [
    '新版人才培养方案对接行业标准的修订工作滞后，企业专家意见尚未收齐。',
    '两周内完成企业调研与专家意见汇总，提交学院教学工作委员会审定。',
  ],
  [ROW.grade]: [
    '专业评估中实训条件与师资结构两项指标未达合格要求。',
    '申请实训室改造经费，引进企业兼职教师两名，下学期初组织自评复核。',
  ],
};

const STEP_NOTES: Record<CaseStep, string> = {
  target: '',
  standard: '对照专业建设标准确认差距',
  design: '制定整改方案并明确责任人',
  organize: '成立整改小组，分解任务到教研室',
  implement: '按方案推进整改，每周汇报进度',
  diagnose: '整改中期自我诊断，对照目标复核',
  motivate: '将整改成效纳入教研室考核',
  learn: '组织教师学习兄弟院校经验',
  innovate: '试行校企共建的专业论证机制',
  improve: '形成制度固化整改成果',
};

export async function seedDemoQualityWarnings(db: Db, taskId: number | null, taskStart: string, now: Date) {
  if (taskId === null) return;
  const clock = new Clock();
  const publisher = actorOf('zgfb01');
  const { list } = await listObjectTasks(db, publisher, { taskId, pageNum: 1, pageSize: 5000 });
  const start = new Date(`${taskStart}T08:00:00`).getTime();
  const at = (ms: number) => new Date(Math.min(now.getTime(), Math.max(start, ms)));
  const ago = (days: number, hours = 0) => at(now.getTime() - days * DAY - hours * HOUR);

  const known = new Set(DEMO_USERS.map((u) => u.id));
  const objects = list
    .filter((o) => o.fzr && known.has(o.fzr.id))
    .sort((a, b) => String(a.dxbm).localeCompare(String(b.dxbm)));
  const mine = objects.find((o) => o.dxbm === DEMO_DIAGNOSIS_MAJOR);
  if (!mine) return;
  const others = objects.filter((o) => o.dxbm !== DEMO_DIAGNOSIS_MAJOR).slice(0, 4);

  const rowsOf = async (dxrwid: number, actor: Actor) =>
    new Map((await objectTaskRows(db, actor, { dxrwid })).list.map((r) => [r.zkdmc, r.id]));

  /** The charger enters a manual result at `t`; evaluated as the result route's ROW_COMPUTED would. */
  const enter = async (actor: Actor, dxrwid: number, rowId: number, jgz: string, t: Date) => {
    clock.set(t);
    const ids = await enterDiagnosisResults(db, actor, t, { dxrwid, list: [{ id: rowId, jgz }] });
    await evaluateComputedRows(db, clock, ids);
  };
  const dispose = async (actor: Actor, rowId: number, name: string, t: Date) => {
    clock.set(t);
    const open = (await warnList(db, actor, rowId)).list.find((w) => w.zt === 'open' && !w.clr);
    const [yyfx, clcs] = CAUSES[name]!;
    if (open) await disposeWarning(db, actor, clock, { id: open.id, yyfx, clcs });
  };
  /** Moves the row's open case one step at a time up to `to`, a day apart from `from`. */
  const stepTo = async (actor: Actor, rowId: number, to: CaseStep, from: Date) => {
    clock.set(from);
    const c = await caseOfRow(db, actor, clock, rowId);
    if (c?.zt !== 'open') return;
    const last = CASE_STEPS.indexOf(to);
    for (let i = CASE_STEPS.indexOf(c.step) + 1; i <= last; i += 1) {
      clock.set(at(from.getTime() + (i - 1) * DAY * 0.8));
      const step = CASE_STEPS[i]!;
      await stepCase(db, actor, clock, { id: c.id, step, note: STEP_NOTES[step] });
    }
  };

  // ---- 软件技术 (zyfzr01) ----
  const fzr = actorOf('zyfzr01');
  const my = await rowsOf(mine.id, fzr);
  const plan = my.get(ROW.plan);
  const grade = my.get(ROW.grade);
  const scheme = my.get(ROW.scheme);
  const employment = my.get(ROW.employment);
  // Closed by a recomputation: raised, disposed, worked on up to 实施, then met by a later entry.
  if (plan) {
    await enter(fzr, mine.id, plan, '0', ago(24));
    await dispose(fzr, plan, ROW.plan, ago(23));
    await stepTo(fzr, plan, 'implement', ago(22));
    await enter(fzr, mine.id, plan, '1', ago(12));
  }
  // Overdue: raised before this month's cycle began and left undisposed; the cycle's evaluation raises 逾期预警.
  if (grade) {
    const monthStart = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
    await enter(fzr, mine.id, grade, '不合格', at(monthStart - 2 * DAY + 10 * HOUR));
  }
  clock.set(now);
  await evaluateCycles(db, clock);
  // Open and undisposed: the one zyfzr01 disposes first (the e2e's demo story).
  if (scheme) await enter(fzr, mine.id, scheme, '0', ago(1, 2));
  // A forecast: the employment rate sampled falling towards 90 (< 90 warns); Holt's projection breaches it.
  if (employment) {
    const points = ['98', '95', '92.5', '90.6'].map((value, i) => ({ value, at: ago(4 - i, 3) }));
    await recordRowHistory(db, employment, points);
    clock.set(points.at(-1)!.at);
    await evaluateComputedRows(db, clock, [employment]);
  }

  // ---- four other majors: cases at several steps of the spiral, one closed at 改进 ----
  const plays: { name: string; bad: string; raised: number; step: CaseStep; closeAfter?: number }[] = [
    { name: ROW.scheme, bad: '0', raised: 30, step: 'organize' },
    { name: ROW.grade, bad: '不合格', raised: 20, step: 'motivate' },
    { name: ROW.plan, bad: '0', raised: 40, step: 'learn' },
    { name: ROW.scheme, bad: '0', raised: 18, step: 'improve', closeAfter: 6 },
  ];
  for (const [i, o] of others.entries()) {
    const play = plays[i]!;
    const head = actorOf(o.fzr!.id);
    const rowId = (await rowsOf(o.id, head)).get(play.name);
    if (!rowId) continue;
    await enter(head, o.id, rowId, play.bad, ago(play.raised));
    await dispose(head, rowId, play.name, ago(play.raised - 1));
    await stepTo(head, rowId, play.step, ago(play.raised - 2));
    if (play.closeAfter !== undefined)
      await enter(head, o.id, rowId, play.name === ROW.grade ? '合格' : '1', ago(play.closeAfter));
  }
}
