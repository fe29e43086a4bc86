import type { Db } from '@zg/server/src/db/client';
import { publishedQcps } from '@zg/server/src/modules/standard';
import { developmentRead, linkTaskQcps } from '@zg/server/src/modules/target-task';
import { actorOf } from '@zg/server/src/seed/diagnosis';
import { dataOf, type Session } from '../lib/http';
import { type LatencySummary, summarise } from '../lib/stats';

/**
 * 发展中心 (issue 35), after phases/diagnosis.ts on the same database (the story's targets and tasks, the demo
 * standards, the demo diagnosis task of the 40 majors): every issued top-level task of the last five years serves one
 * or two QCPs (`prepareDevelop`, from data.ts --diagnosis); then the leader xld01's page data for those five years
 * (DEVELOP_API.overview, one request), 3 warm-up, then `repeats` measured.
 */

export const DEVELOP_BENCH = { years: 5 } as const;

export interface DevelopFigures {
  years: number;
  targets: number;
  tasks: number;
  qcps: number;
  latency: LatencySummary;
}

/** Links every issued top-level task of the last five years to QCPs of the published systems; the tasks linked. */
export async function prepareDevelop(db: Db, now = new Date()) {
  const year = now.getFullYear();
  const qcps = await publishedQcps(db);
  if (!qcps.length) return 0;
  const read = await developmentRead(db, actorOf('zyadmin'), {
    startYear: year - DEVELOP_BENCH.years + 1,
    endYear: year,
  });
  await linkTaskQcps(
    db,
    read.tasks.map((t, i) => ({
      taskId: t.id,
      nodeIds: [qcps[i % qcps.length]!.id, ...(i % 2 ? [qcps[(i * 7 + 3) % qcps.length]!.id] : [])],
    })),
  );
  return read.tasks.length;
}

interface Overview {
  years: { targets: { tasks: { qcps: unknown[] }[] }[] }[];
}

export async function measureDevelop(
  leader: Session,
  opts: { repeats: number; log: (line: string) => void },
): Promise<DevelopFigures> {
  const end = new Date().getFullYear();
  const url = `/api/herm-xxjk/develop/overview?startYear=${end - DEVELOP_BENCH.years + 1}&endYear=${end}`;
  const samples: number[] = [];
  let last: Overview | null = null;
  for (let i = 0; i < opts.repeats + 3; i++) {
    const t = performance.now();
    last = dataOf<Overview>(await leader.get(url), 'develop overview');
    if (i >= 3) samples.push(performance.now() - t);
  }
  const targets = last?.years.flatMap((y) => y.targets) ?? [];
  const tasks = targets.flatMap((t) => t.tasks);
  const figures = {
    years: last?.years.length ?? 0,
    targets: targets.length,
    tasks: tasks.length,
    qcps: tasks.reduce((n, t) => n + t.qcps.length, 0),
    latency: summarise(samples),
  };
  opts.log(
    `overview ${figures.years} years, ${figures.targets} targets, ${figures.tasks} tasks, ${figures.qcps} QCP links: p95 ${figures.latency.p95.toFixed(1)} ms`,
  );
  return figures;
}
