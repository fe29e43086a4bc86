import { formatDateTime, JOB_KIND_NAMES, type OperationMonitoring } from '@zg/contract';
import type { Db } from '../../db/client';
import { jobHealth } from '../../platform/jobs';
import { collectionFigures } from '../data-collection';
import { diagnosisFigures, diagnosisYears, objectTaskDepartments } from '../diagnosis';
import { openWarningsByObjectTask } from '../quality-warning';
import { targetYears, taskProgressFigures } from '../target-task';

const localDay = (d: Date) => formatDateTime(d).slice(0, 10);
const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * 运行监控 (issue 34 item 4), through the other modules' public read functions: the automatic collection rate
 * (diagnosis results computed by their algorithm over all results), collection completion and overdue fill tasks by
 * department, diagnosis rows computed / below standard by department, target-task progress, and each job kind's
 * health, and the quality warnings open by department.
 */
export async function operationMonitoring(db: Db, year: number, now = new Date()): Promise<OperationMonitoring> {
  const [fills, diagnosis, tasks, jobs, warnings] = await Promise.all([
    collectionFigures(db, year, localDay(now)),
    diagnosisFigures(db, year),
    taskProgressFigures(db, year),
    jobHealth(db, new Date(now.getTime() - WEEK_MS)),
    openWarningsByDepartment(db, year),
  ]);
  return {
    year,
    autoRate: {
      auto: diagnosis.reduce((a, d) => a + d.computed, 0),
      total: diagnosis.reduce((a, d) => a + d.withResult, 0),
    },
    collection: fills.map((f) => ({ bmid: f.bmid, bmmc: f.bmmc, total: f.total, done: f.done })),
    fillOverdue: {
      total: fills.reduce((a, f) => a + f.overdue, 0),
      list: fills.filter((f) => f.overdue > 0).map((f) => ({ bmid: f.bmid, bmmc: f.bmmc, count: f.overdue })),
    },
    diagnosis: diagnosis.map((d) => ({
      bmid: d.bmid,
      bmmc: d.bmmc,
      computed: d.computed,
      below: d.below,
      total: d.total,
      warnings: warnings.get(d.bmid) ?? 0,
    })),
    targetTasks: tasks,
    jobs: jobs.map((j) => ({
      kind: j.kind,
      mc: JOB_KIND_NAMES[j.kind] ?? j.kind,
      lastRun: j.lastRun ? formatDateTime(j.lastRun) : null,
      lastStatus: j.lastStatus,
      failures: j.failures,
      queued: j.queued,
    })),
  };
}

/** indicatorDataShow: one figure by department (collection completion, overdue fills, diagnosis below standard). */
export async function indicatorData(db: Db, year: number, zb: 'collection' | 'fillOverdue' | 'diagnosis') {
  const m = await operationMonitoring(db, year);
  const list =
    zb === 'collection'
      ? m.collection.map((c) => ({ bmid: c.bmid, bmmc: c.bmmc, value: c.done, total: c.total }))
      : zb === 'fillOverdue'
        ? m.fillOverdue.list.map((c) => ({ bmid: c.bmid, bmmc: c.bmmc, value: c.count, total: c.count }))
        : m.diagnosis.map((c) => ({ bmid: c.bmid, bmmc: c.bmmc, value: c.below, total: c.total }));
  return { year, zb, list };
}

/** Open quality warnings per department of the year's object tasks (the two modules' read functions, summed here). */
async function openWarningsByDepartment(db: Db, year: number) {
  const departments = await objectTaskDepartments(db, year);
  const open = await openWarningsByObjectTask(
    db,
    departments.map((d) => d.objectTaskId),
  );
  const out = new Map<string, number>();
  for (const d of departments) out.set(d.bmid, (out.get(d.bmid) ?? 0) + (open.get(d.objectTaskId) ?? 0));
  return out;
}

/** indicatorDataShow/queryYears: the years with figures (diagnosis tasks or year targets), newest first. */
export async function indicatorYears(db: Db) {
  const [a, b] = await Promise.all([diagnosisYears(db), targetYears(db)]);
  return [...new Set([...a, ...b])].sort((x, y) => y - x);
}
