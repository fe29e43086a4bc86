import {
  ALGORITHM_MSG,
  type AlgorithmParams,
  type DashboardChartData,
  type DashboardParams,
  DASHBOARD_MSG as M,
} from '@zg/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { type AlgorithmRunner, type CalRule, resolveCalRules } from '../algorithm';
import { cardsOf, listCharts } from './chart.repository';
import { mayReadDepartment, mayRunChart } from './dashboard.policy';

/** How many of one dashboard's charts run at once: never the whole run gate (other users run too). */
export const DASHBOARD_PARALLEL = 2;
/** The tail of the runner's timeout message (查询执行超过 N 秒，已被停止). */
const TIMEOUT_MARK = ALGORITHM_MSG.timeout(1).replace(/^.*秒/, '');

/** A chart to run: the answer's id, the algorithm version, the parameters (already checked against the user). */
export interface ChartJob {
  id: number;
  versionId: number;
  params: AlgorithmParams;
}

/**
 * The data of a user's subscribed charts, one request for the whole dashboard: each card's algorithm (the version
 * saved at subscription) run through the instance's runner with the user's parameters (the request's year, else the
 * card's, else this year; the card's department, else the user's own), at most DASHBOARD_PARALLEL at a time so the
 * run gate is shared. Each card answers for itself: its data, or why not (no right to the chart or the department,
 * the version gone, the run's error or timeout); one card failing never fails the others.
 */
export async function dashboardData(
  db: Db,
  runner: AlgorithmRunner,
  actor: Actor,
  q: { year?: number; ids?: number[] },
  log?: FastifyBaseLogger,
  now = new Date(),
): Promise<{ list: DashboardChartData[] }> {
  const cards = (await cardsOf(db, actor.userId, q.ids)).filter((c) => c.kind === 'chart');
  const charts = new Map(
    (await listCharts(db, { ids: [...new Set(cards.flatMap((c) => (c.chartId ? [c.chartId] : [])))] })).map((c) => [
      c.id,
      c,
    ]),
  );
  const versions = await resolveCalRules(
    db,
    cards.flatMap((c) => (c.versionId ? [c.versionId] : [])),
  );
  const out = new Map<number, DashboardChartData>();
  const jobs: ChartJob[] = [];
  const fail = (id: number, status: DashboardChartData['status'], message: string, sflx: string | null = null) =>
    out.set(id, { id, status, message, sflx, sfzsj: null });
  for (const card of cards) {
    const chart = card.chartId ? charts.get(card.chartId) : undefined;
    if (!chart) {
      fail(card.id, 'error', M.chartNotFound);
      continue;
    }
    if (!mayRunChart(actor, chart.roles)) {
      fail(card.id, 'forbidden', M.chartForbiddenRun, chart.kind);
      continue;
    }
    const p = (card.params ?? {}) as DashboardParams;
    const departmentId = p.departmentId ?? actor.departmentId ?? undefined;
    if (p.departmentId && !mayReadDepartment(actor, p.departmentId)) {
      fail(card.id, 'forbidden', M.departmentForbidden(p.departmentId), chart.kind);
      continue;
    }
    const version = card.versionId ? versions.get(card.versionId) : undefined;
    if (!version) {
      fail(card.id, 'error', M.versionGone, chart.kind);
      continue;
    }
    if (version.refused) {
      fail(card.id, 'error', version.refused, chart.kind);
      continue;
    }
    jobs.push({
      id: card.id,
      versionId: version.versionId,
      params: { year: q.year ?? p.year ?? now.getFullYear(), ...(departmentId ? { departmentId } : {}) },
    });
  }
  await runChartJobs(runner, actor, jobs, versions, out, log);
  return { list: cards.map((c) => out.get(c.id)!).filter(Boolean) };
}

/**
 * The subscription runner the dashboards and the data screens share: each job's version run through the instance's
 * runner, at most DASHBOARD_PARALLEL at a time (the run gate is shared with other users), each answering for itself
 * into `out` (its data, or the run's error or timeout; an unexpected failure is logged and answered in Chinese).
 */
export async function runChartJobs(
  runner: AlgorithmRunner,
  actor: Pick<Actor, 'userId'>,
  jobs: ChartJob[],
  versions: Map<number, CalRule>,
  out: Map<number, DashboardChartData>,
  log?: FastifyBaseLogger,
) {
  const queue = [...jobs];
  const fail = (id: number, status: DashboardChartData['status'], message: string, sflx: string) =>
    out.set(id, { id, status, message, sflx, sfzsj: null });
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const v = versions.get(job.versionId)!;
      try {
        const result = await runner.computeOne(
          { id: v.versionId, sql: v.sql, dataSourceId: v.dataSourceId, kind: v.kind },
          job.params,
          actor.userId,
        );
        out.set(job.id, { id: job.id, status: 'ok', message: null, sflx: v.kind, sfzsj: result });
      } catch (err) {
        if (err instanceof AppError) {
          fail(job.id, err.message.endsWith(TIMEOUT_MARK) ? 'timeout' : 'error', err.message, v.kind);
        } else {
          log?.error({ err, chart: job.id }, 'chart failed');
          fail(job.id, 'error', ALGORITHM_MSG.runFailed('内部错误', null), v.kind);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DASHBOARD_PARALLEL, runner.gate.max) }, worker));
}
