import {
  type DevelopDepartmentYear,
  type DevelopOverview,
  type DevelopQcp,
  type ProgressFigures,
  TASK_STATUS,
  type TaskStatus,
} from '@zg/contract';
import type { DevelopmentRead } from '../target-task';

/** Figures of some groups of last-level tasks: their sums, and the average progress to one decimal. */
export function progressOf(
  groups: readonly { total: number; completed: number; progressSum: number }[],
): ProgressFigures {
  const total = groups.reduce((a, g) => a + g.total, 0);
  const completed = groups.reduce((a, g) => a + g.completed, 0);
  const sum = groups.reduce((a, g) => a + g.progressSum, 0);
  return { total, completed, avgProgress: total ? Math.round((sum / total) * 10) / 10 : 0 };
}

/**
 * The page's data from target-task's read, the QCPs (with figures) by node id, the year range and the department
 * filter: every year of the range (an empty one too), its targets with their tasks' figures, each top-level task with
 * the QCPs it serves; the figures per department and year; the departments to filter by (all of the range's).
 * A target none of whose tasks belongs to the filtered department is left out of that view.
 */
export function assembleOverview(
  read: DevelopmentRead,
  qcps: ReadonlyMap<number, DevelopQcp>,
  range: { startYear: number; endYear: number; bmid?: string },
): DevelopOverview {
  const pick = <T extends { bmid: string | null }>(rows: readonly T[]) =>
    range.bmid ? rows.filter((r) => (r.bmid ?? '') === range.bmid) : rows;
  const leaves = pick(read.leaves);
  const tasks = pick(read.tasks);
  const yearOf = new Map(read.targets.map((t) => [t.id, t.year]));
  const qcpsOf = new Map<number, DevelopQcp[]>();
  for (const l of read.links) {
    const q = qcps.get(l.nodeId);
    if (q) qcpsOf.set(l.taskId, [...(qcpsOf.get(l.taskId) ?? []), q]);
  }
  const years: DevelopOverview['years'] = [];
  for (let year = range.startYear; year <= range.endYear; year++) {
    const targets = read.targets
      .filter((t) => t.year === year)
      .map((t) => ({
        id: t.id,
        name: t.name,
        bmmc: t.bmmc,
        ...progressOf(leaves.filter((l) => l.yearTargetId === t.id)),
        tasks: tasks
          .filter((k) => k.yearTargetId === t.id)
          .map((k) => ({
            id: k.id,
            rwmc: k.rwmc,
            bmid: k.bmid,
            bmmc: k.bmmc,
            rwzt: k.rwzt,
            rwztmc: TASK_STATUS[k.rwzt as TaskStatus] ?? k.rwzt,
            rwjd: k.rwjd,
            qcps: qcpsOf.get(k.id) ?? [],
          })),
      }))
      .filter((t) => !range.bmid || t.total > 0 || t.tasks.length > 0);
    const ids = new Set(read.targets.filter((t) => t.year === year).map((t) => t.id));
    years.push({ year, ...progressOf(leaves.filter((l) => ids.has(l.yearTargetId))), targets });
  }
  const byKey = new Map<string, { year: number; bmid: string; bmmc: string; groups: (typeof leaves)[number][] }>();
  for (const l of leaves) {
    const year = yearOf.get(l.yearTargetId);
    if (year === undefined) continue;
    const key = `${year}|${l.bmid}`;
    const e = byKey.get(key) ?? { year, bmid: l.bmid, bmmc: l.bmmc, groups: [] };
    e.groups.push(l);
    byKey.set(key, e);
  }
  const byDepartment: DevelopDepartmentYear[] = [...byKey.values()]
    .map((e) => ({ year: e.year, bmid: e.bmid, bmmc: e.bmmc, ...progressOf(e.groups) }))
    .sort((a, b) => a.year - b.year || a.bmmc.localeCompare(b.bmmc, 'zh-CN'));
  const departments = new Map<string, string>();
  for (const l of read.leaves) departments.set(l.bmid, l.bmmc);
  for (const t of read.tasks) if (t.bmid) departments.set(t.bmid, t.bmmc ?? t.bmid);
  return {
    years,
    byDepartment,
    departments: [...departments]
      .map(([bmid, bmmc]) => ({ bmid, bmmc }))
      .sort((a, b) => a.bmmc.localeCompare(b.bmmc, 'zh-CN')),
  };
}
