import {
  REPORT_DEFAULTS,
  REPORT_SECTIONS,
  type ReportContent,
  reportTitleOf,
  TASK_STATUS,
  TASK_TYPE,
} from '@zg/contract';
import type {
  auditLog,
  delayRequests,
  targetReports,
  targetTasks,
  taskCoopDepartments,
  taskReports,
  taskWarnings,
  urges,
  yearTargets,
} from '../../db/schema';
import { addDays } from '../../modules/target-task/periods.rules';
import { dueWarnings } from '../../modules/warning/warning.rules';
import { lastSlot, type WarningSchedule } from '../../modules/warning/warning-schedule.rules';
import {
  type DelayPlan,
  periodsOfPlan,
  type ReportPlan,
  type Stage,
  type TaskPlan,
  type WarningTypeRef,
  type YearTargetPlan,
} from './model';

export type TaskRow = typeof targetTasks.$inferInsert;
export type ReportRow = typeof taskReports.$inferInsert;
export type WarningRow = typeof taskWarnings.$inferInsert;
export type AuditRow = typeof auditLog.$inferInsert;
export type CoopRow = typeof taskCoopDepartments.$inferInsert;
export type YearTargetRow = typeof yearTargets.$inferInsert;
export type DelayRow = typeof delayRequests.$inferInsert;
export type UrgeRow = typeof urges.$inferInsert;
export type TargetReportRow = typeof targetReports.$inferInsert;

/** The rows one year target and its task trees leave in the database. */
export interface DerivedRows {
  yearTarget: YearTargetRow;
  tasks: TaskRow[];
  coop: CoopRow[];
  reports: ReportRow[];
  warnings: WarningRow[];
  audits: AuditRow[];
  delays: DelayRow[];
  urges: UrgeRow[];
  targetReports: TargetReportRow[];
}

export interface SimulationRefs {
  warningTypes: readonly WarningTypeRef[];
  /** Maps a cycle (type code and values) to the stored ids. */
  cycle(c: { typeCode: string; values: string[] }): { cycleTypeId: number | null; cycleValues: string };
  /** The warning job's day (the server clock's YYYY-MM-DD) and instant. */
  today: string;
  now: Date;
  /** Names as stored, for the snapshot of a task report. */
  userName(id: string | null): string | null;
  departmentName(id: string | null): string | null;
  /** The system's name (系统设置), the school on a task report's default cover. */
  systemName: string;
}

const FINISHED = new Set(['hasDone', 'delayDone']);
const EVALUATED = new Set(['executeing', 'delayNotDone', 'hasDone', 'delayDone']);
const REPORTED = new Set(['reviewing', 'pass', 'childPass']);

/** The day of an instant in the server's time zone, as the server clock's today() gives it. */
export function localDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The first slot of a warning type's schedule at or after the midnight of `since` (local time): when the hourly job
 * first raises a warning whose cause began that day.
 */
export function firstSlotFrom(s: WarningSchedule, since: string): Date {
  if (s.period !== 'month' && s.period !== 'week' && s.period !== 'day') return new Date(`${since}T00:00:00`);
  // The last slot up to the end of a day is the first one at or after `since` once it is not earlier than `since`.
  for (let day = since, i = 0; i < 400; day = addDays(day, 1), i += 1) {
    const slot = lastSlot(s, { today: day, hour: 23 });
    if (slot && slot.today >= since) return new Date(`${slot.today}T${String(slot.hour).padStart(2, '0')}:00:00`);
  }
  throw new Error(`warning schedule ${JSON.stringify(s)} has no slot within a year of ${since}`);
}

/** 09:00 local time of a YYYY-MM-DD day. */
export const morningOf = (day: string) => new Date(`${day}T09:00:00`);

/** The steps of each kind of node, in order; a node's story runs them up to its stage. */
export function chainOf(t: TaskPlan): Stage[] {
  const leaf = t.children.length === 0;
  if (t.parentId === null) {
    const head: Stage[] = ['created', 'pushed', 'accepted', 'resolved'];
    if (!leaf) return head;
    return [...head, 'defined', t.stage === 'refused' ? 'refused' : 'passed'];
  }
  if (!leaf) return ['created', 'resolved'];
  return ['created', 'defined', t.stage === 'refused' ? 'refused' : 'passed'];
}

interface State {
  plan: TaskPlan;
  parent: State | null;
  children: State[];
  status: string;
  auditStatus: number | null;
  auditReason: string | null;
  version: number;
  /** Progress in hundredths (numeric(5,2) as an integer). */
  progress: number;
  finishedAt: Date | null;
  updatedAt: Date;
}

interface ReportState {
  plan: ReportPlan;
  taskId: number;
  status: string;
  reason: string | null;
  auditorId: string | null;
  auditedAt: Date | null;
  version: number;
}

type Event =
  | { at: Date; seq: number; kind: 'step'; step: Stage; task: State }
  | { at: Date; seq: number; kind: 'submit' | 'audit'; task: State; report: ReportState }
  | { at: Date; seq: number; kind: 'delay'; task: State; delay: DelayPlan }
  | { at: Date; seq: number; kind: 'delayAudit'; task: State; delay: DelayPlan };

/**
 * Replays the story of one year target's trees with the effects the services have (target-task.service act,
 * createTask; progress.service submitReport, auditReport, finishTask; the warning job), and returns the rows.
 */
export function simulate(target: YearTargetPlan, roots: readonly TaskPlan[], refs: SimulationRefs): DerivedRows {
  const audits: AuditRow[] = [
    {
      actorId: target.creatorId,
      action: 'yearTarget.create',
      entityType: 'yearTarget',
      entityId: String(target.id),
      detail: null,
      requestId: null,
      at: target.createdAt,
    },
  ];
  const states: State[] = [];
  const reports: ReportState[] = [];
  const events: Event[] = [];
  let seq = 0;

  const build = (plan: TaskPlan, parent: State | null): State => {
    const s: State = {
      plan,
      parent,
      children: [],
      status: 'none',
      auditStatus: null,
      auditReason: null,
      version: 0,
      progress: 0,
      finishedAt: null,
      updatedAt: plan.times.created,
    };
    states.push(s);
    const chain = chainOf(plan);
    const upTo = chain.indexOf(plan.stage === 'refused' || plan.stage === 'passed' ? chain.at(-1)! : plan.stage);
    if (upTo < 0) throw new Error(`task ${plan.id}: stage ${plan.stage} does not fit its place in the tree`);
    for (const step of chain.slice(0, upTo + 1)) {
      const at = plan.times[step];
      if (!at) throw new Error(`task ${plan.id}: no time for ${step}`);
      events.push({ at, seq: seq++, kind: 'step', step, task: s });
    }
    for (const r of plan.reports) {
      const rs: ReportState = {
        plan: r,
        taskId: plan.id,
        status: 'none',
        reason: null,
        auditorId: null,
        auditedAt: null,
        version: 0,
      };
      reports.push(rs);
      events.push({ at: r.submittedAt, seq: seq++, kind: 'submit', task: s, report: rs });
      if (r.audit) events.push({ at: r.audit.at, seq: seq++, kind: 'audit', task: s, report: rs });
    }
    for (const d of plan.delays ?? []) {
      events.push({ at: d.requestedAt, seq: seq++, kind: 'delay', task: s, delay: d });
      if (d.audit) events.push({ at: d.audit.at, seq: seq++, kind: 'delayAudit', task: s, delay: d });
    }
    s.children = plan.children.map((c) => build(c, s));
    return s;
  };
  const rootStates = roots.map((r) => build(r, null));
  events.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);

  const audit = (actorId: string | null, action: string, taskId: number, detail: unknown, at: Date) =>
    audits.push({
      actorId,
      action,
      entityType: 'targetTask',
      entityId: String(taskId),
      detail,
      requestId: null,
      at,
    });

  const act = (
    s: State,
    action: string,
    actorId: string | null,
    from: readonly string[],
    to: { status: string; auditStatus: number | null; reason?: string | null },
    at: Date,
  ) => {
    if (!from.includes(s.status)) throw new Error(`task ${s.plan.id}: ${action} from ${s.status}`);
    const before = s.status;
    s.status = to.status;
    s.auditStatus = to.auditStatus;
    if (action === 'refuse') s.auditReason = to.reason ?? null;
    if (action === 'pass') s.auditReason = null;
    s.version += 1;
    s.updatedAt = at;
    audit(
      actorId,
      `task.${action}`,
      s.plan.id,
      { from: before, to: to.status, audit: to.auditStatus, reason: to.reason ?? null },
      at,
    );
  };

  const rollUp = (s: State) => {
    for (let p = s.parent; p; p = p.parent) {
      const kids = p.children;
      const weightSum = kids.reduce((a, c) => a + Math.round(c.plan.weight * 100), 0);
      p.progress =
        weightSum > 0
          ? Math.round(kids.reduce((a, c) => a + c.progress * Math.round(c.plan.weight * 100), 0) / weightSum)
          : Math.round(kids.reduce((a, c) => a + c.progress, 0) / kids.length);
    }
  };

  const finish = (start: State, at: Date) => {
    let s: State | null = start;
    while (s) {
      s.status = localDate(at) > s.plan.endDate ? 'delayDone' : 'hasDone';
      s.progress = 10000;
      s.finishedAt = at;
      s.version += 1;
      s.updatedAt = at;
      rollUp(s);
      const parent: State | null = s.parent;
      if (!parent?.children.every((c) => FINISHED.has(c.status))) break;
      s = parent;
    }
  };

  for (const e of events) {
    const s = e.task;
    const p = s.plan;
    if (e.kind === 'step') {
      const leaf = p.children.length === 0;
      switch (e.step) {
        case 'created':
          s.status = p.parentId === null ? 'notPushed' : 'waitDefine';
          s.version = 1;
          audit(p.creatorId, 'task.create', p.id, { parentId: p.parentId }, e.at);
          break;
        case 'pushed':
          act(s, 'push', target.creatorId, ['notPushed'], { status: 'waitAccept', auditStatus: null }, e.at);
          break;
        case 'accepted':
          act(s, 'accept', p.headId, ['waitAccept'], { status: 'waitResolve', auditStatus: null }, e.at);
          break;
        case 'resolved':
          act(
            s,
            'resolve',
            p.headId,
            p.parentId === null ? ['waitResolve'] : ['waitDefine'],
            { status: leaf ? 'waitDefine' : 'executeing', auditStatus: null },
            e.at,
          );
          break;
        case 'defined':
          if (s.auditStatus !== null && s.auditStatus !== 2) throw new Error(`task ${p.id}: define under audit`);
          act(s, 'define', p.ownerId, ['waitDefine'], { status: 'waitDefine', auditStatus: 0 }, e.at);
          break;
        case 'passed':
          act(s, 'pass', p.auditorId, ['waitDefine'], { status: 'executeing', auditStatus: 1 }, e.at);
          break;
        case 'refused':
          act(
            s,
            'refuse',
            p.auditorId,
            ['waitDefine'],
            { status: 'waitDefine', auditStatus: 2, reason: p.refuseReason },
            e.at,
          );
          break;
      }
    } else if (e.kind === 'delay') {
      // progress delay.service requestDelay: a task under way, a later end; at most one request waits at a time.
      if (!['executeing', 'delayNotDone'].includes(s.status) || e.delay.newEndDate <= p.endDate) {
        throw new Error(`task ${p.id}: delay ${e.delay.id} requested while ${s.status}`);
      }
      const input = { taskId: p.id, newEndDate: e.delay.newEndDate, reason: e.delay.reason };
      audit(p.ownerId, 'delay.request', p.id, input, e.at);
    } else if (e.kind === 'delayAudit') {
      const a = e.delay.audit!;
      audit(p.auditorId, `delay.${a.result}`, p.id, { delayId: e.delay.id, reason: a.reason }, e.at);
    } else if (e.kind === 'submit') {
      if (!['executeing', 'delayNotDone'].includes(s.status)) {
        throw new Error(`task ${p.id}: report ${e.report.plan.id} sent while ${s.status}`);
      }
      e.report.status = 'reviewing';
      e.report.version = 1;
      audit(
        e.report.plan.submitterId,
        `report.submit.${e.report.plan.kind}`,
        p.id,
        { reportId: e.report.plan.id, periodKey: e.report.plan.periodKey },
        e.at,
      );
    } else {
      const a = e.report.plan.audit!;
      e.report.status = a.result;
      e.report.reason = a.reason;
      e.report.auditorId = a.auditorId;
      e.report.auditedAt = a.at;
      e.report.version = 2;
      if (a.result !== 'reject' && e.report.plan.progress !== null) {
        s.progress = e.report.plan.progress * 100;
        s.version += 1;
        s.updatedAt = a.at;
        rollUp(s);
      }
      if (e.report.plan.kind === 'final' && a.result === 'pass') finish(s, a.at);
      audit(a.auditorId, `report.${a.result}`, p.id, { reportId: e.report.plan.id, reason: a.reason }, a.at);
    }
  }

  // The warning job at `now`: raise what is due, move overdue tasks, keep the history of late reports. A type raises
  // at the slots of its schedule (warning-schedule.rules.ts); a raised warning's time is the first slot that found
  // its cause begun, the hourly job's first run at or after it.
  const warnings: WarningRow[] = [];
  const rules = refs.warningTypes.map((t) => ({ ...t }));
  const moment = { today: refs.today, hour: refs.now.getHours() };
  const cap = (d: Date) => (d.getTime() > refs.now.getTime() ? refs.now : d);
  const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
  for (const s of states) {
    const p = s.plan;
    if (s.children.length > 0 || !EVALUATED.has(s.status)) continue;
    const own = reports.filter((r) => r.taskId === p.id);
    const reported = new Set(
      own.filter((r) => r.plan.kind === 'process' && REPORTED.has(r.status)).map((r) => r.plan.periodKey),
    );
    const finished = FINISHED.has(s.status);
    const periods = periodsOfPlan(p);
    // The job looks at a task once it is under way: nothing is raised before its definition passed.
    const underWay = p.times.passed ?? p.times.resolved ?? p.times.created;
    const open = new Set<string>();
    for (const w of dueWarnings(
      {
        id: p.id,
        start: p.startDate,
        end: p.endDate,
        finished,
        cycle: p.cycle ? { type: p.cycle.typeCode, values: p.cycle.values } : null,
        reportedPeriods: reported,
      },
      rules,
      moment,
    )) {
      if (!w.raise) continue;
      const rule = rules.find((r) => r.id === w.typeId)!;
      open.add(`${w.typeId}|${w.key}`);
      warnings.push({
        taskId: p.id,
        warningTypeId: w.typeId,
        kind: w.kind,
        warningKey: w.key,
        open: true,
        raisedAt: cap(later(firstSlotFrom(rule, w.since), underWay)),
        closedAt: null,
      });
    }
    // History: warnings raised for late reports and closed when the report came; overdue/due ones closed at finish.
    for (const rule of rules) {
      if (rule.kind === 'process' && (rule.period === 'month' || rule.period === 'week')) {
        // A period's warning is raised at the first slot after its report is late, and closed at once when a report
        // covers the period or the task is finished (the report's submission or audit re-evaluates its task).
        for (const period of periods) {
          if (open.has(`${rule.id}|P:${period.key}`)) continue;
          const raisedAt = later(firstSlotFrom(rule, addDays(period.deadline, rule.days + 1)), underWay);
          if (raisedAt.getTime() > refs.now.getTime()) continue;
          const covering = own
            .filter((r) => r.plan.kind === 'process' && r.plan.periodKey === period.key && REPORTED.has(r.status))
            .map((r) => r.plan.submittedAt.getTime());
          const ends = [...covering, ...(finished && s.finishedAt ? [s.finishedAt.getTime()] : [])];
          if (!ends.length) continue;
          const closedAt = new Date(Math.min(...ends));
          if (closedAt.getTime() < raisedAt.getTime()) continue;
          warnings.push({
            taskId: p.id,
            warningTypeId: rule.id,
            kind: 'process',
            warningKey: `P:${period.key}`,
            open: false,
            raisedAt,
            closedAt: cap(closedAt),
          });
        }
      } else if (rule.kind === 'final') {
        if (!finished || !s.finishedAt) continue;
        const raisedAt = later(firstSlotFrom(rule, addDays(p.endDate, rule.days + 1)), underWay);
        if (s.finishedAt.getTime() < raisedAt.getTime()) continue;
        warnings.push({
          taskId: p.id,
          warningTypeId: rule.id,
          kind: 'final',
          warningKey: 'overdue',
          open: false,
          raisedAt,
          closedAt: s.finishedAt,
        });
      } else {
        // The "ends within N days" warning: raised inside its window, closed at finish or once the end has passed.
        const raisedAt = later(firstSlotFrom(rule, addDays(p.endDate, -rule.days)), underWay);
        if (localDate(raisedAt) > p.endDate) continue;
        const afterEnd = morningOf(addDays(p.endDate, 1));
        let closedAt: Date;
        if (finished && s.finishedAt) {
          if (s.finishedAt.getTime() < raisedAt.getTime()) continue;
          closedAt = localDate(s.finishedAt) > p.endDate ? afterEnd : s.finishedAt;
        } else if (refs.today > p.endDate) {
          closedAt = afterEnd;
        } else continue;
        warnings.push({
          taskId: p.id,
          warningTypeId: rule.id,
          kind: 'process',
          warningKey: 'due',
          open: false,
          raisedAt: cap(raisedAt),
          closedAt: cap(closedAt),
        });
      }
    }
    // The job writes the move like any other change: a new version, so a stale edit is refused.
    const moved =
      s.status === 'executeing' && p.endDate < refs.today
        ? 'delayNotDone'
        : s.status === 'delayNotDone' && p.endDate >= refs.today
          ? 'executeing'
          : null;
    if (moved) {
      s.status = moved;
      s.version += 1;
      s.updatedAt = refs.now;
    }
  }

  // Urges (progress urge.service urgeTask): the publisher urges the department of a task with an open warning.
  const urgeRows: UrgeRow[] = [];
  for (const s of states) {
    const u = s.plan.urge;
    if (!u || !warnings.some((w) => w.taskId === s.plan.id && w.open)) continue;
    urgeRows.push({
      id: u.id,
      yearTargetId: s.plan.yearTargetId,
      taskId: s.plan.id,
      departmentId: s.plan.departmentId,
      currentStatus: null,
      type: u.accepted ? 1 : 0,
      state: u.accepted ? 'acceptUrge' : 'urge',
      content: u.content,
      urgerId: u.urgerId,
      urgedAt: u.at,
      accepterId: u.accepted ? s.plan.headId : null,
      acceptedAt: u.accepted,
    });
    audit(u.urgerId, 'urge.task', s.plan.id, { urgeId: u.id }, u.at);
    if (u.accepted) {
      audits.push({
        actorId: s.plan.headId,
        action: 'urge.accept',
        entityType: 'urge',
        entityId: String(u.id),
        detail: null,
        requestId: null,
        at: u.accepted,
      });
    }
  }

  // A task with a child among the written rows is not a leaf (what insertTask keeps through the API).
  const parents = new Set(states.map((s) => s.plan.parentId).filter((id) => id !== null));
  const tasks: TaskRow[] = states.map((s) => {
    const p = s.plan;
    const cycle = p.cycle ? refs.cycle(p.cycle) : { cycleTypeId: null, cycleValues: '' };
    return {
      id: p.id,
      yearTargetId: p.yearTargetId,
      parentId: p.parentId,
      depth: p.depth,
      isLeaf: !parents.has(p.id),
      name: p.name,
      taskType: p.taskType,
      departmentId: p.departmentId,
      ownerId: p.ownerId,
      auditorId: p.auditorId,
      creatorId: p.creatorId,
      startDate: p.startDate,
      endDate: p.endDate,
      cycleTypeId: cycle.cycleTypeId,
      cycleValues: cycle.cycleValues,
      weight: p.weight,
      mission: p.mission,
      status: s.status,
      auditStatus: s.auditStatus,
      auditReason: s.auditReason,
      progress: s.progress / 100,
      version: s.version,
      finishedAt: s.finishedAt,
      createdAt: p.times.created,
      updatedAt: s.updatedAt,
    };
  });

  const reportRows = reports.map(
    (r): ReportRow => ({
      id: r.plan.id,
      taskId: r.taskId,
      periodKey: r.plan.periodKey,
      kind: r.plan.kind,
      content: r.plan.content,
      progress: r.plan.progress,
      status: r.status,
      reason: r.reason,
      submitterId: r.plan.submitterId,
      submittedAt: r.plan.submittedAt,
      auditorId: r.auditorId,
      auditedAt: r.auditedAt,
      version: r.version,
    }),
  );

  // Task reports (report report.service): generated by the owner of a finished task, rated, submitted, audited.
  const targetReportRows: TargetReportRow[] = [];
  for (const s of states) {
    const tr = s.plan.taskReport;
    if (!tr) continue;
    const p = s.plan;
    if (!FINISHED.has(s.status) || !s.finishedAt || tr.generatedAt.getTime() < s.finishedAt.getTime()) {
      throw new Error(`task ${p.id}: task report ${tr.id} generated before the task finished`);
    }
    const content: ReportContent = {
      sections: [...REPORT_SECTIONS],
      preface: null,
      cover: {
        title: REPORT_DEFAULTS.coverTitle,
        subtitle: null,
        school: refs.systemName,
        date: localDate(tr.generatedAt),
      },
      facts: {
        rwmc: p.name,
        yearTargetName: target.name,
        rwlx: p.taskType,
        rwlxmc: TASK_TYPE.find((t) => t.code === p.taskType)?.name ?? p.taskType,
        fbbm: refs.departmentName(p.departmentId),
        fzrmc: refs.userName(p.ownerId),
        jkrmc: refs.userName(p.auditorId),
        kssj: p.startDate,
        jssj: p.endDate,
        rwzt: s.status,
        rwztmc: TASK_STATUS[s.status as keyof typeof TASK_STATUS] ?? s.status,
        rwjd: s.progress / 100,
      },
      progress: reportRows
        .filter((r) => r.taskId === p.id)
        .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime() || a.id! - b.id!)
        .map((r) => ({
          periodKey: r.periodKey,
          kind: r.kind as 'process' | 'final',
          content: r.content,
          progress: r.progress ?? null,
          status: r.status!,
          reason: r.reason ?? null,
          submitterName: refs.userName(r.submitterId),
          submittedAt: r.submittedAt.toISOString(),
        })),
      attachments: [],
      warnings: warnings
        .filter((w) => w.taskId === p.id)
        .sort((a, b) => a.raisedAt.getTime() - b.raisedAt.getTime())
        .map((w) => ({
          yjlxmc: refs.warningTypes.find((t) => t.id === w.warningTypeId)?.name ?? '',
          kind: w.kind as 'process' | 'final',
          warningKey: w.warningKey,
          raisedAt: w.raisedAt.toISOString(),
          open: w.open ?? true,
        })),
    };
    let version = 1;
    const reportAudit = (action: string, detail: unknown, actorId: string | null, at: Date) =>
      audits.push({
        actorId,
        action: `targetReport.${action}`,
        entityType: 'targetReport',
        entityId: String(tr.id),
        detail,
        requestId: null,
        at,
      });
    reportAudit('generate', { taskId: p.id, templateId: null, coverId: null }, p.ownerId, tr.generatedAt);
    if (tr.level) {
      version += 1;
      reportAudit('rate', { from: null, to: tr.level }, p.ownerId, tr.generatedAt);
    }
    if (tr.submittedAt) {
      version += 1;
      reportAudit('submit', { from: 'draft', to: 'reviewing', level: tr.level }, p.ownerId, tr.submittedAt);
    }
    if (tr.auditedAt) {
      version += 1;
      reportAudit(tr.stage, { from: 'reviewing', to: tr.stage, reason: null }, p.auditorId, tr.auditedAt);
    }
    targetReportRows.push({
      id: tr.id,
      taskId: p.id,
      templateId: null,
      templateName: REPORT_DEFAULTS.templateName,
      coverId: null,
      coverName: null,
      title: reportTitleOf(REPORT_DEFAULTS.reportTitle, p.name),
      status: tr.stage,
      levelSelf: tr.level,
      auditReason: null,
      auditorId: tr.auditedAt ? p.auditorId : null,
      auditedAt: tr.auditedAt,
      generatorId: p.ownerId!,
      generatedAt: tr.generatedAt,
      submittedAt: tr.submittedAt,
      content,
      version,
    });
  }

  return {
    yearTarget: {
      id: target.id,
      name: target.name,
      cycleYear: target.cycleYear,
      sortOrder: target.sortOrder,
      chargeDepartmentId: target.chargeDepartmentId,
      auditorId: target.auditorId,
      creatorId: target.creatorId,
      status: yearTargetStatus(rootStates.map((r) => r.status)),
      description: target.description,
      version: 1,
      createdAt: target.createdAt,
      updatedAt: target.createdAt,
    },
    tasks,
    coop: states.flatMap((s) => s.plan.coop.map((departmentId) => ({ taskId: s.plan.id, departmentId }))),
    reports: reportRows,
    warnings,
    audits,
    delays: states.flatMap((s) =>
      (s.plan.delays ?? []).map(
        (d): DelayRow => ({
          id: d.id,
          taskId: s.plan.id,
          oldEndDate: s.plan.endDate,
          newEndDate: d.newEndDate,
          reason: d.reason,
          status: d.audit ? d.audit.result : 'reviewing',
          auditReason: d.audit?.reason ?? null,
          requesterId: s.plan.ownerId!,
          requestedAt: d.requestedAt,
          auditorId: d.audit ? s.plan.auditorId : null,
          auditedAt: d.audit?.at ?? null,
        }),
      ),
    ),
    urges: urgeRows,
    targetReports: targetReportRows,
  };
}

/** The year target's status from its top-level tasks (target-task.repository recomputeYearTargetStatus). */
export function yearTargetStatus(rootStatuses: readonly string[]): string {
  if (rootStatuses.length === 0) return 'waitResolve';
  if (rootStatuses.every((s) => FINISHED.has(s))) return 'done';
  if (rootStatuses.some((s) => ['executeing', 'hasDone', 'delayDone', 'delayNotDone'].includes(s))) return 'doing';
  if (rootStatuses.every((s) => s === 'waitDefine' || s === 'executeing')) return 'hasResolved';
  return 'waitResolve';
}
