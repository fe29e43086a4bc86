import { type SelfReportSummary, SUMMARY_TOP_QCPS, type SummaryObject } from '@zg/contract';
import { GRADES, pct } from './self-report.rules';

/**
 * 全校汇总报告's figures, pure: from every object of a diagnosis task with its rows (a row is a 质控点: its grade and
 * whether it is below standard), the objects ranked by attainment (达标率 of the rows judged: 达标 and 未达标; ties share
 * a rank, then fewer below first, then name), the rows' grade distribution (A-D), and the QCPs below standard in the
 * most objects (ties by name).
 */

export interface SummaryRow {
  name: string;
  jgdj: string | null;
  /** Below standard (未达标). */
  dis: boolean;
  /** Measured (has a result): a row without one is neither reached nor below. */
  measured: boolean;
}

export interface SummaryInput {
  name: string;
  chargerName: string | null;
  rows: readonly SummaryRow[];
}

export function summaryOf(
  task: { id: number; name: string },
  objects: readonly SummaryInput[],
  generatedAt: string,
): SelfReportSummary {
  const figures = objects.map((o) => {
    const below = o.rows.filter((r) => r.dis).length;
    const reached = o.rows.filter((r) => r.measured && !r.dis).length;
    const grades = Object.fromEntries(GRADES.map((g) => [g, o.rows.filter((r) => r.jgdj === g).length]));
    return {
      dxmc: o.name,
      fzrmc: o.chargerName,
      zkdsl: o.rows.length,
      dbsl: reached,
      wdbsl: below,
      dbl: pct(reached, reached + below),
      grades,
    };
  });
  figures.sort((a, b) => b.dbl - a.dbl || a.wdbsl - b.wdbsl || a.dxmc.localeCompare(b.dxmc, 'zh-CN'));
  const ranked: SummaryObject[] = [];
  figures.forEach((f, i) => {
    const prev = ranked[i - 1];
    ranked.push({ pm: prev && prev.dbl === f.dbl ? prev.pm : i + 1, ...f });
  });

  const allRows = objects.flatMap((o) => o.rows);
  const graded = allRows.filter((r) => (GRADES as readonly (string | null)[]).includes(r.jgdj)).length;
  const gradeDistribution = GRADES.map((g) => {
    const value = allRows.filter((r) => r.jgdj === g).length;
    return { name: g, value, zb: pct(value, graded) };
  });

  const belowIn = new Map<string, number>();
  for (const o of objects)
    for (const name of new Set(o.rows.filter((r) => r.dis).map((r) => r.name)))
      belowIn.set(name, (belowIn.get(name) ?? 0) + 1);
  const frequentBelow = [...belowIn]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'zh-CN'))
    .slice(0, SUMMARY_TOP_QCPS)
    .map(([name, value]) => ({ name, value, zb: pct(value, objects.length) }));

  return {
    rwid: task.id,
    rwmc: task.name,
    dxsl: objects.length,
    zkdsl: allRows.length,
    scsj: generatedAt,
    objects: ranked,
    gradeDistribution,
    frequentBelow,
  };
}
