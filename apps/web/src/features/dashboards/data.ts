import { DASHBOARD_TEXT as D, TASK_STATUS, TASK_TYPE, type TaskStatus } from '@zg/contract';
import type { CategoryData, RadarData } from '../../components/charts';

export interface StatusCount {
  rwzt: string;
  rwztmc: string;
  count: number;
}

const FINISHED: readonly string[] = ['hasDone', 'delayDone'];
const GROUPS: { name: string; statuses: readonly TaskStatus[] }[] = [
  { name: D.waiting, statuses: ['waitAccept', 'waitResolve', 'goBack', 'waitDefine'] },
  { name: D.inProgress, statuses: ['executeing'] },
  { name: D.overdue, statuses: ['delayNotDone'] },
  { name: D.finished, statuses: ['hasDone', 'delayDone'] },
];

const countOf = (list: StatusCount[], statuses: readonly string[]) =>
  list.filter((s) => statuses.includes(s.rwzt)).reduce((a, s) => a + s.count, 0);

/** Finished (on time or late) and issued (everything but 未下发) tasks, as the summary analysis counts them. */
export function finishOf(list: StatusCount[]): { finished: number; issued: number } {
  const issued = list.filter((s) => s.rwzt !== 'notPushed').reduce((a, s) => a + s.count, 0);
  return { finished: countOf(list, FINISHED), issued };
}

/** Finish rate in percent, two decimals; 0 without issued tasks. */
export function finishRate(list: StatusCount[]): number {
  const { finished, issued } = finishOf(list);
  return issued ? Math.round((finished / issued) * 10000) / 100 : 0;
}

/** One bar per issued state. */
export function statusBars(list: StatusCount[]): CategoryData {
  const shown = list.filter((s) => s.rwzt !== 'notPushed');
  if (shown.every((s) => s.count === 0)) return { categories: [], series: [] };
  return {
    categories: shown.map((s) => s.rwztmc || TASK_STATUS[s.rwzt as TaskStatus] || s.rwzt),
    series: [{ name: D.taskCount, data: shown.map((s) => s.count) }],
  };
}

/** Per year, the tasks waiting, in progress, overdue and finished, stacked. */
export function statusTrend(years: { year: number; list: StatusCount[] }[]): CategoryData {
  if (years.every((y) => finishOf(y.list).issued === 0)) return { categories: [], series: [] };
  return {
    categories: years.map((y) => String(y.year)),
    series: GROUPS.map((g) => ({ name: g.name, data: years.map((y) => countOf(y.list, g.statuses)) })),
  };
}

/** Per year, the finish rate. */
export function finishTrend(years: { year: number; list: StatusCount[] }[]): CategoryData {
  if (years.every((y) => finishOf(y.list).issued === 0)) return { categories: [], series: [] };
  return {
    categories: years.map((y) => String(y.year)),
    series: [{ name: D.finishRate, data: years.map((y) => finishRate(y.list)) }],
  };
}

/** The finish rate of each task type, on a 0-100 radar. */
export function typeRadar(types: { rwlx: string; list: StatusCount[] }[]): RadarData {
  if (types.every((t) => finishOf(t.list).issued === 0)) return { indicators: [], series: [] };
  return {
    indicators: types.map((t) => ({ name: TASK_TYPE.find((x) => x.code === t.rwlx)?.name ?? t.rwlx, max: 100 })),
    series: [{ name: D.finishRate, data: types.map((t) => finishRate(t.list)) }],
  };
}

/** The five years up to `year`. */
export function lastFiveYears(year: number): number[] {
  return [year - 4, year - 3, year - 2, year - 1, year];
}
