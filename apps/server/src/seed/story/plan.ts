import { ROLE } from '@zg/contract';
import { addDays } from '../../modules/target-task/periods.rules';
import { ADMIN_USER, DEMO_DEPARTMENTS, DEMO_USERS } from '../demo';
import {
  type DepartmentPlan,
  periodsOfPlan,
  type ReportPlan,
  type Stage,
  type TaskPlan,
  type UserPlan,
  type YearTargetPlan,
} from './model';
import {
  DEPARTMENT_FIELDS,
  DEPARTMENT_KINDS,
  GIVEN,
  REFUSE_REASONS,
  REJECT_REASONS,
  REPORT_PHRASES,
  SURNAMES,
  TASK_OBJECTS,
  TASK_VERBS,
  YEAR_TARGET_THEMES,
} from './names';
import { Random } from './random';
import type { Scale } from './scale';
import { localDate } from './simulate';

export interface Plan {
  /** Departments and users added to the demo ones. */
  departments: DepartmentPlan[];
  users: UserPlan[];
  yearTargets: { target: YearTargetPlan; roots: TaskPlan[] }[];
  years: number[];
  taskCount: number;
  reportCount: number;
}

export interface PlanOptions {
  seed: number;
  /** The server clock's day (YYYY-MM-DD) and instant the data is generated for. */
  today: string;
  now: Date;
  /** The first free id of each serial table (delays, urges and task reports: 1 when not given). */
  firstIds: { yearTarget: number; task: number; report: number; delay?: number; urge?: number; taskReport?: number };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const at = (day: string, hour = 10, minute = 0) => new Date(`${day}T${pad(hour, 2)}:${pad(minute, 2)}:00`);
const later = (d: Date, days: number, rnd: Random) =>
  new Date(d.getTime() + days * 86_400_000 + rnd.int(0, 6 * 3600) * 1000);

interface Org {
  departments: { id: string; headId: string; owners: string[] }[];
  auditors: string[];
  publishers: string[];
}

/** Departments and users: the demo ones first, then generated ones up to the scale's counts. */
export function planOrganisation(
  scale: Scale,
  rnd: Random,
): { departments: DepartmentPlan[]; users: UserPlan[]; org: Org } {
  const departments: DepartmentPlan[] = [];
  const users: UserPlan[] = [];
  const demoUsers = [...DEMO_USERS, ADMIN_USER];
  const org: Org = {
    departments: DEMO_DEPARTMENTS.map((d) => ({
      id: d.id,
      headId: d.head,
      owners: DEMO_USERS.filter((u) => u.departmentId === d.id && u.roles.includes(ROLE.targetTaskOwner)).map(
        (u) => u.id,
      ),
    })),
    auditors: DEMO_USERS.filter((u) => u.roles.includes(ROLE.targetDepartAuditor)).map((u) => u.id),
    publishers: DEMO_USERS.filter((u) => u.roles.includes(ROLE.targetPublisher)).map((u) => u.id),
  };
  let userNo = 0;
  const person = (departmentId: string, userTypeId: string, roles: string[]): UserPlan => {
    userNo += 1;
    const u: UserPlan = {
      id: `T${pad(userNo, 6)}`,
      name: `${rnd.pick(SURNAMES)}${rnd.pick(GIVEN)}`,
      sex: rnd.chance(0.5) ? 1 : 2,
      departmentId,
      userTypeId,
      roles,
    };
    users.push(u);
    return u;
  };

  const extraDepartments = Math.max(0, scale.departments - DEMO_DEPARTMENTS.length);
  for (let i = 0; i < extraDepartments; i++) {
    const field = DEPARTMENT_FIELDS[i % DEPARTMENT_FIELDS.length]!;
    const kind = DEPARTMENT_KINDS[Math.floor(i / DEPARTMENT_FIELDS.length) % DEPARTMENT_KINDS.length]!;
    const round = Math.floor(i / (DEPARTMENT_FIELDS.length * DEPARTMENT_KINDS.length));
    const id = `G${pad(i + 1, 4)}`;
    const head = person(id, 'manager', [ROLE.targetDepartHead]);
    departments.push({
      id,
      name: `${field}${kind.name}${round ? `（${round + 1}）` : ''}`,
      shortNameZh: `${field}${kind.short}${round ? round + 1 : ''}`.slice(0, 30),
      shortNameEn: `${kind.en}${pad(i + 1, 4)}`,
      headId: head.id,
      sortOrder: DEMO_DEPARTMENTS.length + i + 1,
    });
    org.departments.push({ id, headId: head.id, owners: [] });
  }
  const remaining = () => scale.users - demoUsers.length - users.length;
  const auditorCount = Math.max(1, Math.ceil(org.departments.length / 4));
  for (let i = 0; i < auditorCount && remaining() > 0; i++) {
    const d = org.departments[i % org.departments.length]!;
    org.auditors.push(person(d.id, 'manager', [ROLE.targetDepartAuditor]).id);
  }
  for (let i = 0; i < 2 && remaining() > 0; i++) {
    org.publishers.push(person(DEMO_DEPARTMENTS[3]!.id, 'manager', [ROLE.targetPublisher]).id);
  }
  for (let i = 0; i < 2 && remaining() > 0; i++) person(DEMO_DEPARTMENTS[0]!.id, 'leader', [ROLE.schoolLeader]);
  for (let i = 0; remaining() > 0; i++) {
    const d = org.departments[i % org.departments.length]!;
    d.owners.push(person(d.id, 'staff', [ROLE.targetTaskOwner, ROLE.diagnosisObject]).id);
  }
  for (const d of org.departments) if (d.owners.length === 0) d.owners.push(d.headId);
  return { departments, users, org };
}

/** Everything a scale generates, before the simulation derives statuses, progress, warnings and audit rows. */
export function planData(scale: Scale, opts: PlanOptions): Plan {
  const rnd = new Random(opts.seed);
  const { departments, users, org } = planOrganisation(scale, rnd.fork('org'));
  const currentYear = Number(opts.today.slice(0, 4));
  const years = Array.from({ length: scale.years }, (_, i) => currentYear - scale.years + 1 + i);
  const ids = { ...opts.firstIds };
  const nowMs = opts.now.getTime();
  const yearTargets: Plan['yearTargets'] = [];
  const allTasks: TaskPlan[] = [];

  for (const year of years) {
    const yr = rnd.fork(`year-${year}`);
    const perYear = Math.max(2, Math.round(scale.tasksPerYear / 200));
    const targets = Array.from({ length: perYear }, (_, i) => {
      const created = at(`${year}-01-${pad(2 + (i % 9), 2)}`, 9, i % 60);
      const target: YearTargetPlan = {
        id: ids.yearTarget++,
        name: `${year}年度${YEAR_TARGET_THEMES[i % YEAR_TARGET_THEMES.length]}目标${i >= YEAR_TARGET_THEMES.length ? `（${Math.floor(i / YEAR_TARGET_THEMES.length) + 1}）` : ''}`,
        cycleYear: year,
        // Created in index order, each new target first in its year (as insertYearTarget places it).
        sortOrder: 1 - i,
        chargeDepartmentId: yr.pick(org.departments).id,
        auditorId: yr.pick(org.auditors),
        creatorId: i % 5 === 4 && org.publishers.length > 1 ? yr.pick(org.publishers) : 'fbr01',
        description: `围绕${YEAR_TARGET_THEMES[i % YEAR_TARGET_THEMES.length]}，分解落实到各部门的年度任务。`,
        createdAt: created.getTime() > nowMs ? opts.now : created,
      };
      const entry = { target, roots: [] as TaskPlan[] };
      yearTargets.push(entry);
      return entry;
    });
    const isCurrent = year === currentYear;
    let budget = scale.tasksPerYear;
    // This year's newest target holds freshly published top-level tasks, not yet split (they take edits).
    if (isCurrent) {
      const fresh = Math.min(budget, Math.max(6, Math.round(scale.tasksPerYear * 0.04)));
      const entry = targets[targets.length - 1]!;
      for (let i = 0; i < fresh; i++) {
        const stage: Stage = i % 4 === 3 ? 'pushed' : i % 4 === 2 ? 'accepted' : 'created';
        // The focus department gets one fresh task of each stage: its head has tasks to accept and to split.
        const focus = i < 4 ? scale.focusDepartmentId : undefined;
        const t = newTask(yr, entry.target, null, org, year, ids, stage, focus);
        t.times.created = new Date(nowMs - yr.int(3, 30) * 86_400_000);
        t.times.pushed = later(t.times.created, 1, yr);
        t.times.accepted = later(t.times.pushed, 1, yr);
        clampStory(t, opts);
        entry.roots.push(t);
        allTasks.push(t);
      }
      budget -= fresh;
    }
    let treeNo = 0;
    while (budget > 0) {
      const entry = targets[treeNo % (isCurrent ? Math.max(1, targets.length - 1) : targets.length)]!;
      treeNo += 1;
      // The focus department owns each year's first tree, three deep and four wide (8 to 12 leaves): its owner has
      // leaves enough for every state.
      const focus = treeNo === 1 ? scale.focusDepartmentId : undefined;
      const depth = yr.chance(0.5) || focus ? 3 : 4;
      const root = newTask(yr, entry.target, null, org, year, ids, 'resolved', focus);
      budget -= 1;
      entry.roots.push(root);
      allTasks.push(root);
      const grow = (parent: TaskPlan) => {
        if (parent.depth >= depth || budget <= 0) return;
        const width = parent.depth === 1 ? Math.max(yr.int(2, 4), focus ? 4 : 0) : yr.int(2, 3);
        const zeroWeights = yr.chance(0.2);
        for (let i = 0; i < width && budget > 0; i++) {
          const child = newTask(yr, entry.target, parent, org, year, ids, 'created');
          if (zeroWeights) child.weight = 0;
          parent.children.push(child);
          allTasks.push(child);
          budget -= 1;
        }
        for (const c of parent.children) grow(c);
      };
      grow(root);
      if (root.children.length === 0) root.stage = 'accepted';
      settleStory(root, yr, opts, isCurrent, org);
    }
  }

  let reportCount = fitReportCount(allTasks, scale.reports, rnd.fork('reports'));
  if (scale.focusDepartmentId) {
    castFocus(allTasks, scale.focusDepartmentId, opts, rnd.fork('focus'), {
      delay: opts.firstIds.delay ?? 1,
      urge: opts.firstIds.urge ?? 1,
      taskReport: opts.firstIds.taskReport ?? 1,
    });
    reportCount = allTasks.reduce((a, t) => a + t.reports.length, 0);
  }
  let reportId = ids.report;
  for (const t of allTasks) {
    t.reports.sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime());
    for (const r of t.reports) r.id = reportId++;
  }
  return { departments, users, yearTargets, years, taskCount: allTasks.length, reportCount };
}

function taskName(rnd: Random) {
  return `${rnd.pick(TASK_VERBS)}${rnd.pick(TASK_OBJECTS)}`;
}

function newTask(
  rnd: Random,
  target: YearTargetPlan,
  parent: TaskPlan | null,
  org: Org,
  year: number,
  ids: { task: number },
  stage: Stage,
  departmentId?: string,
): TaskPlan {
  const picked = parent ? org.departments.find((d) => d.id === parent.departmentId)! : rnd.pick(org.departments);
  const dept = (departmentId && org.departments.find((d) => d.id === departmentId)) || picked;
  let startDate: string;
  let endDate: string;
  if (parent) {
    startDate = addDays(parent.startDate, rnd.int(0, 20));
    endDate = addDays(parent.endDate, -rnd.int(0, 20));
    if (endDate < addDays(startDate, 60)) endDate = parent.endDate;
  } else {
    startDate = addDays(`${year}-01-01`, rnd.int(0, 45));
    endDate = addDays(`${year}-12-31`, -rnd.int(0, 61));
  }
  const roll = rnd.next();
  const name = taskName(rnd);
  return {
    id: ids.task++,
    yearTargetId: target.id,
    parentId: parent?.id ?? null,
    depth: (parent?.depth ?? 0) + 1,
    name: parent ? `${name}（${parent.depth + 1}级）` : name,
    taskType: roll < 0.15 ? 'A' : roll < 0.4 ? 'B' : roll < 0.75 ? 'C' : 'D',
    departmentId: dept.id,
    headId: dept.headId,
    ownerId: null,
    auditorId: parent?.auditorId ?? target.auditorId,
    creatorId: parent ? parent.headId : target.creatorId,
    startDate,
    endDate,
    cycle: rnd.chance(0.4) ? { typeCode: 'year', values: [String(year)] } : null,
    weight: rnd.int(10, 40),
    mission: rnd.chance(0.3) ? `围绕${rnd.pick(TASK_OBJECTS)}，${rnd.pick(REPORT_PHRASES)}` : null,
    coop:
      !parent && rnd.chance(0.1)
        ? [rnd.pick(org.departments).id, rnd.pick(org.departments).id].filter(
            (d, i, a) => d !== dept.id && a.indexOf(d) === i,
          )
        : [],
    stage,
    times: { created: target.createdAt },
    refuseReason: null,
    reports: [],
    children: [],
  };
}

/**
 * Times for a whole tree: the publisher creates and pushes the top task, the head accepts it, adds children and
 * resolves; owners define leaves and auditors pass them; then owners report each month and auditors answer.
 */
function settleStory(root: TaskPlan, rnd: Random, opts: PlanOptions, isCurrent: boolean, org: Org) {
  const created = later(root.times.created, rnd.int(0, 6), rnd);
  root.times.created = created;
  root.times.pushed = later(created, rnd.int(1, 3), rnd);
  root.times.accepted = later(root.times.pushed, rnd.int(1, 3), rnd);
  const place = (node: TaskPlan, from: Date) => {
    let last = from;
    for (const c of node.children) {
      c.times.created = later(from, rnd.int(1, 4), rnd);
      if (c.times.created > last) last = c.times.created;
    }
    node.times.resolved = later(last, 1, rnd);
    for (const c of node.children) {
      if (c.children.length) {
        c.stage = 'resolved';
        place(c, c.times.created);
        clampStory(c, opts);
      } else {
        const owner = rnd.pick(org.departments.find((d) => d.id === c.departmentId)!.owners);
        c.ownerId = owner;
        const roll = rnd.next();
        c.stage = !isCurrent || roll < 0.88 ? 'passed' : roll < 0.92 ? 'created' : roll < 0.97 ? 'defined' : 'refused';
        if (c.stage !== 'created') c.times.defined = later(c.times.created, rnd.int(2, 10), rnd);
        if (c.stage === 'passed') c.times.passed = later(c.times.defined!, rnd.int(1, 5), rnd);
        if (c.stage === 'refused') {
          c.times.refused = later(c.times.defined!, rnd.int(1, 5), rnd);
          c.refuseReason = rnd.pick(REFUSE_REASONS);
        }
        clampStory(c, opts);
        if (c.stage === 'passed') planReports(c, rnd, opts);
      }
    }
  };
  place(root, root.times.accepted);
  clampStory(root, opts);
}

/** Cuts a story at now: steps that would lie in the future have not happened yet. */
function clampStory(t: TaskPlan, opts: PlanOptions) {
  const order: Stage[] = ['created', 'pushed', 'accepted', 'resolved', 'defined', 'refused', 'passed'];
  for (const step of order) {
    const time = t.times[step];
    if (step !== 'created' && time && time.getTime() > opts.now.getTime()) {
      delete t.times[step];
    }
  }
  if (t.times.created.getTime() > opts.now.getTime()) t.times.created = opts.now;
  const reached = (s: Stage) => s === 'created' || t.times[s] !== undefined;
  if (!reached(t.stage)) {
    if (t.stage === 'passed' || t.stage === 'refused') t.stage = reached('defined') ? 'defined' : 'created';
    else if (t.stage === 'resolved' && t.parentId === null)
      t.stage = reached('accepted') ? 'accepted' : reached('pushed') ? 'pushed' : 'created';
    else if (t.stage === 'accepted') t.stage = reached('pushed') ? 'pushed' : 'created';
    else if (t.stage === 'pushed' || t.stage === 'resolved' || t.stage === 'defined') t.stage = 'created';
  }
  if (t.parentId === null && t.children.length === 0) {
    // A top task kept whole gets its owner when the head resolves it.
    t.ownerId = null;
  }
}

function planReports(t: TaskPlan, rnd: Random, opts: PlanOptions) {
  const nowMs = opts.now.getTime();
  const passedAt = t.times.passed!;
  const periods = periodsOfPlan(t);
  const owner = t.ownerId!;
  const auditor = t.auditorId!;
  const isPast = t.endDate < opts.today;
  const finishes = isPast ? rnd.chance(t.endDate.slice(0, 4) < opts.today.slice(0, 4) ? 0.92 : 0.65) : rnd.chance(0.06);
  let finalAt: Date | null = null;
  if (finishes) {
    const late = rnd.chance(isPast ? 0.15 : 0);
    let day = late ? addDays(t.endDate, rnd.int(1, 40)) : addDays(t.endDate, -rnd.int(0, 12));
    // Finishing early: some time in the last two months.
    if (!isPast) day = addDays(opts.today, -rnd.int(6, 60));
    let when = at(day, rnd.int(9, 17), rnd.int(0, 59));
    if (when.getTime() <= passedAt.getTime()) when = later(passedAt, rnd.int(1, 3), rnd);
    if (when.getTime() < nowMs - 5 * 86_400_000) finalAt = when;
  }
  const reports: ReportPlan[] = [];
  const answer = (r: ReportPlan, allowReject: boolean): Date | null => {
    const a = later(r.submittedAt, rnd.int(1, 4), rnd);
    if (a.getTime() > nowMs) return null;
    const roll = rnd.next();
    const result =
      r.kind === 'final' ? 'pass' : allowReject && roll < 0.08 ? 'reject' : roll > 0.96 ? 'childPass' : 'pass';
    r.audit = { result, reason: result === 'reject' ? rnd.pick(REJECT_REASONS) : null, auditorId: auditor, at: a };
    return a;
  };
  periods.forEach((p, i) => {
    if (p.start > opts.today) return;
    const late = rnd.chance(0.12);
    let sent = at(
      late ? addDays(p.deadline, rnd.int(1, 25)) : addDays(p.deadline, -rnd.int(0, 5)),
      rnd.int(8, 18),
      rnd.int(0, 59),
    );
    if (sent.getTime() <= passedAt.getTime()) sent = later(passedAt, rnd.int(0, 2), rnd);
    if (sent.getTime() > nowMs) {
      if (!rnd.chance(0.4)) return;
      sent = new Date(nowMs - rnd.int(1, 72) * 3600_000);
      if (sent.getTime() <= passedAt.getTime() || localDate(sent) < p.start) return;
    }
    if (finalAt && sent.getTime() >= finalAt.getTime()) return;
    const progress = rnd.chance(0.1)
      ? null
      : Math.min(95, Math.round(((100 * (i + 1)) / periods.length) * (0.7 + 0.3 * rnd.next())));
    const r: ReportPlan = {
      id: 0,
      kind: 'process',
      periodKey: p.key,
      content: `${p.label}：${rnd.pick(REPORT_PHRASES)}`,
      progress,
      submitterId: owner,
      submittedAt: sent,
      audit: null,
    };
    reports.push(r);
    const answered = answer(r, true);
    if (answered && r.audit?.result === 'reject' && rnd.chance(0.85)) {
      const again = later(answered, rnd.int(1, 5), rnd);
      if (again.getTime() < nowMs && (!finalAt || again.getTime() < finalAt.getTime())) {
        const second: ReportPlan = { ...r, submittedAt: again, audit: null, content: `${r.content}（已补充材料）` };
        reports.push(second);
        answer(second, false);
      }
    }
  });
  if (finalAt) {
    const final: ReportPlan = {
      id: 0,
      kind: 'final',
      periodKey: 'final',
      content: '任务已全部完成，成果材料已归档。',
      progress: 100,
      submitterId: owner,
      submittedAt: finalAt,
      audit: null,
    };
    reports.push(final);
    const answered = answer(final, false);
    if (!answered) final.audit = null;
    // No progress report may follow a passed final report: the task is finished by then.
    if (answered) {
      for (let i = reports.length - 1; i >= 0; i--) {
        const r = reports[i]!;
        if (r !== final && (r.submittedAt >= answered || (r.audit && r.audit.at >= answered))) reports.splice(i, 1);
      }
    }
  }
  t.reports = reports;
}

/**
 * Brings the number of reports to exactly `target`: drops whole reported periods at random while there are too
 * many, then adds a rejected first attempt before accepted reports while there are too few.
 */
export function fitReportCount(tasks: TaskPlan[], target: number, rnd: Random): number {
  let total = tasks.reduce((a, t) => a + t.reports.length, 0);
  if (total > target) {
    const units: { task: TaskPlan; key: string; size: number }[] = [];
    for (const t of tasks) {
      const sizes = new Map<string, number>();
      for (const r of t.reports) if (r.kind === 'process') sizes.set(r.periodKey, (sizes.get(r.periodKey) ?? 0) + 1);
      for (const [key, size] of sizes) units.push({ task: t, key, size });
    }
    rnd.shuffle(units);
    for (const u of units) {
      if (total <= target) break;
      if (total - u.size < target && u.size > 1) continue;
      u.task.reports = u.task.reports.filter((r) => r.kind !== 'process' || r.periodKey !== u.key);
      total -= u.size;
    }
  }
  if (total < target) {
    const candidates: { task: TaskPlan; report: ReportPlan }[] = [];
    for (const t of tasks) {
      for (const r of t.reports) {
        const single = t.reports.filter((x) => x.kind === 'process' && x.periodKey === r.periodKey).length === 1;
        if (r.kind === 'process' && single && r.audit && r.audit.result !== 'reject')
          candidates.push({ task: t, report: r });
      }
    }
    rnd.shuffle(candidates);
    for (const { task, report } of candidates) {
      if (total >= target) break;
      const passedAt = task.times.passed!;
      const sentFirst = new Date(report.submittedAt.getTime() - 5 * 86_400_000);
      const rejectedAt = new Date(report.submittedAt.getTime() - 2 * 86_400_000);
      if (sentFirst.getTime() <= passedAt.getTime()) continue;
      task.reports.push({
        ...report,
        id: 0,
        content: `${report.content}（初稿）`,
        submittedAt: sentFirst,
        audit: { result: 'reject', reason: REJECT_REASONS[0]!, auditorId: report.audit!.auditorId, at: rejectedAt },
      });
      total += 1;
    }
  }
  return total;
}

/**
 * Casts the focus department's leaves so its staff have work in every part of the story (the demo): this year a
 * definition to write, one waiting for audit and one refused, a progress report waiting for audit, a delay request
 * waiting; last year a task left overdue (with a pending delay after a rejected one); urges of warned tasks; finished
 * tasks with their task reports (passed and rated, waiting for audit, a draft). Steps that would lie in the future
 * are left out, so an early-January demo has less of this year.
 */
function castFocus(
  tasks: TaskPlan[],
  departmentId: string,
  opts: PlanOptions,
  rnd: Random,
  ids: { delay: number; urge: number; taskReport: number },
) {
  const nowMs = opts.now.getTime();
  const ago = (hours: number) => new Date(nowMs - hours * 3600_000);
  const past = (d: Date | undefined): d is Date => d !== undefined && d.getTime() <= nowMs;
  const thisYear = opts.today.slice(0, 4);
  const leaves = tasks.filter((t) => t.departmentId === departmentId && t.parentId !== null && !t.children.length);
  const current = leaves.filter((t) => t.startDate.slice(0, 4) === thisYear);
  const previous = leaves.filter((t) => t.startDate.slice(0, 4) < thisYear);
  const finalPass = (t: TaskPlan) => t.reports.find((r) => r.kind === 'final' && r.audit?.result === 'pass');
  const unfinished = (t: TaskPlan) => t.stage === 'passed' && !t.reports.some((r) => r.kind === 'final');
  const reset = (t: TaskPlan) => {
    delete t.times.defined;
    delete t.times.passed;
    delete t.times.refused;
    t.refuseReason = null;
    t.reports = [];
  };
  const used = new Set<TaskPlan>();

  // This year: a definition to write, one waiting for the auditor, one refused (to rewrite).
  const [toDefine, toAudit, toRewrite] = current;
  if (toDefine) {
    reset(toDefine);
    toDefine.stage = 'created';
    used.add(toDefine);
  }
  if (toAudit) {
    const defined = later(toAudit.times.created, 2, rnd);
    if (past(defined)) {
      reset(toAudit);
      toAudit.stage = 'defined';
      toAudit.times.defined = defined;
      used.add(toAudit);
    }
  }
  if (toRewrite) {
    const defined = later(toRewrite.times.created, 2, rnd);
    const refused = later(defined, 1, rnd);
    if (past(refused)) {
      reset(toRewrite);
      toRewrite.stage = 'refused';
      toRewrite.times.defined = defined;
      toRewrite.times.refused = refused;
      toRewrite.refuseReason = REFUSE_REASONS[0]!;
      used.add(toRewrite);
    }
  }
  // A progress report waiting for the auditor: the last one of a task under way is not answered yet.
  const waiting = current.find((t) => !used.has(t) && unfinished(t) && t.reports.length > 0);
  if (waiting) {
    const newest = waiting.reports.reduce((m, r) => (r.submittedAt.getTime() > m.submittedAt.getTime() ? r : m));
    newest.audit = null;
    used.add(waiting);
  }
  // A delay request waiting for the auditor, on a task under way this year.
  const delayed = current.find((t) => !used.has(t) && unfinished(t) && past(t.times.passed) && t.endDate >= opts.today);
  const requested = ago(rnd.int(4, 30));
  if (delayed && delayed.times.passed!.getTime() < requested.getTime()) {
    delayed.delays = [
      {
        id: ids.delay++,
        newEndDate: addDays(delayed.endDate, 30),
        reason: '受实训场地改造影响，需顺延一个月完成',
        requestedAt: requested,
        audit: null,
      },
    ];
    used.add(delayed);
  }

  // Last year: a task left overdue (no final report), with a rejected delay and a new one waiting.
  const overdue = previous.find((t) => t.stage === 'passed' && past(t.times.passed));
  if (overdue) {
    overdue.reports = overdue.reports.filter((r) => r.kind !== 'final');
    const first = ago(20 * 24);
    const rejected = ago(18 * 24);
    const again = ago(rnd.int(2, 40));
    overdue.delays = [];
    if (overdue.times.passed!.getTime() < first.getTime()) {
      overdue.delays.push({
        id: ids.delay++,
        newEndDate: addDays(overdue.endDate, 20),
        reason: '部分成果材料尚在评审中',
        requestedAt: first,
        audit: { result: 'reject', reason: '延期理由不充分，请补充说明', at: rejected },
      });
    }
    if (overdue.times.passed!.getTime() < again.getTime()) {
      overdue.delays.push({
        id: ids.delay++,
        newEndDate: addDays(opts.today, 30),
        reason: '成果验收推迟，申请延期至下月完成',
        requestedAt: again,
        audit: null,
      });
    }
    used.add(overdue);
  }
  // Urges from the publisher about tasks under way or overdue (kept where a warning is open when the story ends).
  for (const t of [...previous, ...current].filter((x) => unfinished(x) && past(x.times.passed)).slice(0, 3)) {
    const at = ago(rnd.int(6, 72));
    if (t.times.passed!.getTime() >= at.getTime()) continue;
    t.urge = {
      id: ids.urge++,
      urgerId: 'fbr01',
      content: '请尽快报送进度，按期完成任务',
      at,
      accepted: null,
    };
  }
  // Task reports of finished tasks: one passed (rated A), one waiting for the auditor (rated B), one draft.
  const finished = leaves.filter((t) => !used.has(t) && finalPass(t));
  const stages: { stage: 'pass' | 'reviewing' | 'draft'; level: 'A' | 'B' | null }[] = [
    { stage: 'pass', level: 'A' },
    { stage: 'reviewing', level: 'B' },
    { stage: 'draft', level: null },
  ];
  for (const [i, t] of finished.slice(0, stages.length).entries()) {
    const { stage, level } = stages[i]!;
    const generatedAt = later(finalPass(t)!.audit!.at, 1, rnd);
    const submittedAt = stage === 'draft' ? null : later(generatedAt, 0, rnd);
    const auditedAt = stage === 'pass' && submittedAt ? later(submittedAt, 1, rnd) : null;
    if (!past(generatedAt) || (submittedAt && !past(submittedAt)) || (auditedAt && !past(auditedAt))) continue;
    t.taskReport = { id: ids.taskReport++, stage, level, generatedAt, submittedAt, auditedAt };
  }
}
