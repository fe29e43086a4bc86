import { formatDateTime, DIAGNOSIS_MSG as M } from '@zg/contract';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../../platform/access';
import { conflict, forbidden } from '../../platform/errors';
import { presentJob, readJob } from '../../platform/tracked-jobs';
import { type CalSummary, computeObjects, emptySummary, mayCompute } from './computation.service';
import { dailySchedule } from './diagnosis.rules';
import * as tasks from './diagnosis-task.repository';
import { taskSeenBy } from './diagnosis-task.service';
import { objectTasksOf } from './object-task.repository';

/**
 * The computation of a whole task as a tracked job (platform/jobs.ts): started from a route (calresult of a task,
 * doneFutureTask), run by any worker, its progress (objects done of all) in the jobs row, polled from any worker. The
 * hourly job computes each normal task whose start ≤ today ≤ end once a day (getFutureTaskResult tells when).
 */

export const CALCULATE_JOB = 'diagnosis.calculate';
export const SCHEDULE_JOB = 'diagnosis.schedule';
/** Objects computed per step: the progress moves every step, each rule's batch covers the step's objects. */
const STEP = 20;

interface CalculatePayload {
  taskId: number;
}

/** Computes every object task of the task, STEP objects at a time; returns the summary. */
async function computeTask(
  app: FastifyInstance,
  taskId: number,
  runBy: string | null,
  progress: (done: number, total: number) => void,
): Promise<CalSummary> {
  const db = app.database.db;
  const task = await tasks.findTask(db, taskId);
  const summary = emptySummary();
  if (!task) return summary;
  const objects = (await objectTasksOf(db, taskId)).map((o) => ({ id: o.id, code: o.objectCode, name: o.objectName }));
  progress(0, objects.length);
  for (let i = 0; i < objects.length; i += STEP) {
    await computeObjects(
      db,
      app.hooks,
      app.algorithms,
      objects.slice(i, i + STEP),
      { year: task.year, runBy, now: app.clock.now(), waitForSlotMs: 30_000 },
      summary,
    );
    progress(Math.min(i + STEP, objects.length), objects.length);
  }
  await tasks.updateTask(db, taskId, { computedAt: app.clock.now() });
  return summary;
}

export function registerDiagnosisJobs(app: FastifyInstance) {
  app.jobs.register(
    CALCULATE_JOB,
    async ({ taskId }: CalculatePayload, ctx) => {
      const actor = await ctx.actor();
      const summary = await computeTask(app, taskId, actor.userId, (done, total) =>
        ctx.progress({ step: M.jobStep, done, total }),
      );
      return { result: summary, message: M.computed(summary.computed, summary.failed) };
    },
    { whenLost: 'interrupt' },
  );
  app.jobs.register(SCHEDULE_JOB, async () => {
    const db = app.database.db;
    const today = app.clock.today();
    for (const t of await tasks.tasksUnderWay(db, today)) {
      const last = t.computedAt ? localDay(t.computedAt) : null;
      if (!dailySchedule(t, today, last).due) continue;
      await computeTask(app, t.id, null, () => {});
    }
  });
  app.jobs.every(SCHEDULE_JOB, 3600_000);
}

const localDay = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Starts the computation of a whole task (one unfinished per task). */
export async function startTaskCalculation(app: FastifyInstance, actor: Actor, taskId: number) {
  const db = app.database.db;
  const t = await taskSeenBy(db, actor, taskId);
  if (!mayCompute(actor, t)) throw forbidden(M.notAllowed);
  if (t.state !== 'normal') throw conflict(M.calculationNotNormal);
  const id = await app.jobs.start(CALCULATE_JOB, {
    owner: actor,
    payload: { taskId } satisfies CalculatePayload,
    exclusive: { key: `diagnosis:${taskId}`, message: M.calculationUnderWay },
  });
  await tasks.updateTask(db, taskId, { lastJobId: id });
  return { id };
}

export async function calculationJob(app: FastifyInstance, actor: Actor, id: string) {
  return presentJob(await readJob<CalSummary, null>(app.database.db, actor, id, CALCULATE_JOB));
}

/** getFutureTaskResult: whether the task is computed daily, when it was last and will next be, its latest job. */
export async function futureTaskResult(app: FastifyInstance, actor: Actor, taskId: number) {
  const t = await taskSeenBy(app.database.db, actor, taskId);
  const today = app.clock.today();
  const s = dailySchedule(t, today, t.computedAt ? localDay(t.computedAt) : null);
  const now = app.clock.now();
  const nextHour = new Date(now);
  nextHour.setMinutes(0, 0, 0);
  nextHour.setHours(nextHour.getHours() + 1);
  const nextRun = s.nextDay === null ? null : s.nextDay === today ? nextHour : new Date(`${s.nextDay}T00:00:00`);
  return {
    rwid: t.id,
    scheduled: s.scheduled,
    lastRun: t.computedAt ? formatDateTime(t.computedAt) : null,
    nextRun: nextRun ? formatDateTime(nextRun) : null,
    jobId: t.lastJobId,
  };
}
