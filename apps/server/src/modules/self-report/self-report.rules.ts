import {
  SELF_REPORT_MSG as M,
  QUALITY_WARNING_KIND_NAMES,
  type SelfReportChange,
  type SelfReportNameValue,
  type SelfReportOverview,
} from '@zg/contract';

/**
 * The figures of a self-diagnosis report (spec-2 §3 overview items 1-3), pure: from the object task's rows (a row is
 * a 质控点 of the report: its result, grade and flags) and its warnings per row. Percentages have two decimals; a
 * share of nothing is 0.
 */

export interface OverviewRow {
  name: string;
  /** Level names, dimension first, the row's own node last. */
  levels: readonly string[];
  /** The result the row is judged on (revised first); null: not yet measured. */
  jgz: string | null;
  jgdj: string | null;
  dis: boolean;
  unfin: boolean;
}

export interface OverviewWarnings {
  name: string;
  process: number;
  expired: number;
  disposed: number;
}

export const GRADES = ['A', 'B', 'C', 'D'] as const;

/** a / b as a percentage with two decimals; 0 when b is 0. */
export const pct = (a: number, b: number) => (b ? Math.round((a * 10000) / b) / 100 : 0);

const nv = (name: string, value: number, of: number): SelfReportNameValue => ({ name, value, zb: pct(value, of) });

/** The second-level indicator of a row: its ancestor after the dimension (none when the row is that level itself). */
export const secondLevelOf = (levels: readonly string[]) => (levels.length > 2 ? levels[1]! : null);

const distinct = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => x !== null))];

export function overviewOf(rows: readonly OverviewRow[], warnings: readonly OverviewWarnings[]): SelfReportOverview {
  const total = rows.length;
  const measured = rows.filter((r) => r.jgz !== null);
  const below = rows.filter((r) => r.dis);
  const reached = measured.filter((r) => !r.dis).length;
  const unfinished = rows.filter((r) => r.unfin);
  const done = measured.filter((r) => !r.unfin).length;
  const noResult = total - measured.length;
  const graded = rows.filter((r) => (GRADES as readonly (string | null)[]).includes(r.jgdj));

  const process = warnings.reduce((n, w) => n + w.process, 0);
  const expired = warnings.reduce((n, w) => n + w.expired, 0);
  const yjcs = process + expired;
  const disposed = warnings.reduce((n, w) => n + w.disposed, 0);
  const warned = warnings.filter((w) => w.process + w.expired > 0);
  return {
    item1: {
      zkdzsl: total,
      zkddbqkList: [
        nv(M.grade.reached, reached, total),
        nv(M.grade.below, below.length, total),
        nv(M.grade.noResult, noResult, total),
      ],
      zkdhglList: [
        nv(M.grade.reached, reached, reached + below.length),
        nv(M.grade.below, below.length, reached + below.length),
      ],
      zgQualitiesRankList: GRADES.map((g) => nv(g, graded.filter((r) => r.jgdj === g).length, graded.length)),
      wdbzkdsl: below.length,
      wdbzkdmcs: below.map((r) => r.name),
      wdbzkdejzbs: distinct(below.map((r) => secondLevelOf(r.levels))),
    },
    item2: {
      wcl: pct(done, total),
      zkdwcqkList: [
        nv(M.grade.done, done, total),
        nv(M.grade.undone, unfinished.length, total),
        nv(M.grade.noResult, noResult, total),
      ],
      wwczkdsl: unfinished.length,
      wwczkdmcs: unfinished.map((r) => r.name),
      wwczkdejzbs: distinct(unfinished.map((r) => secondLevelOf(r.levels))),
    },
    item3: {
      yjcs,
      yjcll: pct(disposed, yjcs),
      yjqkList: [
        nv(QUALITY_WARNING_KIND_NAMES.process, process, yjcs),
        nv(QUALITY_WARNING_KIND_NAMES.expired, expired, yjcs),
      ],
      zkdmcs: warned.map((w) => w.name),
      zkdyjcs: warned.map((w) => nv(w.name, w.process + w.expired, yjcs)),
    },
  };
}

/** The figures compared between a submitted report and today's data, labelled. */
function figuresOf(o: SelfReportOverview): [string, string, number][] {
  const kind = (name: string) => o.item3.yjqkList.find((x) => x.name === name)?.value ?? 0;
  return [
    ['zkdzsl', M.figures.zkdzsl, o.item1.zkdzsl],
    ['wdbzkdsl', M.figures.wdbzkdsl, o.item1.wdbzkdsl],
    ...o.item1.zgQualitiesRankList.map((g): [string, string, number] => [
      `grade${g.name}`,
      `${g.name} 等级数`,
      g.value,
    ]),
    ['wwczkdsl', M.figures.wwczkdsl, o.item2.wwczkdsl],
    ['wcl', M.figures.wcl, o.item2.wcl],
    ['yjcs', M.figures.yjcs, o.item3.yjcs],
    ['process', M.figures.process, kind(QUALITY_WARNING_KIND_NAMES.process)],
    ['expired', M.figures.expired, kind(QUALITY_WARNING_KIND_NAMES.expired)],
    ['yjcll', M.figures.yjcll, o.item3.yjcll],
  ];
}

/** Where today's figures differ from the submitted ones (the names of below-standard rows included). */
export function changesBetween(submitted: SelfReportOverview, today: SelfReportOverview): SelfReportChange[] {
  const now = new Map(figuresOf(today).map(([field, , v]) => [field, v]));
  const out: SelfReportChange[] = [];
  for (const [field, label, v] of figuresOf(submitted)) {
    const t = now.get(field) ?? 0;
    if (t !== v) out.push({ field, label, submitted: String(v), today: String(t) });
  }
  const names = (xs: string[]) => xs.join('、');
  if (names(submitted.item1.wdbzkdmcs) !== names(today.item1.wdbzkdmcs))
    out.push({
      field: 'wdbzkdmcs',
      label: M.figures.wdbzkdmcs,
      submitted: names(submitted.item1.wdbzkdmcs) || '—',
      today: names(today.item1.wdbzkdmcs) || '—',
    });
  return out;
}
