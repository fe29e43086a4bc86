import {
  PORTRAIT_KINDS,
  type PortraitCard,
  type PortraitKind,
  type PortraitRadar,
  type PortraitTrend,
  type PortrayalAuth,
  PORTRAIT_TEXT as T,
} from '@zg/contract';
import type { CategoryData, RadarData } from '../../components/charts';

/** Pure logic of the portrait page: where a user lands, the URL of an object, the charts' data, a card's text. */

export interface PortraitAt {
  kind: PortraitKind;
  code?: string;
}

const KIND_SET = new Set<string>(PORTRAIT_KINDS);

/** The object the URL names (?kind=&code=), or null for the landing. */
export function parseAt(params: URLSearchParams): PortraitAt | null {
  const kind = params.get('kind');
  const code = params.get('code')?.trim() || undefined;
  if (!kind || !KIND_SET.has(kind)) return null;
  if (kind !== 'school' && !code) return null;
  return { kind: kind as PortraitKind, code };
}

/** The search of an object's URL. */
export const searchOf = (at: PortraitAt) =>
  at.code ? `?kind=${at.kind}&code=${encodeURIComponent(at.code)}` : `?kind=${at.kind}`;

/** Where a user lands: the school for who sees everything, else their first granted object; null with none. */
export function landing(auth: PortrayalAuth): PortraitAt | null {
  if (auth.all) return { kind: 'school' };
  const root = auth.roots[0];
  return root ? { kind: root.kind, code: root.code } : null;
}

/** A card's value as shown: the number with its unit, 暂无数据 without one. */
export function cardText(card: Pick<PortraitCard, 'value' | 'unit'>): { value: string; unit: string } {
  if (card.value === null) return { value: T.noData, unit: '' };
  const v = Number.isInteger(card.value) ? card.value.toLocaleString('zh-CN') : card.value.toFixed(2);
  return { value: v, unit: card.unit };
}

/** The radar's data: one axis per first-level item, scores out of 100. */
export function radarData(radar: PortraitRadar | null, name: string): RadarData {
  if (!radar) return { indicators: [], series: [] };
  return {
    indicators: radar.axes.map((a) => ({ name: a.name, max: 100 })),
    series: [{ name, data: radar.axes.map((a) => a.score) }],
  };
}

/** One figure's line over the academic years. */
export function trendData(trend: PortraitTrend, key: string | undefined): CategoryData {
  const series = trend.series.find((s) => s.key === key) ?? trend.series[0];
  if (!series) return { categories: [], series: [] };
  return {
    categories: trend.years.map((y) => `${y}-${y + 1}`),
    series: [{ name: series.unit ? `${series.name}（${series.unit}）` : series.name, data: series.data }],
  };
}

/** The kind a table's row opens, by the column that names it. */
export function rowTarget(row: Record<string, unknown>): PortraitAt | null {
  if (row.学号) return { kind: 'student', code: String(row.学号) };
  if (row.班级代码) return { kind: 'class', code: String(row.班级代码) };
  if (row.工号) return { kind: 'teacher', code: String(row.工号) };
  return null;
}
