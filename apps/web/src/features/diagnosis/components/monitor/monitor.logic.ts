import { DIAGNOSIS_LIMITS, type QualityRow, QUALITY_VIEW_TEXT as T, QUALITY_VIEW_MSG as V } from '@zg/contract';
import { levelSpans } from '../../diagnosis.logic';

/**
 * The pure logic of the monitoring views (issue 31): the level columns of the monitoring table and their merged
 * cells, the highlight of a row, the 500-character rule of 分析与改进, the sampling trend's points.
 */

/** The title of level column `i` (0-based): 维度, 质控点, then 三级指标, 四级指标 … (spec-2 §2.1). */
export function levelTitle(i: number): string {
  if (i === 0) return T.dimension;
  if (i === 1) return T.qcp;
  return T.levelN(i + 1);
}

/**
 * The level columns: a row's levels end with its own node (the name column shows it), so the columns are its
 * ancestors, as many as the deepest row has; each with the row spans of its merged cells.
 */
export function levelColumnsOf(rows: readonly Pick<QualityRow, 'levels'>[]) {
  const ancestors = rows.map((r) => ({ levels: r.levels.slice(0, -1) }));
  const width = ancestors.reduce((m, r) => Math.max(m, r.levels.length), 0);
  return Array.from({ length: width }, (_, level) => ({
    title: levelTitle(level),
    spans: levelSpans(ancestors, level),
    names: ancestors.map((r) => r.levels[level]?.name ?? null),
  }));
}

/** The highlight of a row: below standard wins over unfinished; none otherwise. */
export function rowHighlight(row: Pick<QualityRow, 'dis' | 'unfin'>): 'dis' | 'unfin' | null {
  if (row.dis) return 'dis';
  if (row.unfin) return 'unfin';
  return null;
}

export const highlightClass = (row: Pick<QualityRow, 'dis' | 'unfin'>) => {
  const h = rowHighlight(row);
  return h ? `zg-diagnosis-row--${h}` : '';
};

/** The target the table shows: the revised target if present, else the target, else null (a dash). */
export const monitorTarget = (row: Pick<QualityRow, 'mbz' | 'xzmbz'>) => row.xzmbz ?? row.mbz ?? null;

/** Characters as a person counts them (a character outside the BMP is one). */
export const charCount = (s: string) => [...s].length;

/** Cause analysis or measures: required, at most 500 characters (spec-2 §5); null when acceptable. */
export function analysisProblem(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  if (!t) return V.required;
  if (charCount(t) > DIAGNOSIS_LIMITS.textMax) return V.tooLong(DIAGNOSIS_LIMITS.textMax);
  return null;
}

/** The points of the value trend: a number per sample (have/whether 0/1, a level by its position); null if none. */
export function trendPoints(
  samples: readonly { sj: string; cjz: string | null }[],
  levelOptions: readonly string[] = [],
): { categories: string[]; values: (number | null)[] } {
  const values = samples.map((s) => {
    if (s.cjz === null || s.cjz === '') return null;
    const n = Number(s.cjz);
    if (Number.isFinite(n)) return n;
    const i = levelOptions.indexOf(s.cjz);
    return i >= 0 ? levelOptions.length - i : null;
  });
  return { categories: samples.map((s) => s.sj), values };
}
