import { CORRELATION_MIN_POINTS, CORRELATION_NAMES, type CorrelationKind, type ResultGrade } from '@zg/contract';

/** 指标分析's pure rules: Pearson's r and its reading, the move of a grade, the level path of a row. */

/**
 * Pearson's product-moment correlation of paired values: null with fewer than CORRELATION_MIN_POINTS pairs or when
 * either side does not vary (r is undefined then). Computed on deviations from the means (numerically stable).
 */
export function pearson(points: readonly { x: number; y: number }[]): number | null {
  const n = points.length;
  if (n < CORRELATION_MIN_POINTS) return null;
  let mx = 0;
  let my = 0;
  for (const p of points) {
    mx += p.x;
    my += p.y;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const p of points) {
    const dx = p.x - mx;
    const dy = p.y - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** The kind of a correlation: |r| ≥ 0.8 strong, ≥ 0.5 moderate, ≥ 0.3 weak, else none; no r: too few points. */
export function correlationKind(r: number | null): CorrelationKind {
  if (r === null) return 'insufficient';
  const a = Math.abs(r);
  if (a < 0.3) return 'none';
  const pos = r > 0;
  if (a >= 0.8) return pos ? 'strongPositive' : 'strongNegative';
  if (a >= 0.5) return pos ? 'positive' : 'negative';
  return pos ? 'weakPositive' : 'weakNegative';
}

/** The reading in Chinese: the kind with r and n (e.g. 强正相关（r = 0.912，n = 40）). */
export function correlationReading(r: number | null, n: number): string {
  const kind = correlationKind(r);
  if (r === null)
    return `${CORRELATION_NAMES[kind]}（n = ${n}，至少需要 ${CORRELATION_MIN_POINTS} 个且取值不全相同的样本）`;
  return `${CORRELATION_NAMES[kind]}（r = ${r.toFixed(3)}，n = ${n}）`;
}

const ORDER: Record<ResultGrade, number> = { A: 0, B: 1, C: 2, D: 3, Y: 0, N: 1 };

/** How a grade moved from last round: up (better), down (worse), same; null when either is missing. */
export function gradeMove(last: ResultGrade | null, now: ResultGrade | null): 'up' | 'down' | 'same' | null {
  if (last === null || now === null) return null;
  const d = ORDER[now] - ORDER[last];
  return d < 0 ? 'up' : d > 0 ? 'down' : 'same';
}

/** The row's ancestors' names (its level columns but its own). */
export const levelPath = (levels: readonly { name: string }[]) =>
  levels
    .slice(0, -1)
    .map((l) => l.name)
    .join(' / ');

/** A stored number as text to a number (null for anything else). */
export function numberOf(v: string | null): number | null {
  if (v === null || !/^-?\d+(\.\d+)?$/.test(v.trim())) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}
