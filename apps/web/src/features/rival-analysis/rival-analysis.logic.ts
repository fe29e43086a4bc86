import {
  DOUBLE_HIGH_KINDS,
  type DoubleSchool,
  RIVAL_INDICATORS,
  type RivalAvg,
  type RivalOverview,
  type RivalRank,
  type RivalTrend,
  rivalIndicator,
  RIVAL_TEXT as T,
} from '@zg/contract';

/** Pure logic of 对标分析 / 双高对比: the charts' data from the answers (no React, no fetch). */

interface CategoryData {
  categories: string[];
  series: { name: string; data: (number | null)[] }[];
}

/** An indicator's name with its unit: 就业率(%)。 */
export function indicatorLabel(code: string) {
  const ind = rivalIndicator(code);
  if (!ind) return code;
  return ind.unit ? `${ind.name}(${ind.unit})` : ind.name;
}

/** A figure as shown: two decimals at most, a % suffix for rates, — for none. */
export function showValue(code: string, v: number | null | undefined) {
  if (v === null || v === undefined) return '—';
  const n = Number.isInteger(v) ? String(v) : v.toFixed(2);
  return rivalIndicator(code)?.unit === '%' ? `${n}%` : n;
}

/** A school's name in a chart, 本校 marked. */
export const schoolLabel = (s: { schoolName: string; own: boolean }) =>
  s.own ? `${s.schoolName}（${T.ownSchool}）` : s.schoolName;

export function trendData(t: RivalTrend): CategoryData {
  return {
    categories: t.years.map(String),
    series: t.series.map((s) => ({ name: schoolLabel(s), data: s.values })),
  };
}

export function rankData(r: RivalRank): CategoryData {
  const ranked = r.list.filter((x) => x.value !== null);
  return {
    categories: ranked.map((x) => `${x.rank}. ${x.schoolName}`),
    series: [{ name: indicatorLabel(r.indicator), data: ranked.map((x) => x.value) }],
  };
}

export function averageData(a: RivalAvg): CategoryData {
  // Rates only: their scale is shared (money and ratios would flatten the bars).
  const rates = a.list.filter((r) => rivalIndicator(r.indicator)?.unit === '%');
  return {
    categories: rates.map((r) => rivalIndicator(r.indicator)?.name ?? r.indicator),
    series: [
      { name: T.ownSchool, data: rates.map((r) => r.own) },
      { name: T.avgCol, data: rates.map((r) => r.avg) },
    ],
  };
}

/**
 * Two schools on a radar: each axis an indicator scaled to 100 for the better of the two (for 生师比, lower is better,
 * so the axis shows the smaller one's value as 100). Axes neither school has are left out.
 */
export function sideBySideRadar(rows: RivalOverview['rows']) {
  const axes = RIVAL_INDICATORS.filter((ind) => rows.some((r) => r.values[ind.code] != null));
  return {
    indicators: axes.map((ind) => ({ name: ind.name, max: 100 })),
    series: rows.map((r) => ({
      name: schoolLabel(r),
      data: axes.map((ind) => {
        const v = r.values[ind.code];
        const all = rows.map((x) => x.values[ind.code]).filter((x): x is number => x != null);
        if (v == null || all.length === 0) return null;
        if (ind.higher) {
          const best = Math.max(...all);
          return best > 0 ? Math.round((v / best) * 100) : 0;
        }
        const best = Math.min(...all);
        return v > 0 ? Math.round((best / v) * 100) : 100;
      }),
    })),
  };
}

/** A group's name: 高水平学校A档, 双高院校整体. */
export function groupLabel(g: DoubleSchool['groups'][number]) {
  if (g.kind === 'all') return T.groupAll;
  return `${DOUBLE_HIGH_KINDS[g.kind]}${T.gradeOf(g.grade ?? '')}`;
}

/** One indicator: 本校 beside each double-high group's average. */
export function doubleData(d: DoubleSchool, indicator: string): CategoryData {
  const row = d.list.find((r) => r.indicator === indicator);
  return {
    categories: [T.ownSchool, ...d.groups.map(groupLabel)],
    series: [
      {
        name: indicatorLabel(indicator),
        data: [row?.own ?? null, ...d.groups.map((g) => row?.averages[g.key] ?? null)],
      },
    ],
  };
}
