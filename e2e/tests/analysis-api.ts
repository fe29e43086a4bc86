import { as } from './api-client';

const W = '/api/herm-wbs';

/** A year target of the publisher fbr01 for the year, audited by shr01 (who then audits its tasks). */
export function yearTarget(baseURL: string, name: string, cycleYear: number) {
  return as(baseURL, 'fbr01', async (fbr) => {
    const t = await fbr.post<{ id: number }>(`${W}/yearTarget/insert`, {
      name,
      cycleYear,
      chargeDepartId: 'D04',
      auditorId: 'shr01',
    });
    return t.id;
  });
}

/** The head and the task owner of each demo department used here. */
const PEOPLE: Record<string, { head: string; owner: string }> = {
  D02: { head: 'bmfzr01', owner: 'rwfzr01' },
  D03: { head: 'bmfzr03', owner: 'rwfzr02' },
  D07: { head: 'bmfzr07', owner: 'rwfzr06' },
};

export type Goal = 'notPushed' | 'withdrawn' | 'executeing' | 'hasDone';

/**
 * A last-level task of the department driven to `goal` through the real API, as the people who do each step:
 * pushed by fbr01, accepted and given to its owner by the head, defined by the owner and approved by shr01, and
 * finished by the final progress report that shr01 passes.
 */
export async function task(
  baseURL: string,
  yearTargetId: number,
  dep: keyof typeof PEOPLE,
  goal: Goal,
  o: { name: string; year: number; rwlx?: 'A' | 'B' | 'C' | 'D' },
) {
  const { head, owner } = PEOPLE[dep] as { head: string; owner: string };
  const id = await as(baseURL, 'fbr01', async (fbr) => {
    const t = await fbr.post<{ id: number }>(`${W}/targetTask/insert`, {
      yearTargetId,
      rwmc: o.name,
      rwlx: o.rwlx ?? 'B',
      departmentId: dep,
      kssj: `${o.year}-01-01`,
      jssj: `${o.year}-12-31`,
    });
    if (goal !== 'notPushed') await fbr.post(`${W}/targetTask/${t.id}/push`, { version: 1 });
    if (goal === 'withdrawn') await fbr.post(`${W}/targetTask/${t.id}/withdraw`, { version: 2 });
    return t.id;
  });
  if (goal === 'notPushed' || goal === 'withdrawn') return id;
  await as(baseURL, head, async (h) => {
    await h.post(`${W}/targetTask/${id}/accept`, { version: 2 });
    await h.post(`${W}/targetTask/${id}/resolve`, { version: 3, ownerId: owner });
  });
  await as(baseURL, owner, (u) => u.post(`${W}/targetTaskAudit/${id}/submit`, { version: 4 }));
  await as(baseURL, 'shr01', (u) => u.post(`${W}/targetTaskAudit/${id}/pass`, { version: 5 }));
  if (goal === 'executeing') return id;
  // A task without a cycle reports once, its final report.
  const report = await as(baseURL, owner, (u) =>
    u.post<{ id: number }>(`${W}/targetTaskSituation/insert`, {
      taskId: id,
      periodKey: 'final',
      kind: 'final',
      content: '任务全部完成，成果已归档',
      progress: 100,
    }),
  );
  await as(baseURL, 'shr01', (u) =>
    u.post(`${W}/targetTaskSituation/auditTargetTask`, { id: report.id, version: 1, result: 'pass' }),
  );
  return id;
}

/** The figures the summary-analysis page shows, computed from the server's status distribution. */
export async function serverFigures(baseURL: string, userId: string, query: string) {
  return as(baseURL, userId, async (u) => {
    const s = await u.get<{ list: { rwzt: string; count: number }[] }>(
      `${W}/targetTaskSummaryAnalysis/taskStatusAnalysis?${query}`,
    );
    const sum = (pick: (r: string) => boolean) => s.list.filter((r) => pick(r.rwzt)).reduce((a, r) => a + r.count, 0);
    const all = sum(() => true);
    const issued = sum((r) => r !== 'notPushed');
    const finished = sum((r) => r === 'hasDone' || r === 'delayDone');
    return { all, issued, finished, unfinished: issued - finished, byStatus: s.list };
  });
}
